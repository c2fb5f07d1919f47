import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { crmCustomers } from './schema.js';

/**
 * What other rooms may know of customers without reading the table: whether an id is a customer,
 * and its code and name (route bindings, sender ids and gateways of the srm room store the id).
 */
export async function customerRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: crmCustomers.id, code: crmCustomers.code, name: crmCustomers.name })
    .from(crmCustomers)
    .where(eq(crmCustomers.id, id));
  return row;
}

/** The first `limit` customers by id (other rooms' demo data binds to them). */
export const customerRefs = (db: DbOrTx, limit: number) =>
  db
    .select({ id: crmCustomers.id, code: crmCustomers.code, country: crmCustomers.country })
    .from(crmCustomers)
    .where(sql`${crmCustomers.state} <> 'blacklist'`)
    .orderBy(asc(crmCustomers.id))
    .limit(limit);
