import type { Locale } from '@portal/contracts';
import {
  blocksCreation,
  CrmPerm,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerImportOutcome,
  type CustomerImportRow,
  customerImportRow,
  customerResource,
  type DuplicateReason,
} from '@portal/contracts/crm';
import type { ImportIssue } from '@portal/contracts/imports';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';
import { defineImport, fieldColumns, type ImportColumn, splitList } from '../../platform/imports/define.js';
import type { Platform } from '../../platform/platform.js';
import { createRecord } from '../../platform/resource/write.js';
import { customers } from './customers.js';
import { companyDomains, findDuplicates } from './duplicates.js';
import { crmCustomers } from './schema.js';

const f = customerResource.fields;
const column = fieldColumns(f);

/** The columns of the customer import: the create form's fields (agent and owner are not imported). */
export const customerImportColumns: readonly ImportColumn[] = [
  column('name', { required: true, width: 28 }),
  column('alias', { required: true, width: 16, note: 'letters, digits, - and _' }),
  column('type', {
    required: true,
    width: 10,
    note: 'C = C-end direct, R = R-end reseller',
    parse: (t) => t.toUpperCase(),
  }),
  column('country', {
    required: true,
    width: 10,
    note: 'ISO 3166-1 code: CN, US, BR …',
    parse: (t) => t.toUpperCase(),
  }),
  column('industry', { width: 14, note: 'a value of the dictionary crm.industry' }),
  column('level', { width: 10, note: 'A, B, C or D', parse: (t) => t.toUpperCase() }),
  column('source', { width: 14, note: 'a value of the dictionary crm.customer_source' }),
  column('emailDomains', {
    width: 24,
    note: 'company domains, comma separated; free-mail domains are refused',
    parse: splitList,
  }),
  column('phone', { width: 18, note: '+country code and number', parse: (t) => t.replace(/[\s()-]/g, '') }),
  column('address', { width: 32 }),
];

/** The customer import: template and preview through the platform import service; rows saved one by one. */
export const customerImport = defineImport({
  key: 'customers',
  perm: CrmPerm.CUSTOMER_IMPORT,
  columns: customerImportColumns,
  rowSchema: customerImportRow,
  unique: 'alias',
  maxRows: CUSTOMER_IMPORT_MAX_ROWS,
  examples: [
    {
      name: 'Andes Retail S.A.',
      alias: 'andes-retail',
      type: 'C',
      country: 'PE',
      industry: 'ecommerce',
      level: 'B',
      source: 'exhibition',
      emailDomains: 'andesretail.pe',
      phone: '+5114161234',
      address: 'Av. Larco 123, Lima',
    },
  ],
  prepare: (raw, row) => ({ ...raw, row }),
  // rows are saved by saveImportedRows (one transaction per row), not in one transaction
  commit: async () => null,
});

const REASON_ERROR: Record<
  DuplicateReason,
  'CRM_IMPORT_SAME_ALIAS' | 'CRM_IMPORT_SIMILAR_NAME' | 'CRM_IMPORT_SAME_DOMAIN' | 'CRM_IMPORT_SAME_PHONE'
> = {
  alias: 'CRM_IMPORT_SAME_ALIAS',
  name: 'CRM_IMPORT_SIMILAR_NAME',
  domain: 'CRM_IMPORT_SAME_DOMAIN',
  phone: 'CRM_IMPORT_SAME_PHONE',
};

/**
 * Why a row cannot become a customer, or null: an unknown dictionary value, a free-mail domain, or
 * a match of the duplicate check (a blacklisted match first, since it is the firmer refusal).
 */
export async function rowRefusal(db: DbOrTx, row: CustomerImportRow): Promise<AppError | null> {
  try {
    await checkDictValues(db, f, row, 'CRM_DICT_VALUE_UNKNOWN');
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  const domains = row.emailDomains ?? [];
  const company = new Set(await companyDomains(db, domains));
  const free = domains.find((d) => !company.has(d.toLowerCase()));
  if (free) return new AppError('CRM_FREE_MAIL_DOMAIN', { vars: { value: free } });
  const { matches } = await findDuplicates(db, {
    name: row.name,
    alias: row.alias,
    emailDomains: domains,
    phones: row.phone ? [row.phone] : [],
  });
  const match = matches.find(blocksCreation) ?? matches[0];
  if (!match) return null;
  const value = `${match.code} ${match.name}`;
  return blocksCreation(match)
    ? new AppError('CRM_IMPORT_BLACKLISTED', { vars: { value } })
    : new AppError(REASON_ERROR[match.reason], { vars: { value } });
}

/** The preview's rows after the duplicate check: refused rows move to the issues with their reason. */
export async function screenPreview(
  db: DbOrTx,
  rows: CustomerImportRow[],
  locale: Locale,
): Promise<{ rows: CustomerImportRow[]; errors: ImportIssue[] }> {
  const good: CustomerImportRow[] = [];
  const errors: ImportIssue[] = [];
  for (const row of rows) {
    const refusal = await rowRefusal(db, row);
    if (refusal) errors.push({ row: row.row, field: '', code: refusal.def.code, message: refusal.message_(locale) });
    else good.push(row);
  }
  return { rows: good, errors };
}

/**
 * Saves rows one by one through the customer resource (its create checks, history and live event),
 * each in its own transaction: a refused row is reported and the others still saved.
 */
export async function saveImportedRows(
  p: Platform,
  auth: AuthContext,
  rows: CustomerImportRow[],
  locale: Locale,
): Promise<CustomerImportOutcome[]> {
  const out: CustomerImportOutcome[] = [];
  for (const { row, ...input } of rows) {
    try {
      const refusal = await rowRefusal(p.db, { row, ...input });
      if (refusal) throw refusal;
      const { id } = (await createRecord(customers, p, auth, input)) as { id: number };
      const [saved] = await p.db.select({ code: crmCustomers.code }).from(crmCustomers).where(eq(crmCustomers.id, id));
      out.push({ row, ok: true, id, customerCode: saved?.code ?? null, code: 0, message: '' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ row, ok: false, id: null, customerCode: null, code: err.def.code, message: err.message_(locale) });
    }
  }
  return out;
}
