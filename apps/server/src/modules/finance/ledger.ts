import type { EntryKind } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { finAccounts, finLedgerEntries } from './schema.js';

/** The book each kind of entry is balanced against (the contra side, opposite sign). */
export const CONTRA_BOOK: Record<EntryKind, string> = {
  recharge: 'bank',
  payment: 'bank',
  hedge: 'payable',
  gift: 'gift_expense',
  adjustment: 'adjustment',
  consumption: 'revenue',
  refund: 'bank',
  bill: 'receivable',
  write_off: 'bad_debt',
  // out of a main account and into its sub-account: the two contra lines cancel in this book (decision 0134)
  allocation: 'allocation',
};

export interface EntryInput {
  accountId: number;
  kind: EntryKind;
  /** signed decimal string: positive credits the customer's balance */
  amount: string;
  currency: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** unique idempotence key: a second post with the same key changes nothing */
  key: string;
  applicationId?: number | null;
  reversesId?: number | null;
  note?: string | null;
  actorId?: number | null;
  /** a payment channel (decision 0128): `u_platform` for the self-service platform's online payments */
  channel?: 'u_platform' | null;
  at: Date;
}

export interface Posted {
  posted: boolean;
  entryId: number;
  balanceAfter: string;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export { dayOf };

/** The SQLSTATE and constraint of a database error, through drizzle's wrappers. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) return pg;
  }
  return {};
}

/**
 * Posts one entry and its contra line in the caller's transaction. The database does the rest: the
 * insert trigger moves the account's balance under its row lock, the account's check refuses a
 * prepaid balance below minus its credit line (FIN_INSUFFICIENT_BALANCE), the unique key makes a
 * replay a no-op (`posted: false`, the first entry answered).
 */
export async function postEntry(tx: Tx, e: EntryInput, accountCode?: string): Promise<Posted> {
  const amount = new Decimal(e.amount);
  if (amount.isZero()) throw new AppError('FIN_AMOUNT_ZERO');
  let rows: { id: string; balance_after: string }[];
  try {
    // one statement writes both sides; a savepoint, so a refused entry leaves the caller's
    // transaction usable (its error is answered)
    rows = await tx.transaction(async (sp) =>
      rowsOf<{ id: string; balance_after: string }>(
        await sp.execute(sql`
          with e as (
            insert into fin_ledger_entries
              (key, account_id, kind, amount, currency, day, application_id, reverses_id, note, actor_id, channel, created_at)
            values (${e.key}, ${e.accountId}, ${e.kind}, ${amount.toFixed(4)}, ${e.currency}, ${e.day},
              ${e.applicationId ?? null}, ${e.reversesId ?? null}, ${e.note ?? null}, ${e.actorId ?? null},
              ${e.channel ?? null}, ${e.at})
            on conflict (key) do nothing
            returning id, balance_after, amount, currency, day
          ), c as (
            insert into fin_ledger_contra (entry_id, book, amount, currency, day)
            select id, ${CONTRA_BOOK[e.kind]}, -amount, currency, day from e
          )
          select id::text as id, balance_after::text as balance_after from e`),
      ),
    );
  } catch (err) {
    const pg = pgError(err);
    if (pg.code === '23514' && pg.constraint === 'fin_accounts_prepaid_floor')
      throw new AppError('FIN_INSUFFICIENT_BALANCE', { vars: { value: accountCode ?? String(e.accountId) } });
    if (pg.code === 'P0003') throw new AppError('FIN_CURRENCY_MISMATCH', { vars: { value: e.currency } });
    if (pg.code === 'P0002') throw new AppError('NOT_FOUND');
    throw err;
  }
  const row = rows[0];
  if (!row) {
    const [first] = await tx
      .select({ id: finLedgerEntries.id, balanceAfter: finLedgerEntries.balanceAfter })
      .from(finLedgerEntries)
      .where(eq(finLedgerEntries.key, e.key));
    return { posted: false, entryId: first!.id, balanceAfter: first!.balanceAfter };
  }
  return { posted: true, entryId: Number(row.id), balanceAfter: new Decimal(row.balance_after).toFixed(4) };
}

/** A correction: the reversing entry of `entryId` (once; a second reversal is a replay). */
export async function reverseEntry(tx: Tx, entryId: number, actorId: number, at: Date, note?: string) {
  const [orig] = await tx.select().from(finLedgerEntries).where(eq(finLedgerEntries.id, entryId));
  if (!orig) throw new AppError('NOT_FOUND');
  return postEntry(tx, {
    accountId: orig.accountId,
    kind: orig.kind,
    amount: new Decimal(orig.amount).neg().toFixed(4),
    currency: orig.currency,
    day: dayOf(at),
    key: `reverse:${orig.id}`,
    reversesId: orig.id,
    note: note ?? null,
    actorId,
    at,
  });
}

/** An account's balance, credit line and currency (null: no such account). */
export async function balanceOf(db: DbOrTx, accountId: number) {
  const [row] = await db
    .select({ balance: finAccounts.balance, creditLine: finAccounts.creditLine, currency: finAccounts.currency })
    .from(finAccounts)
    .where(eq(finAccounts.id, accountId));
  return row ?? null;
}

/** Many accounts' balance, credit line and currency in one query (absent accounts left out). */
export async function balancesOf(db: DbOrTx, accountIds: number[]) {
  const out = new Map<number, { balance: string; creditLine: string; currency: string }>();
  if (!accountIds.length) return out;
  const rows = await db
    .select({
      id: finAccounts.id,
      balance: finAccounts.balance,
      creditLine: finAccounts.creditLine,
      currency: finAccounts.currency,
    })
    .from(finAccounts)
    .where(inArray(finAccounts.id, accountIds));
  for (const r of rows) out.set(r.id, { balance: r.balance, creditLine: r.creditLine, currency: r.currency });
  return out;
}

/** The sum of an account's entries (what its balance must equal). */
export async function entriesSum(db: DbOrTx, accountId: number): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${finLedgerEntries.amount}), 0)::text` })
    .from(finLedgerEntries)
    .where(eq(finLedgerEntries.accountId, accountId));
  return new Decimal(row!.sum).toFixed(4);
}
