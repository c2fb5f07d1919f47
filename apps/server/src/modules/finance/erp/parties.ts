import type { Locale } from '@portal/contracts';
import { envelope, pageResult } from '@portal/contracts';
import {
  ERP_PARTY_KINDS,
  type ErpPartyKind,
  type ErpPartyQuery,
  type ErpPartyRow,
  erpPartyApi,
  erpPartyPerm,
  erpPartyQuery,
  erpPartyRow,
} from '@portal/contracts/finance';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../../platform/auth/context.js';
import { exportRoute } from '../../../platform/exports/list-export.js';
import { staffNames } from '../../../platform/history/names.js';
import { ok } from '../../../platform/http/envelope.js';
import { localeOf } from '../../../platform/http/locale.js';
import type { Platform } from '../../../platform/platform.js';
import { erpPartiesExports, partiesPortOf, partyFilter } from './parties-export.js';
import { finErpMappings } from './schema.js';

/**
 * `basic-data-material/{customer, supplier}` (decision 0127): the CRM's / SRM's records in the
 * caller's data scope, read through their rooms' ports, each beside its Kingdee mapping (mapped or
 * not; `mapped` keeps one side, pushed into the room's query as a code list so paging stays right).
 */
export async function erpParties(
  p: Platform,
  auth: AuthContext,
  kind: ErpPartyKind,
  q: ErpPartyQuery,
  locale: Locale,
): Promise<{ records: ErpPartyRow[]; total: number; page: number; size: number }> {
  const port = partiesPortOf(p.db, kind);
  const mappings = await p.db
    .select({
      id: finErpMappings.id,
      ourCode: finErpMappings.ourCode,
      kingdeeCode: finErpMappings.kingdeeCode,
      kingdeeName: finErpMappings.kingdeeName,
    })
    .from(finErpMappings)
    .where(eq(finErpMappings.kind, kind));
  const byCode = new Map(mappings.map((m) => [m.ourCode, m]));
  const page = await port.page({
    ...partyFilter(auth, q),
    codes: q.mapped ? { in: q.mapped === 'yes', list: [...byCode.keys()] } : undefined,
    page: q.page,
    size: q.size,
  });
  const owners = [...new Set(page.records.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))];
  const names = owners.length ? await staffNames(p.db, owners, locale) : new Map<number, string>();
  return {
    records: page.records.map((r) => {
      const m = byCode.get(r.code);
      return {
        ...r,
        ownerName: r.ownerId ? (names.get(r.ownerId) ?? null) : null,
        mappingId: m?.id ?? null,
        kingdeeCode: m?.kingdeeCode ?? null,
        kingdeeName: m?.kingdeeName ?? null,
      };
    }),
    total: page.total,
    page: q.page,
    size: q.size,
  };
}

export async function erpPartyRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of ERP_PARTY_KINDS) {
    r.get(
      erpPartyApi(kind),
      {
        schema: {
          tags: ['finance-erp'],
          summary: `The ERP's ${kind}s: our ${kind}s in the caller's data scope with their Kingdee mapping`,
          querystring: erpPartyQuery,
          response: { 200: envelope(pageResult(erpPartyRow)) },
        },
        config: { access: { perm: erpPartyPerm(kind) } },
      },
      async (req) => ok(await erpParties(p, req.auth!, kind, req.query, localeOf(req.headers))),
    );
    exportRoute(
      app,
      p,
      `${erpPartyApi(kind)}/export`,
      erpPartiesExports[kind],
      erpPartyQuery,
      `Export the ERP's ${kind}s (the list's filters, data scope and columns)`,
    );
  }
}
