import type { Locale } from '@portal/contracts';
import type { ImportIssue } from '@portal/contracts/imports';
import {
  SrmPerm,
  SUPPLIER_IMPORT_MAX_ROWS,
  type SupplierImportOutcome,
  type SupplierImportRow,
  supplierImportRow,
  supplierResource,
} from '@portal/contracts/srm';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';
import { defineImport, fieldColumns, splitList } from '../../platform/imports/define.js';
import type { Platform } from '../../platform/platform.js';
import { createRecord } from '../../platform/resource/write.js';
import { findSupplierDuplicates } from './duplicates.js';
import { srmSuppliers } from './schema.js';
import { suppliers } from './suppliers.js';

const f = supplierResource.fields;
const column = fieldColumns(f);

/** The supplier import's columns: the create form's fields (owner and admission are not imported). */
export const supplierImport = defineImport({
  key: 'suppliers',
  perm: SrmPerm.SUPPLIER_IMPORT,
  columns: [
    column('name', { required: true, width: 28 }),
    column('alias', { required: true, width: 16, note: 'letters, digits, - and _' }),
    column('type', { required: true, width: 14, note: 'operator, aggregator, sim_farm or equipment_vendor' }),
    column('country', { required: true, width: 10, note: 'ISO 3166-1 code', parse: (t) => t.toUpperCase() }),
    column('products', { width: 16, note: 'sms, voice, whatsapp, email; comma separated', parse: splitList }),
    column('level', { width: 10, note: 'a value of the dictionary purchase.supplier_level' }),
    column('source', { width: 14, note: 'a value of the dictionary purchase.supplier_source' }),
    column('paymentMethod', { width: 14, note: 'a value of the dictionary purchase.payment_method' }),
    column('paymentTermDays', { width: 10, note: '0–180', parse: (t) => Number(t) }),
    column('domains', { width: 24, note: 'company domains, comma separated', parse: splitList }),
    column('phone', { width: 18, note: '+country code and number', parse: (t) => t.replace(/[\s()-]/g, '') }),
    column('remark', { width: 30 }),
  ],
  rowSchema: supplierImportRow,
  unique: 'alias',
  maxRows: SUPPLIER_IMPORT_MAX_ROWS,
  examples: [
    {
      name: 'Baltic Wholesale Routes OÜ',
      alias: 'baltic-routes',
      type: 'aggregator',
      country: 'EE',
      products: 'sms, voice',
      level: 'tier1',
      source: 'exhibition',
      paymentMethod: 'prepaid',
      paymentTermDays: 15,
      domains: 'balticroutes.example',
      phone: '+3726123456',
      remark: 'met at the Tallinn carrier summit',
    },
  ],
  prepare: (raw, row) => ({ ...raw, row }),
  // rows are saved one by one by saveImportedSuppliers, not in one transaction
  commit: async () => null,
});

/** Why a row cannot become a supplier, or null: an unknown dictionary value, or a blocking duplicate. */
async function rowRefusal(db: DbOrTx, row: SupplierImportRow): Promise<AppError | null> {
  try {
    await checkDictValues(db, f, row, 'SRM_DICT_VALUE_UNKNOWN');
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  const { matches } = await findSupplierDuplicates(db, {
    name: row.name,
    domains: (row.domains as string[] | undefined) ?? [],
    phones: row.phone ? [row.phone as string] : [],
  });
  const block = matches.find((m) => m.blocks && m.state === 'blacklist') ?? matches.find((m) => m.blocks);
  if (!block) return null;
  const value = `${block.code} ${block.name}`;
  return block.state === 'blacklist'
    ? new AppError('SRM_BLACKLISTED_MATCH', { vars: { value } })
    : new AppError('SRM_DUPLICATE_BLOCKED', { vars: { value, reason: block.reason } });
}

/** The preview's rows after the duplicate check: rows the add form would refuse move to the issues. */
export async function screenSupplierPreview(db: DbOrTx, rows: SupplierImportRow[], locale: Locale) {
  const good: SupplierImportRow[] = [];
  const errors: ImportIssue[] = [];
  for (const row of rows) {
    const refusal = await rowRefusal(db, row);
    if (refusal) errors.push({ row: row.row, field: '', code: refusal.def.code, message: refusal.message_(locale) });
    else good.push(row);
  }
  return { rows: good, errors };
}

/** Saves rows one by one through the supplier resource (its checks, code, owner, history), each in its own transaction. */
export async function saveImportedSuppliers(
  p: Platform,
  auth: AuthContext,
  rows: SupplierImportRow[],
  locale: Locale,
): Promise<SupplierImportOutcome[]> {
  const out: SupplierImportOutcome[] = [];
  for (const { row, ...input } of rows) {
    try {
      const { id } = (await createRecord(suppliers, p, auth, input)) as { id: number };
      const [saved] = await p.db.select({ code: srmSuppliers.code }).from(srmSuppliers).where(eq(srmSuppliers.id, id));
      out.push({ row, ok: true, id, supplierCode: saved?.code ?? null, code: 0, message: '' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ row, ok: false, id: null, supplierCode: null, code: err.def.code, message: err.message_(locale) });
    }
  }
  return out;
}
