import { asc, eq, isNull } from 'drizzle-orm';
import { departments } from '../../platform/access/schema.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { crmOpportunityStages } from './schema.js';

export interface Stage {
  code: string;
  name: string;
  nameEn: string;
  winRate: number;
}

/**
 * The opportunity stages of a department group: those of the department itself or of its nearest
 * ancestor with stages of its own, else the company default (department null).
 */
export async function stagesFor(db: DbOrTx, departmentId: number | null): Promise<Stage[]> {
  const cols = {
    code: crmOpportunityStages.code,
    name: crmOpportunityStages.name,
    nameEn: crmOpportunityStages.nameEn,
    winRate: crmOpportunityStages.winRate,
  };
  let dept = departmentId;
  for (let hops = 0; dept !== null && hops < 20; hops++) {
    const own = await db
      .select(cols)
      .from(crmOpportunityStages)
      .where(eq(crmOpportunityStages.departmentId, dept))
      .orderBy(asc(crmOpportunityStages.sort));
    if (own.length) return own;
    const [up] = await db.select({ parentId: departments.parentId }).from(departments).where(eq(departments.id, dept));
    dept = up?.parentId ?? null;
  }
  return db
    .select(cols)
    .from(crmOpportunityStages)
    .where(isNull(crmOpportunityStages.departmentId))
    .orderBy(asc(crmOpportunityStages.sort));
}
