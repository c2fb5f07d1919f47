import {
  bukaAllowResource,
  churnRuleResource,
  freeMailDomainResource,
  levelRuleResource,
  retentionRuleResource,
} from '@portal/contracts/crm';
import type { ResourceDef } from '@portal/contracts/resource';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../platform/db/index.js';
import { checkDictValues } from '../../../platform/dict/service.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource, type ResourceHooks } from '../../../platform/resource/index.js';
import { crmFreeMailDomains } from '../schema.js';
import { crmBukaAllow, crmChurnRules, crmLevelRules, crmRetentionRules } from './schema.js';

type Table = PgTable & { id: PgColumn };

/**
 * Settings hooks of a rule: dictionary values checked, one row per scope (`scope` names the
 * record's scope as SQL and as text), the update time kept. Domains are lower case by their pattern.
 */
function ruleHooks(
  def: ResourceDef,
  table: Table,
  scope: (v: Values) => { where: SQL; text: string },
  check?: (v: Values) => void,
): ResourceHooks {
  const unique = async (tx: Tx, v: Values, selfId?: number) => {
    const s = scope(v);
    const [other] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(s.where, selfId ? ne(table.id, selfId) : undefined));
    if (other) throw new AppError('CRM_RULE_EXISTS', { vars: { value: s.text } });
  };
  return {
    async beforeCreate(ctx, input) {
      check?.(input);
      await checkDictValues(ctx.tx, def.fields, input, 'CRM_DICT_VALUE_UNKNOWN');
      await unique(ctx.tx, input);
      return { updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before, patch) {
      const v = { ...before, ...patch };
      check?.(v);
      await checkDictValues(ctx.tx, def.fields, patch, 'CRM_DICT_VALUE_UNKNOWN');
      await unique(ctx.tx, v, before.id as number);
      return { updatedAt: ctx.p.clock.now() };
    },
  };
}

const byLevel = (level: PgColumn) => (v: Values) => ({
  where: sql`coalesce(${level}, '') = ${(v.level as string | null | undefined) ?? ''}`,
  text: (v.level as string | null | undefined) ?? '*',
});

export const retentionRules = bindResource(retentionRuleResource, {
  table: crmRetentionRules,
  columns: {
    level: crmRetentionRules.level,
    followUpDays: crmRetentionRules.followUpDays,
    dealDays: crmRetentionRules.dealDays,
    noticeDays: crmRetentionRules.noticeDays,
    enabled: crmRetentionRules.enabled,
    remark: crmRetentionRules.remark,
    updatedAt: crmRetentionRules.updatedAt,
  },
  hooks: ruleHooks(retentionRuleResource, crmRetentionRules, byLevel(crmRetentionRules.level)),
});

/** A company rule names nobody; a department rule its department only; a user rule its user only. */
function checkSubject(v: Values) {
  const dept = v.departmentId !== null && v.departmentId !== undefined;
  const user = v.userId !== null && v.userId !== undefined;
  const fits = v.subject === 'company' ? !dept && !user : v.subject === 'department' ? dept && !user : user && !dept;
  if (!fits) throw new AppError('CRM_RULE_SUBJECT', { vars: { value: String(v.subject) } });
}

export const levelRules = bindResource(levelRuleResource, {
  table: crmLevelRules,
  columns: {
    appliesTo: sql`(case "crm_level_rules"."subject"
      when 'user' then coalesce((select u.name from staff_users u where u.id = "crm_level_rules"."user_id"),
        '#' || "crm_level_rules"."user_id")
      when 'department' then coalesce((select d.name from departments d where d.id = "crm_level_rules"."department_id"),
        '#' || "crm_level_rules"."department_id")
      else '*' end)`,
    subject: crmLevelRules.subject,
    departmentId: crmLevelRules.departmentId,
    userId: crmLevelRules.userId,
    userLimit: crmLevelRules.userLimit,
    departmentLimit: crmLevelRules.departmentLimit,
    countDealt: crmLevelRules.countDealt,
    lockLimit: crmLevelRules.lockLimit,
    dailyClaimCap: crmLevelRules.dailyClaimCap,
    cooldownDays: crmLevelRules.cooldownDays,
    embargoDays: crmLevelRules.embargoDays,
    updatedAt: crmLevelRules.updatedAt,
  },
  hooks: ruleHooks(
    levelRuleResource,
    crmLevelRules,
    (v) => ({
      where: sql`${crmLevelRules.subject} = ${String(v.subject)}
        and coalesce(${crmLevelRules.departmentId}, 0) = ${Number(v.departmentId ?? 0)}
        and coalesce(${crmLevelRules.userId}, 0) = ${Number(v.userId ?? 0)}`,
      text: `${v.subject} ${v.departmentId ?? v.userId ?? ''}`.trim(),
    }),
    checkSubject,
  ),
});

export const churnRules = bindResource(churnRuleResource, {
  table: crmChurnRules,
  columns: {
    level: crmChurnRules.level,
    dropPercent: crmChurnRules.dropPercent,
    windowDays: crmChurnRules.windowDays,
    returnToSea: crmChurnRules.returnToSea,
    enabled: crmChurnRules.enabled,
    updatedAt: crmChurnRules.updatedAt,
  },
  hooks: ruleHooks(churnRuleResource, crmChurnRules, byLevel(crmChurnRules.level)),
});

export const bukaAllow = bindResource(bukaAllowResource, {
  table: crmBukaAllow,
  columns: {
    userName: sql`coalesce((select u.name from staff_users u where u.id = "crm_buka_allow"."user_id"),
      '#' || "crm_buka_allow"."user_id")`,
    userId: crmBukaAllow.userId,
    until: crmBukaAllow.until,
    reason: crmBukaAllow.reason,
    updatedAt: crmBukaAllow.updatedAt,
  },
  hooks: ruleHooks(bukaAllowResource, crmBukaAllow, (v) => ({
    where: eq(crmBukaAllow.userId, Number(v.userId)),
    text: String(v.userId),
  })),
});

export const freeMailDomains = bindResource(freeMailDomainResource, {
  table: crmFreeMailDomains,
  search: { keyword: crmFreeMailDomains.search },
  columns: {
    domain: crmFreeMailDomains.domain,
    remark: crmFreeMailDomains.remark,
    updatedAt: crmFreeMailDomains.updatedAt,
  },
  hooks: ruleHooks(freeMailDomainResource, crmFreeMailDomains, (v) => ({
    where: eq(crmFreeMailDomains.domain, String(v.domain)),
    text: String(v.domain),
  })),
});

export const ruleResources = [retentionRules, levelRules, churnRules, bukaAllow, freeMailDomains];
