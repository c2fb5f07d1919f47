import { opportunityResource } from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import { homeDepartment } from '../../platform/access/home-department.js';
import { staffUsers } from '../../platform/access/schema.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';
import { bindResource, type WriteContext } from '../../platform/resource/index.js';
import { writableCustomer } from './access.js';
import { customerNames } from './customer-refs.js';
import { crmOpportunities } from './schema.js';
import { stagesFor } from './stages.js';

/** The win rate of a stage of the owner's department group, or CRM_STAGE_UNKNOWN. */
async function winRateOf(db: DbOrTx, ownerId: number | null, stage: string): Promise<number> {
  const stages = await stagesFor(db, ownerId === null ? null : await homeDepartment(db, ownerId));
  const found = stages.find((s) => s.code === stage);
  if (!found) throw new AppError('CRM_STAGE_UNKNOWN', { vars: { value: stage } });
  return found.winRate;
}

const open = (o: Record<string, unknown>) => {
  if (o.status !== 'open') throw new AppError('CRM_OPPORTUNITY_CLOSED');
};

/** Closing: won counts fully, lost and invalid not at all. */
const close = (ctx: WriteContext, status: 'won' | 'lost' | 'invalid', extra: Record<string, unknown> = {}) => ({
  set: { status, winRate: status === 'won' ? 100 : 0, closedAt: ctx.p.clock.now(), ...extra },
});

const customerName = sql`(select c.name from crm_customers c where c.id = "crm_opportunities"."customer_id")`;
const ownerName = sql`(select u.name from ${staffUsers} u where u.id = "crm_opportunities"."owner_id")`;

/** Opportunities: stage and win rate from the owner's department group; closed ones are final. */
export const opportunities = bindResource(opportunityResource, {
  historyNames: { customerId: customerNames },
  table: crmOpportunities,
  search: { keyword: crmOpportunities.search },
  columns: {
    customerId: crmOpportunities.customerId,
    customerName,
    name: crmOpportunities.name,
    stage: crmOpportunities.stage,
    winRate: crmOpportunities.winRate,
    amount: crmOpportunities.amount,
    currency: crmOpportunities.currency,
    expectedCloseDate: crmOpportunities.expectedCloseDate,
    status: crmOpportunities.status,
    lostReason: crmOpportunities.lostReason,
    ownerId: crmOpportunities.ownerId,
    ownerName,
    closedAt: crmOpportunities.closedAt,
    createdAt: crmOpportunities.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const customer = await writableCustomer(ctx.tx, ctx.auth, input.customerId as number);
      return {
        ownerId: customer.ownerId,
        winRate: await winRateOf(ctx.tx, customer.ownerId, input.stage as string),
        createdAt: ctx.p.clock.now(),
      };
    },
    async beforeUpdate(ctx, before, patch) {
      open(before);
      if (patch.stage === undefined || patch.stage === before.stage) return {};
      return { winRate: await winRateOf(ctx.tx, before.ownerId as number | null, patch.stage as string) };
    },
  },
  commands: {
    async win(ctx, o) {
      open(o);
      return close(ctx, 'won');
    },
    async lose(ctx, o, input) {
      open(o);
      await checkDictValues(ctx.tx, opportunityResource.commands.lose.input, input, 'CRM_DICT_VALUE_UNKNOWN');
      return close(ctx, 'lost', { lostReason: input.lostReason });
    },
    async invalidate(ctx, o) {
      open(o);
      return close(ctx, 'invalid');
    },
  },
});
