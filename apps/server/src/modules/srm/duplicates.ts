import type {
  DuplicateCheckSettings,
  SupplierDuplicateMatch,
  SupplierDuplicateQuery,
  SupplierDuplicateReason,
  SupplierDuplicateResult,
} from '@portal/contracts/srm';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../platform/db/arrays.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { WriteContext } from '../../platform/resource/index.js';
import { domainRulesDoc, duplicateCheckDoc } from './settings.js';

const LIMIT = 20;

interface Row {
  id: number;
  code: string;
  name: string;
  state: SupplierDuplicateMatch['state'];
  owner_name: string | null;
  reason: SupplierDuplicateReason;
  value: string;
  similarity: number | null;
}

/**
 * Whether a match refuses the creation: a blacklisted supplier by domain, phone or the very same
 * name always does (a merely similar name only warns: fuzzy matches would block strangers); any
 * other match does when its criterion is set to block.
 */
const blocks = (m: Omit<SupplierDuplicateMatch, 'blocks'>, s: DuplicateCheckSettings) =>
  (m.state === 'blacklist' && (m.reason !== 'name' || m.similarity === 1)) || s[m.reason] === 'block';

/**
 * Suppliers a new one would repeat, over every supplier whatever its owner or state, by the
 * criteria the duplicate-check settings turn on: a similar name (pg_trgm similarity at least the
 * setting's), a shared company domain, the same E.164 phone on the supplier or one of its contacts.
 */
export async function findSupplierDuplicates(db: DbOrTx, q: SupplierDuplicateQuery): Promise<SupplierDuplicateResult> {
  const s = await duplicateCheckDoc.read(db);
  // shared mail and hosting domains (the domain rules) say nothing about who a supplier is
  const ignored = new Set((await domainRulesDoc.read(db)).ignoredDomains);
  const domains = [...new Set(q.domains.map((d) => d.toLowerCase()))].filter((d) => !ignored.has(d));
  const phones = [...new Set(q.phones)];
  const parts: SQL[] = [];
  if (s.name !== 'off' && q.name && q.name.length >= 2)
    parts.push(sql`select c.id, 'name', c.name, similarity(c.name, ${q.name})::float8
      from srm_suppliers c where c.name % ${q.name} and similarity(c.name, ${q.name}) >= ${s.nameSimilarity}`);
  if (s.domain !== 'off' && domains.length)
    parts.push(sql`select c.id, 'domain', d.domain, null::float8
      from srm_suppliers c cross join lateral unnest(c.domains) d(domain)
      where c.domains && ${textArray(domains)} and d.domain = any(${textArray(domains)})`);
  if (s.phone !== 'off' && phones.length)
    parts.push(sql`select c.id, 'phone', c.phone, null::float8 from srm_suppliers c where c.phone = any(${textArray(phones)})
      union all
      select k.supplier_id, 'phone', k.phone, null::float8 from srm_contacts k where k.phone = any(${textArray(phones)})`);
  if (!parts.length) return { matches: [], blocked: false };
  // pg_trgm's `%` operator uses the index at its own threshold; ours may be lower
  await db.execute(
    sql`select set_config('pg_trgm.similarity_threshold', ${String(Math.min(s.nameSimilarity, 0.3))}, true)`,
  );
  const rows = rowsOf<Row>(
    await db.execute(sql`with hit as (${sql.join(parts, sql` union all `)})
      select distinct on (c.id, h.reason) c.id, c.code, c.name, c.state, u.name as owner_name,
             h.reason, h.value, h.similarity
      from hit h(id, reason, value, similarity) join srm_suppliers c on c.id = h.id
      left join staff_users u on u.id = c.owner_id
      where ${q.excludeId ?? null}::int is null or c.id <> ${q.excludeId ?? null}::int
      order by c.id, h.reason, h.similarity desc nulls last
      limit ${LIMIT}`),
  );
  const matches = rows.map((r) => {
    const m = {
      id: r.id,
      code: r.code,
      name: r.name,
      state: r.state,
      ownerName: r.owner_name,
      reason: r.reason,
      value: r.value,
      similarity: r.similarity === null ? null : Math.round(Number(r.similarity) * 100) / 100,
    };
    return { ...m, blocks: blocks(m, s) };
  });
  return { matches, blocked: matches.some((m) => m.blocks) };
}

const REASON_LABEL: Record<SupplierDuplicateReason, { 'zh-CN': string; en: string }> = {
  name: { 'zh-CN': '名称相似', en: 'similar name' },
  domain: { 'zh-CN': '域名相同', en: 'same domain' },
  phone: { 'zh-CN': '电话相同', en: 'same phone' },
};

/** Inside create: a blacklisted match or a blocking criterion refuses the new supplier. */
export async function refuseDuplicates(ctx: WriteContext, input: Record<string, unknown>) {
  const { matches } = await findSupplierDuplicates(ctx.tx, {
    name: input.name as string,
    domains: ((input.domains as string[] | null | undefined) ?? []).map((d) => d.toLowerCase()),
    phones: input.phone ? [input.phone as string] : [],
  });
  const black = matches.find((m) => m.blocks && m.state === 'blacklist');
  if (black) throw new AppError('SRM_BLACKLISTED_MATCH', { vars: { value: `${black.code} ${black.name}` } });
  const hit = matches.find((m) => m.blocks);
  if (hit)
    throw new AppError('SRM_DUPLICATE_BLOCKED', {
      vars: { value: `${hit.code} ${hit.name}`, reason: REASON_LABEL[hit.reason] },
    });
}
