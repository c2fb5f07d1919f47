import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { type Counterpart, counterpartsOf } from '../../platform/counterparts.js';
import { textArray } from '../../platform/db/arrays.js';
import { containsPattern } from '../../platform/db/like.js';
import type { Platform } from '../../platform/platform.js';
import { companyDomains } from './duplicates.js';
import { crmContacts, crmCustomers } from './schema.js';

/**
 * Which customer an e-mail address belongs to, for the mail room: a contact's own address first,
 * then the customer's company domain (never a free-mail domain). Blacklisted customers count too:
 * their mail is still theirs.
 */
export function registerCrmCounterparts(p: Platform) {
  counterpartsOf(p).register('crm', async (emails) => {
    const out = new Map<string, Counterpart>();
    if (emails.length === 0) return out;
    const byContact = await p.db
      .select({ email: crmContacts.email, id: crmCustomers.id, name: crmCustomers.name, ownerId: crmCustomers.ownerId })
      .from(crmContacts)
      .innerJoin(crmCustomers, sql`${crmCustomers.id} = ${crmContacts.customerId}`)
      .where(inArray(crmContacts.email, emails))
      .orderBy(crmCustomers.id);
    for (const r of byContact)
      if (r.email && !out.has(r.email))
        out.set(r.email, { kind: 'customer', id: r.id, name: r.name, ownerId: r.ownerId });
    const rest = emails.filter((e) => !out.has(e));
    const domains = [...new Set(rest.map((e) => e.slice(e.lastIndexOf('@') + 1)))];
    if (domains.length === 0) return out;
    const company = await companyDomains(p.db, domains);
    const byDomain = await p.db
      .select({
        id: crmCustomers.id,
        name: crmCustomers.name,
        ownerId: crmCustomers.ownerId,
        domains: crmCustomers.emailDomains,
      })
      .from(crmCustomers)
      .where(sql`${crmCustomers.emailDomains} && ${textArray(company)}`)
      .orderBy(crmCustomers.id);
    for (const e of rest) {
      const d = e.slice(e.lastIndexOf('@') + 1);
      const c = byDomain.find((r) => r.domains.includes(d));
      if (c) out.set(e, { kind: 'customer', id: c.id, name: c.name, ownerId: c.ownerId });
    }
    return out;
  });
  // the write step's customer contacts (email/customer/contact): customers in the caller's data scope
  counterpartsOf(p).registerContacts('customer', async (auth, q) => {
    const k = q.keyword ? containsPattern(q.keyword) : undefined;
    const rows = await p.db
      .select({
        email: crmContacts.email,
        name: crmContacts.name,
        counterpartId: crmCustomers.id,
        counterpartName: crmCustomers.name,
        keyDecisionMaker: crmContacts.keyDecisionMaker,
      })
      .from(crmContacts)
      .innerJoin(crmCustomers, eq(crmCustomers.id, crmContacts.customerId))
      .where(
        and(
          isNotNull(crmContacts.email),
          q.counterpartId ? eq(crmCustomers.id, q.counterpartId) : undefined,
          k ? or(ilike(crmContacts.email, k), ilike(crmContacts.name, k), ilike(crmCustomers.name, k)) : undefined,
          dataScopeWhere(auth, crmCustomers.ownerId),
        ),
      )
      .orderBy(asc(crmCustomers.name), sql`${crmContacts.keyDecisionMaker} desc`, asc(crmContacts.name))
      .limit(q.limit);
    return rows.map((r) => ({ ...r, email: r.email! }));
  });
}
