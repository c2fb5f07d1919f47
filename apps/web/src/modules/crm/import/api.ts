import {
  CRM_IMPORT_PATHS,
  CUSTOMER_IMPORT_CHUNK,
  type CustomerImportOutcome,
  type CustomerImportResult,
  type CustomerImportRow,
  type ImportTemplateInfo,
} from '@portal/contracts/crm';
import type { ImportPreview } from '@portal/contracts/imports';
import { get, post, upload } from '../../../platform/http';

export const importApi = {
  preview: (file: File) => upload<ImportPreview<CustomerImportRow>>(CRM_IMPORT_PATHS.preview, file),
  templates: () => get<ImportTemplateInfo[]>(CRM_IMPORT_PATHS.templates),
  /**
   * Saves the rows in chunks, one call each (every call check-repeat), reporting the share done
   * after each; answers every row's outcome.
   */
  async commit(rows: CustomerImportRow[], onProgress: (done: number) => void): Promise<CustomerImportOutcome[]> {
    const out: CustomerImportOutcome[] = [];
    for (let i = 0; i < rows.length; i += CUSTOMER_IMPORT_CHUNK) {
      const part = rows.slice(i, i + CUSTOMER_IMPORT_CHUNK);
      const res = await post<CustomerImportResult>(CRM_IMPORT_PATHS.commit, { rows: part }, { checkRepeat: true });
      out.push(...res.outcomes);
      onProgress(Math.min(rows.length, i + part.length));
    }
    return out;
  },
};
