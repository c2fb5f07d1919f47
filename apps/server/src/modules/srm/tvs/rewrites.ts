import {
  type RewriteMatch,
  type TvsRewriteOutcome,
  type TvsRewritePreview,
  tvsRewriteResource,
} from '@portal/contracts/srm';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.js';
import { bindResource } from '../../../platform/resource/index.js';
import { supplierNameOf } from '../channels/supplier.js';
import { partnerOf } from './partner.js';
import { applyRule, compileRule } from './rewrite-rule.js';
import { srmTvsRewrites } from './schema.js';

/** Content-rewriting rules: the pattern is checked on every write; the partner, if any, is a SIM farm. */
export const tvsRewrites = bindResource(tvsRewriteResource, {
  table: srmTvsRewrites,
  search: { keyword: srmTvsRewrites.search },
  columns: {
    name: srmTvsRewrites.name,
    supplierId: srmTvsRewrites.supplierId,
    supplierName: supplierNameOf('"srm_tvs_rewrites"."supplier_id"'),
    country: srmTvsRewrites.country,
    match: srmTvsRewrites.match,
    pattern: srmTvsRewrites.pattern,
    replacement: srmTvsRewrites.replacement,
    priority: srmTvsRewrites.priority,
    enabled: srmTvsRewrites.enabled,
    remark: srmTvsRewrites.remark,
    createdAt: srmTvsRewrites.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      compileRule(input.match as RewriteMatch, input.pattern as string);
      if (input.supplierId != null) await partnerOf(ctx.tx, input.supplierId as number);
      return { createdAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before, patch) {
      compileRule((patch.match ?? before.match) as RewriteMatch, (patch.pattern ?? before.pattern) as string);
      if (patch.supplierId != null) await partnerOf(ctx.tx, patch.supplierId as number);
      return {};
    },
  },
});

/**
 * What a message's text becomes on its way out through a partner to a country: the enabled rules for
 * that partner (or all partners) and that country (or all countries), by priority then age, each
 * applied to what the one before left. The preview screen asks it; the sender of SIM-farm traffic is
 * to call the same (decision 0083).
 */
export async function rewriteContent(db: DbOrTx, q: TvsRewritePreview): Promise<TvsRewriteOutcome> {
  const t = srmTvsRewrites;
  const rules = await db
    .select({ id: t.id, name: t.name, match: t.match, pattern: t.pattern, replacement: t.replacement })
    .from(t)
    .where(
      and(
        eq(t.enabled, true),
        q.supplierId ? or(isNull(t.supplierId), eq(t.supplierId, q.supplierId)) : isNull(t.supplierId),
        q.country ? or(isNull(t.country), eq(t.country, q.country)) : isNull(t.country),
      ),
    )
    .orderBy(asc(t.priority), asc(t.id));
  let text = q.text;
  const applied: TvsRewriteOutcome['applied'] = [];
  for (const r of rules) {
    const next = applyRule(text, compileRule(r.match, r.pattern), r.replacement ?? '');
    if (next !== text) applied.push({ id: r.id, name: r.name });
    text = next;
  }
  return { text, applied };
}
