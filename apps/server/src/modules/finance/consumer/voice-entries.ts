import { TOP_UP_KINDS, voiceEntryResource } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { bindResource } from '../../../platform/resource/index.js';
import { entries, financeScope } from '../accounts.js';

const kinds = sql.join(
  TOP_UP_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * `recharge-record/voice` (decision 0121): the platform records' columns over the top-ups of voice
 * accounts only (`rows`, applied on every path: page, detail, export).
 */
export const voiceEntries = bindResource(voiceEntryResource, {
  scopeOf: financeScope,
  table: entries.table,
  columns: entries.columns,
  rows: sql`"fin_ledger_entries"."kind" in (${kinds}) and exists (select 1 from fin_accounts v
    where v.id = "fin_ledger_entries"."account_id" and 'voice' = any(v.products))`,
});
