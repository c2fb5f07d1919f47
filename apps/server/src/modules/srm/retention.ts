import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/index.js';
import { returnDue } from '../../platform/ownership/index.js';
import type { Platform } from '../../platform/platform.js';
import { supplierOwners } from './ownership.js';
import { applyLevelRules } from './purchase-rules.js';
import { retentionRulesDoc, seaRulesDoc } from './settings.js';

export const RETENTION_JOB = 'srm.sea-retention';
const BATCH = 500;

/**
 * Private suppliers nobody followed up for the retention days (their level's, else the sea rules')
 * return to the sea (reason `system`):
 * not admitted (an admitted supplier carries traffic and stays with its buyer), not locked; the last
 * follow-up, or the owner time when there was none since, starts the count.
 */
export async function returnIdleSuppliers(p: Platform): Promise<number> {
  const rules = await seaRulesDoc.read(p.db);
  // a level's own days (the retention rules) before the sea rules' days; 0 keeps the supplier
  const byLevel = JSON.stringify((await retentionRulesDoc.read(p.db)).byLevel);
  const now = p.clock.now();
  const days = sql`coalesce((select r.days from jsonb_to_recordset(${byLevel}::jsonb) as r(level text, days int)
    where r.level = srm_suppliers.level), ${rules.retentionDays}::int)`;
  let total = 0;
  for (;;) {
    const due = rowsOf<{ id: number }>(
      await p.db.execute(sql`select id from srm_suppliers
        where state = 'private' and not admitted and not locked and owner_id is not null and ${days} > 0
          and greatest(coalesce(last_contact_at, owned_at, created_at), coalesce(owned_at, created_at))
            < ${now.toISOString()}::timestamptz - make_interval(days => ${days})
        order by id limit ${BATCH}`),
    );
    const done = await returnDue(
      p,
      supplierOwners,
      due.map((d) => d.id),
    );
    total += done.length;
    if (due.length < BATCH || done.length === 0) return total;
  }
}

export function defineSrmJobs(p: Platform) {
  p.jobs.define(
    RETENTION_JOB,
    async () => {
      // levels first: the retention days are the level's
      await applyLevelRules(p);
      await returnIdleSuppliers(p);
    },
    { retryLimit: 2 },
  );
}
