import {
  blocksCreation,
  DUPLICATE_LIMIT,
  type DuplicateMatch,
  type DuplicateQuery,
  type DuplicateReason,
  type DuplicateResult,
  NAME_SIMILARITY,
} from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import { textArray } from '../../platform/db/arrays.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { crmFreeMailDomains } from './schema.js';

/** The domains of a list that identify a company: free-mail domains never do. */
export async function companyDomains(db: DbOrTx, domains: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(domains.map((d) => d.toLowerCase()))];
  if (!wanted.length) return [];
  const free = await db
    .select({ domain: crmFreeMailDomains.domain })
    .from(crmFreeMailDomains)
    .where(sql`${crmFreeMailDomains.domain} = any(${textArray(wanted)})`);
  const skip = new Set(free.map((f) => f.domain));
  return wanted.filter((d) => !skip.has(d));
}

interface Row {
  id: number;
  code: string;
  name: string;
  alias: string;
  state: DuplicateMatch['state'];
  owner_name: string | null;
  reason: DuplicateReason;
  value: string;
  similarity: number | null;
}

/**
 * Customers a new one would repeat, over every customer whatever its owner or state (the check
 * protects the company, not the caller's list): the same alias (case-insensitive), a similar
 * company name (trigram similarity at least NAME_SIMILARITY), a shared company e-mail domain
 * (free-mail domains never count), or the same phone in E.164 on the customer or one of its contacts.
 */
export async function findDuplicates(db: DbOrTx, q: DuplicateQuery): Promise<DuplicateResult> {
  const domains = await companyDomains(db, q.emailDomains);
  const phones = [...new Set(q.phones)];
  const parts = [];
  if (q.alias)
    parts.push(sql`select c.id, 'alias' as reason, c.alias as value, null::float8 as similarity
      from crm_customers c where lower(c.alias) = lower(${q.alias})`);
  if (q.name && q.name.length >= 2)
    parts.push(sql`select c.id, 'name', c.name, similarity(c.name, ${q.name})::float8
      from crm_customers c where c.name % ${q.name} and similarity(c.name, ${q.name}) >= ${NAME_SIMILARITY}`);
  if (domains.length)
    parts.push(sql`select c.id, 'domain', d.domain, null::float8
      from crm_customers c cross join lateral unnest(c.email_domains) d(domain)
      where c.email_domains && ${textArray(domains)} and d.domain = any(${textArray(domains)})`);
  if (phones.length)
    parts.push(sql`select c.id, 'phone', c.phone, null::float8 from crm_customers c where c.phone = any(${textArray(phones)})
      union all
      select k.customer_id, 'phone', k.phone, null::float8 from crm_contacts k where k.phone = any(${textArray(phones)})`);
  if (!parts.length) return { matches: [], blocked: false };
  const rows = rowsOf<Row>(
    await db.execute(sql`with hit as (${sql.join(parts, sql` union all `)})
      select distinct on (c.id, h.reason) c.id, c.code, c.name, c.alias, c.state, u.name as owner_name,
             h.reason, h.value, h.similarity
      from hit h(id, reason, value, similarity) join crm_customers c on c.id = h.id
      left join staff_users u on u.id = c.owner_id
      where ${q.excludeId ?? null}::int is null or c.id <> ${q.excludeId ?? null}::int
      order by c.id, h.reason, h.similarity desc nulls last
      limit ${DUPLICATE_LIMIT}`),
  );
  const matches = rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    alias: r.alias,
    state: r.state,
    ownerName: r.owner_name,
    reason: r.reason,
    value: r.value,
    similarity: r.similarity === null ? null : Math.round(Number(r.similarity) * 100) / 100,
  }));
  return { matches, blocked: matches.some(blocksCreation) };
}
