import { CrmPerm } from '@portal/contracts/crm';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { returnAtOf } from './pool/due.js';
import { crmContacts, crmCustomers, crmOpportunities } from './schema.js';

/**
 * Read functions the AI assistant (and other rooms) use to answer about customers with the asking
 * user's rights: a customer is "openable" exactly when the customer list and detail would show it
 * (the customers permission and the user's data scope on the owner), nothing more.
 */

export type CustomerLookup =
  | { status: 'found'; id: number; code: string; name: string }
  | { status: 'refused' }
  | { status: 'unknown' };

/**
 * The customer a name, alias or code names, if the user may open it. A customer that exists but
 * lies outside the user's scope is `refused` (never its figures); an unknown name is `unknown`.
 */
export async function openableCustomer(db: DbOrTx, auth: AuthContext, named: string): Promise<CustomerLookup> {
  const term = named.trim();
  if (!term) return { status: 'unknown' };
  const exact = or(
    eq(crmCustomers.code, term.toUpperCase()),
    sql`lower(${crmCustomers.name}) = lower(${term})`,
    sql`lower(${crmCustomers.alias}) = lower(${term})`,
  );
  const cols = { id: crmCustomers.id, code: crmCustomers.code, name: crmCustomers.name, ownerId: crmCustomers.ownerId };
  let rows = await db.select(cols).from(crmCustomers).where(exact).limit(5);
  if (!rows.length)
    rows = await db
      .select(cols)
      .from(crmCustomers)
      .where(ilike(crmCustomers.name, containsPattern(term)))
      .limit(5);
  if (!rows.length) return { status: 'unknown' };
  if (!auth.perms.has(CrmPerm.CUSTOMERS)) return { status: 'refused' };
  const ids = rows.map((r) => r.id);
  const [mine] = await db
    .select(cols)
    .from(crmCustomers)
    .where(
      and(
        sql`${crmCustomers.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
        dataScopeWhere(auth, crmCustomers.ownerId),
      ),
    )
    .orderBy(crmCustomers.id)
    .limit(1);
  return mine ? { status: 'found', id: mine.id, code: mine.code, name: mine.name } : { status: 'refused' };
}

export interface CustomerProfile {
  id: number;
  code: string;
  name: string;
  alias: string;
  type: 'C' | 'R';
  country: string;
  industry: string | null;
  level: string | null;
  state: 'private' | 'open_sea' | 'blacklist';
  dealt: boolean;
  ownerName: string | null;
  lastContactAt: Date | null;
  nextContactAt: Date | null;
  returnAt: Date | null;
  contacts: number;
  openOpportunities: number;
}

/** One customer's profile as the detail page shows it (call after `openableCustomer` found it). */
export async function customerProfile(db: DbOrTx, id: number): Promise<CustomerProfile | null> {
  const [c] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select c.id, c.code, c.name, c.alias, c.type, c.country, c.industry, c.level, c.state,
        c.dealt, u.name as owner_name, c.last_contact_at, c.next_contact_at, ${returnAtOf('c')} as return_at
      from crm_customers c left join ${staffUsers} u on u.id = c.owner_id where c.id = ${id}`),
  );
  if (!c) return null;
  const [contacts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crmContacts)
    .where(eq(crmContacts.customerId, id));
  const [opps] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crmOpportunities)
    .where(and(eq(crmOpportunities.customerId, id), eq(crmOpportunities.status, 'open')));
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    id: Number(c.id),
    code: c.code as string,
    name: c.name as string,
    alias: c.alias as string,
    type: c.type as 'C' | 'R',
    country: c.country as string,
    industry: (c.industry as string | null) ?? null,
    level: (c.level as string | null) ?? null,
    state: c.state as CustomerProfile['state'],
    dealt: Boolean(c.dealt),
    ownerName: (c.owner_name as string | null) ?? null,
    lastContactAt: date(c.last_contact_at),
    nextContactAt: date(c.next_contact_at),
    returnAt: date(c.return_at),
    contacts: contacts?.n ?? 0,
    openOpportunities: opps?.n ?? 0,
  };
}

/**
 * The user's own private customers that return to the open sea within `days` (the retention
 * rules of the pool: follow-up and deal days; locked and dealt customers never return), soonest first.
 */
export async function customersReturningSoon(
  db: DbOrTx,
  now: Date,
  ownerId: number,
  days: number,
  limit = 10,
): Promise<{ total: number; rows: { id: number; code: string; name: string; returnAt: Date }[] }> {
  const until = new Date(now.getTime() + days * 86_400_000);
  const rows = rowsOf<{ id: number; code: string; name: string; due: string | Date; total: number }>(
    await db.execute(sql`select c.id, c.code, c.name, d.due, count(*) over ()::int as total from crm_customers c
      cross join lateral (select ${returnAtOf('c')} as due) d
      where c.owner_id = ${ownerId} and c.state = 'private' and d.due is not null and d.due > ${now} and d.due <= ${until}
      order by d.due, c.id limit ${limit}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, returnAt: new Date(r.due) })),
  };
}

/** Whether the user may open this customer (the customers permission and their data scope). */
export async function canOpenCustomer(db: DbOrTx, auth: AuthContext, id: number): Promise<boolean> {
  if (!auth.perms.has(CrmPerm.CUSTOMERS)) return false;
  const [row] = await db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.id, id), dataScopeWhere(auth, crmCustomers.ownerId)));
  return !!row;
}
