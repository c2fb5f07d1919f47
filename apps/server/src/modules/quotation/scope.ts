import { sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';

/**
 * A customer account's book is the business of its customer's owner: the caller's data scope must
 * cover that owner (own, department or all), read through finance's accounts port. A customer
 * without an owner (the pool) is seen by the 'all' scope only.
 */
export async function accountInScope(db: Db, auth: AuthContext, accountId: number) {
  const accounts = portOf(db, 'accounts');
  const acc = accounts ? (await accounts.byIds([accountId])).get(accountId) : undefined;
  if (!acc) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${accountId}` } });
  if (auth.scope.kind === 'all') return acc;
  const cond = acc.ownerId === null ? sql`false` : dataScopeWhere(auth, sql`${acc.ownerId}::int`);
  const [row] = rowsOf<{ ok: boolean }>(await db.execute(sql`select (${cond ?? sql`true`}) as ok`));
  if (!row?.ok) throw new AppError('QM_ACCOUNT_NOT_YOURS', { vars: { value: acc.code } });
  return acc;
}

/** The account ids of a caller's scope among `ids` (every one for the 'all' scope). */
export async function accountsInScope(db: Db, auth: AuthContext, ids: number[]): Promise<Set<number>> {
  if (auth.scope.kind === 'all' || ids.length === 0) return new Set(ids);
  const accounts = portOf(db, 'accounts');
  const refs = accounts ? await accounts.byIds(ids) : new Map();
  const owners = [...new Set([...refs.values()].map((a) => a.ownerId).filter((o): o is number => o !== null))];
  if (owners.length === 0) return new Set();
  const inList = sql.join(
    owners.map((o) => sql`(${o}::int)`),
    sql`, `,
  );
  const res = rowsOf<{ owner: number }>(
    await db.execute(
      sql`select o.owner from (values ${inList}) as o(owner) where ${dataScopeWhere(auth, sql`o.owner`)}`,
    ),
  );
  const ok = new Set(res.map((r) => Number(r.owner)));
  return new Set([...refs.values()].filter((a) => a.ownerId !== null && ok.has(a.ownerId)).map((a) => a.id));
}

/** Whether a staff user's records are in the caller's data scope (own, department or all). */
export async function userInScope(db: Db, auth: AuthContext, userId: number): Promise<boolean> {
  if (auth.scope.kind === 'all') return true;
  const cond = dataScopeWhere(auth, sql`${userId}::int`);
  const [row] = rowsOf<{ ok: boolean }>(await db.execute(sql`select (${cond ?? sql`true`}) as ok`));
  return row?.ok === true;
}
