import type { Locale } from '@portal/contracts';
import {
  ERP_PARTY_KINDS,
  type ErpPartyKind,
  type ErpPartyQuery,
  erpPartyPerm,
  erpPartyQuery,
} from '@portal/contracts/finance';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import type { Db } from '../../../platform/db/index.js';
import { defineExportSource, type ExportSource } from '../../../platform/exports/source.js';
import { AppError } from '../../../platform/http/errors.js';
import { portOf } from '../../../platform/ports.js';
import { financeScope } from '../accounts.js';
import { finErpMappings } from './schema.js';

const PORT = { customer: 'customers', supplier: 'suppliers' } as const;
const ROOM = { customer: 'CRM', supplier: 'SRM' } as const;
const TITLE = {
  customer: { 'zh-CN': '金蝶客户', en: 'erp-customers' },
  supplier: { 'zh-CN': '金蝶供应商', en: 'erp-suppliers' },
} as const;

/** The providing room's port, or FIN_ERP_PARTIES_UNAVAILABLE when that room is not mounted. */
export function partiesPortOf(db: Db, kind: ErpPartyKind) {
  const port = portOf(db, PORT[kind]);
  if (!port) throw new AppError('FIN_ERP_PARTIES_UNAVAILABLE', { vars: { value: ROOM[kind] } });
  return port;
}

/** The caller's party filters as the port takes them: the data scope finance reads with, and the keyword. */
export const partyFilter = (auth: AuthContext, q: Pick<ErpPartyQuery, 'keyword'>) => ({
  auth: financeScope(auth),
  keyword: q.keyword || undefined,
});

/**
 * The basic-data list of a kind as a file (decision 0140): the list's columns, filters and data
 * scope. The rows are the providing room's query (its port's `select`); finance puts its mapping
 * and the owner's name beside each, and keeps the mapped or the unmapped side as the list does.
 */
function partiesExport(kind: ErpPartyKind): ExportSource<ErpPartyQuery> {
  return defineExportSource<ErpPartyQuery>({
    key: `finance.erp-${kind}s`,
    perm: erpPartyPerm(kind),
    query: erpPartyQuery,
    title: TITLE[kind],
    columns: [
      { zh: '编号', en: 'Code', width: 18 },
      { zh: '名称', en: 'Name', width: 32 },
      { zh: '国家/地区', en: 'Country', width: 10 },
      { zh: '负责人', en: 'Owner', width: 16 },
      { zh: '金蝶编码', en: 'Kingdee code', width: 18 },
      { zh: '金蝶名称', en: 'Kingdee name', width: 32 },
    ],
    async count(db, auth, q) {
      const port = partiesPortOf(db, kind);
      const codes = q.mapped
        ? {
            in: q.mapped === 'yes',
            list: (
              await db
                .select({ code: finErpMappings.ourCode })
                .from(finErpMappings)
                .where(eq(finErpMappings.kind, kind))
            ).map((m) => m.code),
          }
        : undefined;
      return (await port.page({ ...partyFilter(auth, q), codes, page: 1, size: 1 })).total;
    },
    select(db, auth, q, locale: Locale) {
      const port = partiesPortOf(db, kind);
      if (!port.select) throw new AppError('FIN_ERP_PARTIES_UNAVAILABLE', { vars: { value: ROOM[kind] } });
      const inner = port.select(partyFilter(auth, q));
      const n = inner.params.length;
      const owner = locale === 'en' ? `coalesce(nullif(u.name_en, ''), u.name)` : 'u.name';
      const side = q.mapped === 'yes' ? 'where m.id is not null' : q.mapped === 'no' ? 'where m.id is null' : '';
      return {
        sql: `select p.code, p.name, p.country, ${owner}, m.kingdee_code, m.kingdee_name
          from (${inner.sql}) as p(id, code, name, country, owner_id)
          left join fin_erp_mappings m on m.kind = $${n + 1} and m.our_code = p.code
          left join staff_users u on u.id = p.owner_id
          ${side}
          order by p.id desc`,
        params: [...inner.params, kind],
      };
    },
    cells(row) {
      return row.map((v) => (v == null || v === '' ? null : String(v)));
    },
  });
}

export const erpPartiesExports = Object.fromEntries(ERP_PARTY_KINDS.map((k) => [k, partiesExport(k)])) as Record<
  ErpPartyKind,
  ExportSource<ErpPartyQuery>
>;
