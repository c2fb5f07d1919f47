import type { SupplierEntryKind } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { pgError } from '../ledger.js';
import { finSupplierAccounts, finSupplierEntries } from './schema.js';

export interface SupplierEntryInput {
  supplierAccountId: number;
  kind: SupplierEntryKind;
  /** minor units, signed: positive is money we hold at the supplier */
  amount: number;
  currency: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** unique idempotence key: a second post with the same key changes nothing */
  key: string;
  applicationId?: number | null;
  note?: string | null;
  actorId?: number | null;
  at: Date;
}

/**
 * Posts one supplier-account entry in the caller's transaction (in a savepoint, so a refusal leaves
 * it usable). The insert trigger moves the account under its row lock; the key makes a replay a
 * no-op (`posted: false`, the first entry answered); the sign check refuses a cost above zero.
 */
export async function postSupplierEntry(tx: Tx, e: SupplierEntryInput) {
  if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new AppError('FIN_AMOUNT_ZERO');
  let rows: { id: string; balance_after: string }[];
  try {
    rows = await tx.transaction(async (sp) =>
      rowsOf<{ id: string; balance_after: string }>(
        await sp.execute(sql`
          insert into fin_supplier_entries
            (key, supplier_account_id, kind, amount, currency, day, application_id, note, actor_id, created_at)
          values (${e.key}, ${e.supplierAccountId}, ${e.kind}, ${e.amount}, ${e.currency}, ${e.day},
            ${e.applicationId ?? null}, ${e.note ?? null}, ${e.actorId ?? null}, ${e.at})
          on conflict (key) do nothing
          returning id::text as id, balance_after::text as balance_after`),
      ),
    );
  } catch (err) {
    const pg = pgError(err);
    if (pg.code === '23514' && pg.constraint === 'fin_supplier_entries_sign')
      throw new AppError('FIN_SUPPLIER_SIGN', { vars: { value: e.kind } });
    if (pg.code === 'P0003') throw new AppError('FIN_CURRENCY_MISMATCH', { vars: { value: e.currency } });
    if (pg.code === 'P0002') throw new AppError('NOT_FOUND');
    throw err;
  }
  const row = rows[0];
  if (!row) {
    const [first] = await tx
      .select({ id: finSupplierEntries.id, balanceAfter: finSupplierEntries.balanceAfter })
      .from(finSupplierEntries)
      .where(eq(finSupplierEntries.key, e.key));
    return { posted: false, entryId: Number(first!.id), balanceAfter: Number(first!.balanceAfter) };
  }
  return { posted: true, entryId: Number(row.id), balanceAfter: Number(row.balance_after) };
}

/**
 * Supplier accounts whose balance is not the sum of their entries (the reconciliation's check; empty
 * when the ledger is whole).
 */
export async function supplierDrift(db: DbOrTx) {
  return rowsOf<{ id: number; balance: string; sum: string }>(
    await db.execute(sql`
      select a.id, a.balance::text as balance, coalesce(s.sum, 0)::text as sum
      from ${finSupplierAccounts} a
      left join (select supplier_account_id, sum(amount) as sum from fin_supplier_entries group by supplier_account_id) s
        on s.supplier_account_id = a.id
      where a.balance <> coalesce(s.sum, 0)`),
  ).map((r) => ({ id: Number(r.id), balance: Number(r.balance), sum: Number(r.sum) }));
}
