import { mainAccountEntryResource, TOP_UP_KINDS } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { bindResource } from '../../../platform/resource/index.js';
import { entries, financeScope } from '../accounts.js';

const kinds = sql.join(
  TOP_UP_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * `recharge-record/main-account` (decision 0134): the top-ups of main accounts (accounts another
 * account names as its main account) and the allocations inside their groups — out, back, between
 * sub-accounts (decision 0141) — each once, on its negative side (the source), with the account it
 * went to and its direction `from → to`.
 */
export const mainAccountEntries = bindResource(mainAccountEntryResource, {
  scopeOf: financeScope,
  table: entries.table,
  columns: {
    ...entries.columns,
    subAccountCode: sql`(select s.code from fin_applications p join fin_accounts s on s.id = p.sub_account_id
      where p.id = "fin_ledger_entries"."application_id" and "fin_ledger_entries"."kind" = 'allocation')`,
    direction: sql`(select f.code || ' → ' || s.code from fin_applications p join fin_accounts f on f.id = p.account_id
      join fin_accounts s on s.id = p.sub_account_id
      where p.id = "fin_ledger_entries"."application_id" and "fin_ledger_entries"."kind" = 'allocation')`,
  },
  rows: sql`(("fin_ledger_entries"."kind" in (${kinds}) and exists (select 1 from fin_accounts s
    where s.main_account_id = "fin_ledger_entries"."account_id"))
    or ("fin_ledger_entries"."kind" = 'allocation' and "fin_ledger_entries"."amount" < 0))`,
});
