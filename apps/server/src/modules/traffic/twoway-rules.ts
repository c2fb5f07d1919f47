import { ruleText, twoWayRuleResource } from '@portal/contracts/traffic';
import { AppError } from '../../platform/http/errors.js';
import type { Values, WriteContext } from '../../platform/resource/index.js';
import { bindResource } from '../../platform/resource/index.js';
import { trafficTwoWayRules as t } from './schema.js';

/** an auto reply says something; keywords are kept as an MO is matched (trimmed, upper case) */
function checkRule(after: Values): Values {
  if (after.action === 'reply' && !String(after.replyText ?? '').trim()) throw new AppError('TRF_RULE_REPLY_REQUIRED');
  return after.keyword === undefined ? {} : { keyword: ruleText(String(after.keyword)) };
}

/**
 * operate-set/two-way on the kernel (decision 0106): keyword rules for MO messages, one per keyword
 * and account (or global: no account); a second one is refused as a duplicate.
 */
export const twoWayRules = bindResource(twoWayRuleResource, {
  table: t,
  columns: {
    keyword: t.keyword,
    match: t.match,
    action: t.action,
    replyText: t.replyText,
    accountId: t.accountId,
    enabled: t.enabled,
    updatedBy: t.updatedBy,
    updatedAt: t.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx: WriteContext, input: Values) {
      return { ...checkRule(input), updatedBy: ctx.auth.userId, updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx: WriteContext, before: Values, patch: Values) {
      const fixed = checkRule({ ...before, ...patch });
      return {
        ...(patch.keyword === undefined ? {} : fixed),
        updatedBy: ctx.auth.userId,
        updatedAt: ctx.p.clock.now(),
      };
    },
  },
});
