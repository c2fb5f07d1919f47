import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { rowsOf } from '../../platform/db/index.js';

/**
 * Read-only SQL over the accounts and their client applications (`fin_clients`, decision 0121) for
 * another room's lists (traffic's app-query, decision 0138): the one place that knows their shape.
 */
export const accountCodeSql = (accountId: SQL) => sql`(select a.code from fin_accounts a where a.id = ${accountId})`;

/** an account's applications of one product as a JSON array of { appId, name, state }, by APP id */
export const clientAppsJsonSql = (accountId: SQL, product: string) =>
  sql`(select coalesce(json_agg(json_build_object('appId', c.app_id, 'name', c.name, 'state', c.state) order by c.app_id), '[]'::json)
    from fin_clients c where c.account_id = ${accountId} and c.product = ${product})`;

/** the same as text for an export: `APP1 name, APP2 name` */
export const clientAppsTextSql = (accountId: SQL, product: string) =>
  sql`(select string_agg(c.app_id || ' ' || c.name, ', ' order by c.app_id) from fin_clients c
    where c.account_id = ${accountId} and c.product = ${product})`;

/** the account of an application of one product (none when the id or product do not match) */
export const accountOfAppSql = (appId: string, product: string) =>
  sql`(select c.account_id from fin_clients c where c.app_id = ${appId} and c.product = ${product})`;

/** one application by its APP id: its account and product, or undefined */
export async function clientAppOf(db: Db, appId: string): Promise<{ accountId: number; product: string } | undefined> {
  const [row] = rowsOf<{ account_id: number; product: string }>(
    await db.execute(sql`select account_id, product from fin_clients where app_id = ${appId}`),
  );
  return row && { accountId: Number(row.account_id), product: row.product };
}
