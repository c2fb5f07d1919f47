import type { DbOrTx } from '../../platform/db/index.js';
import type { OwnershipRules } from '../../platform/ownership/index.js';
import { readSeaRules } from './settings.js';

/** The sea rules as the ownership piece takes them (the same for every buyer; the zone of the cap's day is the company's). */
export async function seaRulesFor(db: DbOrTx, _userId: number): Promise<OwnershipRules> {
  const r = await readSeaRules(db);
  return {
    userLimit: r.userLimit,
    departmentLimit: r.departmentLimit,
    countDealt: r.countAdmitted,
    dailyClaimCap: r.dailyClaimCap,
    cooldownDays: r.cooldownDays,
    embargoDays: r.embargoDays,
    timeZone: 'Asia/Shanghai',
  };
}
