import { ERP_DOC_TYPES, type ErpDocType } from '@portal/contracts/finance';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import type { Platform } from '../../../platform/platform.js';
import { produceDeps, produceDocuments } from './produce.js';
import { finErpSettings } from './schema.js';

export const ERP_PRODUCE_JOB = 'finance.erp-produce';
/** how far back the daily run looks: a supplier bill is often confirmed weeks after its period */
export const DAILY_WINDOW_DAYS = 31;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The ERP settings (the row's defaults when nobody has saved them). */
export async function erpSettingsOf(db: Db) {
  const [row] = await db.select().from(finErpSettings).where(eq(finErpSettings.id, 1));
  return {
    dailyProduce: row?.dailyProduce ?? true,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/**
 * The daily production (decision 0127): every type's drafts of the days up to yesterday (`day`),
 * looking back DAILY_WINDOW_DAYS so that a source that became ready late (a bill confirmed after its
 * period) still gets its document. Idempotent like the button: a source makes one document. Off when
 * the setting says so.
 */
export async function runDailyProduce(p: Platform, day: string) {
  if (!(await erpSettingsOf(p.db)).dailyProduce) return { skipped: true as const };
  const from = dayOf(new Date(Date.parse(day) - (DAILY_WINDOW_DAYS - 1) * 86_400_000));
  const created = {} as Record<ErpDocType, number>;
  for (const type of ERP_DOC_TYPES) created[type] = (await produceDocuments(produceDeps(p), type, from, day)).created;
  return { skipped: false as const, from, to: day, created };
}

export function defineErpJobs(p: Platform) {
  p.jobs.define(
    ERP_PRODUCE_JOB,
    async (data: { day?: string }) => {
      const yesterday = dayOf(new Date(p.clock.now().getTime() - 86_400_000));
      const res = await runDailyProduce(p, data?.day ?? yesterday);
      p.log.info(res, 'finance: ERP documents produced');
    },
    { retryLimit: 2 },
  );
}
