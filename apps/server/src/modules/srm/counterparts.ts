import { inArray, sql } from 'drizzle-orm';
import { type Counterpart, counterpartsOf } from '../../platform/counterparts.js';
import { textArray } from '../../platform/db/arrays.js';
import type { Platform } from '../../platform/platform.js';
import { srmContacts, srmSuppliers } from './schema.js';
import { suffixRulesDoc } from './settings.js';

/** The mail suffix rules: an address at a domain ending in a rule's suffix is that supplier's (longest suffix first). */
async function bySuffix(p: Platform, emails: string[], out: Map<string, Counterpart>) {
  if (!emails.length) return;
  const rows = [...(await suffixRulesDoc.read(p.db)).rows].sort((a, b) => b.suffix.length - a.suffix.length);
  if (!rows.length) return;
  const codes = [...new Set(rows.map((r) => r.supplierCode))];
  const suppliers = await p.db
    .select({ id: srmSuppliers.id, code: srmSuppliers.code, name: srmSuppliers.name, ownerId: srmSuppliers.ownerId })
    .from(srmSuppliers)
    .where(inArray(srmSuppliers.code, codes));
  const byCode = new Map(suppliers.map((s) => [s.code, s]));
  for (const e of emails) {
    const d = e.slice(e.lastIndexOf('@') + 1);
    const rule = rows.find((r) => d === r.suffix || d.endsWith(`.${r.suffix}`));
    const s = rule && byCode.get(rule.supplierCode);
    if (s) out.set(e, { kind: 'supplier', id: s.id, name: s.name, ownerId: s.ownerId });
  }
}

/**
 * Which supplier an e-mail address belongs to, for the mail room (the pattern of crm/counterparts.ts):
 * a supplier contact's own address first, then the supplier's domains. Blacklisted suppliers count
 * too: their mail is still theirs. Addresses a customer already claimed never reach this resolver.
 */
export function registerSrmCounterparts(p: Platform) {
  counterpartsOf(p).register('srm', async (emails) => {
    const out = new Map<string, Counterpart>();
    if (emails.length === 0) return out;
    const byContact = await p.db
      .select({
        email: sql<string>`lower(${srmContacts.email})`,
        id: srmSuppliers.id,
        name: srmSuppliers.name,
        ownerId: srmSuppliers.ownerId,
      })
      .from(srmContacts)
      .innerJoin(srmSuppliers, sql`${srmSuppliers.id} = ${srmContacts.supplierId}`)
      .where(sql`lower(${srmContacts.email}) = any(${textArray(emails)})`)
      .orderBy(srmSuppliers.id);
    for (const r of byContact)
      if (!out.has(r.email)) out.set(r.email, { kind: 'supplier', id: r.id, name: r.name, ownerId: r.ownerId });
    const rest = emails.filter((e) => !out.has(e));
    const domains = [...new Set(rest.map((e) => e.slice(e.lastIndexOf('@') + 1)))];
    const byDomain = await p.db
      .select({
        id: srmSuppliers.id,
        name: srmSuppliers.name,
        ownerId: srmSuppliers.ownerId,
        domains: srmSuppliers.domains,
      })
      .from(srmSuppliers)
      .where(sql`${srmSuppliers.domains} && ${textArray(domains)}`)
      .orderBy(srmSuppliers.id);
    for (const e of rest) {
      const d = e.slice(e.lastIndexOf('@') + 1);
      const s = byDomain.find((r) => r.domains.includes(d));
      if (s) out.set(e, { kind: 'supplier', id: s.id, name: s.name, ownerId: s.ownerId });
    }
    await bySuffix(
      p,
      emails.filter((e) => !out.has(e)),
      out,
    );
    return out;
  });
}
