import {
  CRM_IMPORT_PATHS,
  CUSTOMER_IMPORT_CHUNK,
  type CustomerImportOutcome,
  type CustomerImportResult,
  type CustomerImportRow,
  type FollowUpImportRow,
  type ImportTemplateInfo,
} from '@portal/contracts/crm';
import type { ImportPreview } from '@portal/contracts/imports';
import { get, post, upload } from '../../../platform/http';

/** The two CRM imports: customers, and follow-ups on customers found by code. */
export type ImportKind = 'customers' | 'followUps';
export type ImportRow = CustomerImportRow | FollowUpImportRow;
export const IMPORT_PATHS: Record<ImportKind, { template: string; preview: string; commit: string }> = {
  customers: CRM_IMPORT_PATHS,
  followUps: {
    template: CRM_IMPORT_PATHS.followUpTemplate,
    preview: CRM_IMPORT_PATHS.followUpPreview,
    commit: CRM_IMPORT_PATHS.followUpCommit,
  },
};

export const importApi = {
  preview: (kind: ImportKind, file: File) => upload<ImportPreview<ImportRow>>(IMPORT_PATHS[kind].preview, file),
  templates: () => get<ImportTemplateInfo[]>(CRM_IMPORT_PATHS.templates),
  /**
   * Saves the rows in chunks, one call each (every call check-repeat), reporting the share done
   * after each; answers every row's outcome.
   */
  async commit(
    kind: ImportKind,
    rows: ImportRow[],
    onProgress: (done: number) => void,
  ): Promise<CustomerImportOutcome[]> {
    const out: CustomerImportOutcome[] = [];
    for (let i = 0; i < rows.length; i += CUSTOMER_IMPORT_CHUNK) {
      const part = rows.slice(i, i + CUSTOMER_IMPORT_CHUNK);
      const res = await post<CustomerImportResult>(IMPORT_PATHS[kind].commit, { rows: part }, { checkRepeat: true });
      out.push(...res.outcomes);
      onProgress(Math.min(rows.length, i + part.length));
    }
    return out;
  },
};
