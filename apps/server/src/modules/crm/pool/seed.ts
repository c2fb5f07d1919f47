import type { SeedContext } from '../../../platform/seed/context.js';
import { crmChurnRules, crmLevelRules, crmRetentionRules } from './schema.js';

/**
 * The open-sea rules a new company starts with (each one row per scope: a second run adds nothing):
 * customers return after 90 days without a follow-up or a year without a deal (level A: twice as
 * long), owners hear of it a week before; up to 300 customers and 20 locks per person, 20 claims a
 * day, a week's cool-down for the previous owner and a day's embargo for everyone.
 */
export async function seedPoolRules({ db }: SeedContext): Promise<void> {
  await db
    .insert(crmRetentionRules)
    .values([
      { level: null, followUpDays: 90, dealDays: 365, noticeDays: 7, remark: '默认 / default' },
      { level: 'A', followUpDays: 180, dealDays: 730, noticeDays: 14, remark: 'A 类客户 / strategic customers' },
    ])
    .onConflictDoNothing();
  await db
    .insert(crmLevelRules)
    .values({
      subject: 'company',
      userLimit: 300,
      countDealt: false,
      lockLimit: 20,
      dailyClaimCap: 20,
      cooldownDays: 7,
      embargoDays: 1,
    })
    .onConflictDoNothing();
  await db
    .insert(crmChurnRules)
    .values({ level: null, dropPercent: 50, windowDays: 30, returnToSea: false })
    .onConflictDoNothing();
}
