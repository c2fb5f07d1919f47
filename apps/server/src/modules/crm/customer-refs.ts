import { and, asc, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { searchMatch } from '../../platform/db/search.js';
import type { ValueNamer } from '../../platform/history/names.js';
import { crmContacts, crmCustomers } from './schema.js';

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

/**
 * For the finance room: a customer within the caller's data scope (by its owner), with its owner,
 * or undefined (outside the scope it does not exist for them).
 */
export async function customerRefInScope(db: DbOrTx, auth: AuthContext, id: number) {
  const [row] = await db
    .select({
      id: crmCustomers.id,
      code: crmCustomers.code,
      name: crmCustomers.name,
      ownerId: crmCustomers.ownerId,
      state: crmCustomers.state,
    })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.id, id), dataScopeWhere(auth, crmCustomers.ownerId)));
  return row;
}

/**
 * Read-only SQL of a customer's field by its id column, for another room's lists (the finance
 * accounts' customer name, code and owner, which their data scope follows): the one place that
 * knows the customer table's shape.
 */
export const customerFieldSql = (idColumn: SQL, field: 'code' | 'name' | 'owner_id') =>
  sql`(select c.${sql.raw(field)} from crm_customers c where c.id = ${idColumn})`;

/**
 * Read-only SQL: the ids of the customers whose search text (name, alias, code) holds the keyword,
 * for another room's keyword over its customers (the finance account picker); trigram-indexed.
 */
export const customerIdsMatchingSql = (keyword: string) =>
  sql`(select c.id from crm_customers c where ${searchMatch(sql.raw('c.search'), keyword)})`;

/** Customers with an owner, by id, for other rooms' demo data (finance opens accounts for a share). */
export const ownedCustomerRefs = (db: DbOrTx, limit: number) =>
  db
    .select({ id: crmCustomers.id, code: crmCustomers.code, ownerId: crmCustomers.ownerId })
    .from(crmCustomers)
    .where(and(isNotNull(crmCustomers.ownerId), sql`${crmCustomers.state} <> 'blacklist'`))
    .orderBy(asc(crmCustomers.id))
    .limit(limit);

/**
 * For the reports and traffic rooms: code, name, type (C-end direct / R-end reseller) and the agent
 * (the R customer it came through, or null) of the given customers.
 */
export async function customerFacts(db: DbOrTx, ids: number[]) {
  const out = new Map<number, { code: string; name: string; type: 'C' | 'R'; agentId: number | null }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: crmCustomers.id,
      code: crmCustomers.code,
      name: crmCustomers.name,
      type: crmCustomers.type,
      agentId: crmCustomers.agentId,
    })
    .from(crmCustomers)
    .where(inArray(crmCustomers.id, ids));
  for (const r of rows) out.set(r.id, { code: r.code, name: r.name, type: r.type, agentId: r.agentId });
  return out;
}

/** For the traffic room's agent performance: the customers that came through one agent (by the agent index). */
export async function customerIdsOfAgent(db: DbOrTx, agentId: number): Promise<number[]> {
  const rows = await db.select({ id: crmCustomers.id }).from(crmCustomers).where(eq(crmCustomers.agentId, agentId));
  return rows.map((r) => r.id);
}

/** For the reports room: the ids of every customer of one type (the C-end and R-end reports). */
export async function customerIdsOfType(db: DbOrTx, type: 'C' | 'R'): Promise<Set<number>> {
  const rows = await db.select({ id: crmCustomers.id }).from(crmCustomers).where(eq(crmCustomers.type, type));
  return new Set(rows.map((r) => r.id));
}

/** Customers' names by id, for timelines naming an agent or the customer of a contact (`historyNames`). */
export const customerNames: ValueNamer = async (db, ids) => {
  const rows = await db
    .select({ id: crmCustomers.id, name: crmCustomers.name })
    .from(crmCustomers)
    .where(inArray(crmCustomers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** For the finance room's overdue warning: the customer's contacts with a mail address (key decision makers first). */
export async function customerMailContacts(db: DbOrTx, customerId: number) {
  return db
    .select({ name: crmContacts.name, email: sql<string>`${crmContacts.email}` })
    .from(crmContacts)
    .where(and(eq(crmContacts.customerId, customerId), isNotNull(crmContacts.email), ne(crmContacts.email, '')))
    .orderBy(desc(crmContacts.keyDecisionMaker), asc(crmContacts.id));
}
