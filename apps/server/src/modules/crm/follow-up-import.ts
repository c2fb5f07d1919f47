import type { Locale } from '@portal/contracts';
import {
  CrmPerm,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerImportOutcome,
  customerResource,
  type FollowUpImportRow,
  followUpImportRow,
} from '@portal/contracts/crm';
import type { ImportIssue } from '@portal/contracts/imports';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { isEnabledDictValue } from '../../platform/dict/service.js';
import { followUpOn } from '../../platform/history/entries.js';
import { AppError } from '../../platform/http/errors.js';
import { defineImport } from '../../platform/imports/define.js';
import type { Platform } from '../../platform/platform.js';
import { recordHistoryOf } from '../../platform/resource/mount.js';
import { scopeWhere } from '../../platform/resource/query.js';
import { customers } from './customers.js';
import { crmCustomers } from './schema.js';

const TYPE_DICT = customerResource.history.followUp.dict;

/** "2026-12-01" or "2026-12-01 09:30" (server time zone) → ISO time; anything else is refused. */
function parseWhen(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text);
  const at = m ? new Date(`${m[1]}T${(m[2] ?? '09').padStart(2, '0')}:${m[3] ?? '00'}:00`) : null;
  if (!at || Number.isNaN(at.getTime())) throw new AppError('IMPORT_CELL_FORMAT');
  return at.toISOString();
}

/** The follow-up import: one follow-up a row on a customer found by its code. */
export const followUpImport = defineImport({
  key: 'follow-ups',
  perm: CrmPerm.CUSTOMER_IMPORT,
  columns: [
    { key: 'customerCode', aliases: ['客户编号', 'Customer code'], required: true, width: 14 },
    { key: 'type', aliases: ['跟进方式', 'Follow-up type'], required: true, width: 12, note: 'call, visit, mail, im' },
    { key: 'content', aliases: ['跟进内容', 'Content'], required: true, width: 48 },
    {
      key: 'nextAt',
      aliases: ['下次跟进时间', 'Next contact'],
      width: 18,
      note: 'YYYY-MM-DD or YYYY-MM-DD HH:mm',
      parse: parseWhen,
    },
  ],
  rowSchema: followUpImportRow,
  maxRows: CUSTOMER_IMPORT_MAX_ROWS,
  examples: [
    { customerCode: 'CD000001', type: 'call', content: 'Discussed OTP volumes for Q1', nextAt: '2026-12-01 10:00' },
  ],
  prepare: (raw, row) => ({ ...raw, row }),
  // saved row by row by saveFollowUpRows, not in one transaction
  commit: async () => null,
});

/** The customer a row names, within the caller's data scope, or the refusal. */
async function customerOf(db: DbOrTx, auth: AuthContext, code: string): Promise<number> {
  const [row] = await db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.code, code.toUpperCase()), scopeWhere(customers, auth)));
  if (!row) throw new AppError('CRM_IMPORT_CUSTOMER_UNKNOWN', { vars: { value: code } });
  return row.id;
}

async function refusal(db: DbOrTx, auth: AuthContext, row: FollowUpImportRow): Promise<AppError | null> {
  try {
    await customerOf(db, auth, row.customerCode);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  if (!(await isEnabledDictValue(db, TYPE_DICT, row.type)))
    return new AppError('HISTORY_FOLLOW_UP_TYPE_UNKNOWN', { vars: { value: row.type } });
  return null;
}

/** The preview's rows after the checks against the data: unknown customers and types move to the issues. */
export async function screenFollowUps(db: DbOrTx, auth: AuthContext, rows: FollowUpImportRow[], locale: Locale) {
  const good: FollowUpImportRow[] = [];
  const errors: ImportIssue[] = [];
  for (const row of rows) {
    const why = await refusal(db, auth, row);
    if (why) errors.push({ row: row.row, field: '', code: why.def.code, message: why.message_(locale) });
    else good.push(row);
  }
  return { rows: good, errors };
}

/** Records each row as a follow-up on its customer (last / next contact move), one transaction each. */
export async function saveFollowUpRows(
  p: Platform,
  auth: AuthContext,
  rows: FollowUpImportRow[],
  locale: Locale,
): Promise<CustomerImportOutcome[]> {
  const history = recordHistoryOf(customers);
  const out: CustomerImportOutcome[] = [];
  for (const row of rows) {
    try {
      const id = await customerOf(p.db, auth, row.customerCode);
      const done = await followUpOn(p, history, auth, id, {
        type: row.type,
        content: row.content,
        nextAt: row.nextAt ?? null,
        fileIds: [],
        contacts: [],
      });
      out.push({
        row: row.row,
        ok: true,
        id: done.id,
        customerCode: row.customerCode.toUpperCase(),
        code: 0,
        message: '',
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({
        row: row.row,
        ok: false,
        id: null,
        customerCode: null,
        code: err.def.code,
        message: err.message_(locale),
      });
    }
  }
  return out;
}
