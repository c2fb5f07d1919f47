import { sql } from 'drizzle-orm';

/**
 * The enabled retention rule of customer `c` (a table alias): its level's, else the one without a
 * level.
 */
const ruleOf = (c: string) => `(select r.* from crm_retention_rules r
  where r.enabled and (r.level = ${c}.level or r.level is null) order by r.level is null limit 1)`;

/**
 * When customer `c` returns to the open sea: the earlier of its last contact (or owner time) plus
 * the rule's follow-up days and its owner time plus the deal days (a condition with 0 days is off).
 * None for a customer that is not private, or locked, dealt, or without a rule.
 */
export const returnAtOf = (c: string) => {
  const since = `coalesce(${c}.owned_at, ${c}.created_at)`;
  const contact = `greatest(${since}, coalesce(${c}.last_contact_at, ${since}))`;
  return sql.raw(`(case when ${c}.state = 'private' and not ${c}.locked and not ${c}.dealt and ${c}.owner_id is not null
    then (select least(
      case when r.follow_up_days > 0 then ${contact} + make_interval(days => r.follow_up_days) end,
      case when r.deal_days > 0 then ${since} + make_interval(days => r.deal_days) end)
      from ${ruleOf(c)} r) end)`);
};

/** The notice days of customer `c`'s retention rule (0 without one). */
export const noticeDaysOf = (c: string) => sql.raw(`coalesce((select r.notice_days from ${ruleOf(c)} r), 0)`);
