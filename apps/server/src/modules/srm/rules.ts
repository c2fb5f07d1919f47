import type { SeaRules } from '@portal/contracts/srm';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { OwnershipRules } from '../../platform/ownership/index.js';
import { seaRulesDoc } from './settings.js';

/** The sea rules as the ownership piece takes them (the same for every buyer; the zone of the cap's day is the company's). */
export async function seaRulesFor(db: DbOrTx, _userId: number): Promise<OwnershipRules> {
  const r = await seaRulesDoc.read(db);
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

/** Rules that contradict each other are refused rather than saved. */
export function checkSeaRules(r: SeaRules) {
  const problems: string[] = [];
  if (r.userLimit !== null && r.dailyClaimCap !== null && r.dailyClaimCap > r.userLimit)
    problems.push('dailyClaimCap > userLimit');
  if (r.userLimit !== null && r.departmentLimit !== null && r.departmentLimit < r.userLimit)
    problems.push('departmentLimit < userLimit');
  if (r.embargoDays > r.cooldownDays && r.cooldownDays > 0) problems.push('embargoDays > cooldownDays');
  if (problems.length) throw new AppError('SRM_SEA_RULES_INVALID', { vars: { value: problems.join('; ') } });
}
