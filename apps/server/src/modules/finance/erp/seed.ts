import { ERP_DOC_TYPES } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { type BilledPeriod, portOf } from '../../../platform/ports.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { userIdOf } from '../process.js';
import { type ProduceDeps, produceDocuments } from './produce.js';
import { finErpMappings, finErpMaterials } from './schema.js';

const MATERIALS = [
  ['MAT-SMS', '短信服务', 'sms', '条'],
  ['MAT-VOICE', '语音服务', 'voice', '分钟'],
  ['MAT-WA', 'WhatsApp 消息服务', 'whatsapp', '条'],
  ['MAT-NUM', '号码租用', 'number', '个'],
  ['MAT-EMAIL', '邮件发送服务', 'email', '封'],
  ['MAT-GW', '语音网关设备', 'device', '台'],
] as const;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Demo ERP data (decision 0118): the material list, the documents of the last 45 days produced from
 * the ledgers, a third of them approved by finance01, and mappings for the materials, currencies and
 * entities and some of the counterparts (the rest left unmapped, as a new customer would be).
 * Idempotent (once).
 */
export async function seedErp(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_erp_materials`));
  if ((have?.n ?? 0) > 0) return;
  await db
    .insert(finErpMaterials)
    .values(
      MATERIALS.map(([code, name, product, unit]) => ({ code, name, product, unit, isDefault: true, enabled: true })),
    );
  const now = new Date();
  const deps = {
    db,
    now,
    // the seed reads the reference tables as SRM's seed does (no platform, no event bus here)
    entities: async () =>
      rowsOf<{ id: number; code: string }>(await db.execute(sql`select id, code from ref_entities order by id`)),
    digits: async (c: string) =>
      Number(
        rowsOf<{ d: number }>(await db.execute(sql`select digits as d from ref_currencies where code = ${c}`))[0]?.d ??
          2,
      ),
    // the delivery orders' quantities from the seeded traffic's rollup (decision 0140)
    volumes: async (periods: BilledPeriod[]) =>
      (await portOf(db, 'traffic')?.billedVolumes?.(periods)) ?? periods.map(() => []),
  } satisfies ProduceDeps;
  const from = day(new Date(now.getTime() - 45 * 86_400_000));
  for (const type of ERP_DOC_TYPES) await produceDocuments(deps, type, from, day(now));
  const by = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  await db.execute(sql`update fin_erp_documents set state = 'approved', approved_by = ${by}, approved_at = created_at
    where id % 3 = 0`);
  const codes = rowsOf<{ kind: 'customer' | 'supplier' | 'currency' | 'entity'; code: string }>(
    await db.execute(sql`select distinct counterpart_kind as kind, counterpart_code as code from fin_erp_documents
        where id % 2 = 0
      union select distinct 'currency', currency from fin_erp_documents
      union select distinct 'entity', entity_code from fin_erp_documents where entity_code is not null`),
  );
  const kingdee = (kind: string, code: string) =>
    kind === 'currency'
      ? `PRE00${['CNY', 'USD', 'EUR', 'HKD'].indexOf(code) + 1}`
      : `${kind.slice(0, 2).toUpperCase()}.${code}`;
  const rows = [
    ...MATERIALS.map(([code, name]) => ({
      kind: 'material' as const,
      ourCode: code,
      kingdeeCode: `1.01.${code.slice(4)}`,
      kingdeeName: name,
    })),
    ...codes.map((c) => ({ kind: c.kind, ourCode: c.code, kingdeeCode: kingdee(c.kind, c.code), kingdeeName: null })),
  ];
  if (rows.length)
    await db
      .insert(finErpMappings)
      .values(rows.map((r) => ({ ...r, updatedBy: by })))
      .onConflictDoNothing();
}
