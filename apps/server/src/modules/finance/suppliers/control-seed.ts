import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { userIdOf } from '../process.js';
import { finSupplierControls } from './schema.js';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const BLACKLIST = ['多次结算后拒不退还预付款', '通道资质被运营商吊销', '账单反复虚增，核对争议未决'] as const;
const EXEMPT = ['年度框架协议约定 60 天账期', '对账争议处理期间暂缓催付', '新签供应商首月观察期'] as const;
const WHITELIST = ['战略合作供应商，按季度结算', '集团内关联供应商'] as const;

/**
 * Demo supplier control lists (decision 0114): a few suppliers that hold supplier accounts on each
 * list, listed by finance01, some of them running out or not yet in force. Idempotent (once).
 */
export async function seedSupplierControls(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_supplier_controls`));
  if ((have?.n ?? 0) > 0) return;
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select distinct supplier_id as id from fin_supplier_accounts order by supplier_id limit 8`),
  ).map((r) => Number(r.id));
  if (ids.length < 8) return;
  const by = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  const now = Date.now();
  const rows = [
    ...BLACKLIST.map((reason, i) => ({
      kind: 'blacklist' as const,
      supplierId: ids[i]!,
      fromDay: day(now - (30 + 20 * i) * DAY),
      until: null,
      reason,
    })),
    ...EXEMPT.map((reason, i) => ({
      kind: 'exempt' as const,
      supplierId: ids[3 + i]!,
      fromDay: day(now - (10 + 5 * i) * DAY),
      until: day(now + (20 - 15 * i) * DAY),
      reason,
    })),
    ...WHITELIST.map((reason, i) => ({
      kind: 'whitelist' as const,
      supplierId: ids[6 + i]!,
      fromDay: day(now - 90 * DAY),
      until: null,
      reason,
    })),
  ];
  await db
    .insert(finSupplierControls)
    .values(rows.map((r, i) => ({ ...r, createdBy: by, updatedAt: new Date(now - i * 3_600_000) })))
    .onConflictDoNothing();
}
