import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { crmApplications, crmCustomers } from './schema.js';

/**
 * Any action on a customer with an unfinished alias change answers 10050027 with the customer's
 * code and the request (`taskId`) the web's dialog opens the alias change records with.
 */
export async function assertNoPendingAlias(db: DbOrTx, customerIds: readonly number[]): Promise<void> {
  if (!customerIds.length) return;
  const [row] = await db
    .select({ code: crmCustomers.code, taskId: crmApplications.instanceId, record: crmApplications.code })
    .from(crmApplications)
    .innerJoin(crmCustomers, eq(crmCustomers.id, crmApplications.customerId))
    .where(
      and(
        inArray(crmApplications.customerId, [...customerIds]),
        eq(crmApplications.kind, 'alias'),
        eq(crmApplications.state, 'pending'),
      ),
    )
    .orderBy(asc(crmApplications.customerId))
    .limit(1);
  if (row)
    throw new AppError('ALIAS_CHANGE_PENDING', {
      vars: { value: row.code },
      data: { code: row.code, record: row.record, taskId: row.taskId },
    });
}
