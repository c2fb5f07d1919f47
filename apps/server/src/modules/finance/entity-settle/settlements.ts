import {
  entityProofreadDataResource,
  entityProofreadingResource,
  entityReportResource,
  type SettlementSide,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { entityNameSql } from '../../system/reference/index.js';
import { finEntitySettlementLines, finEntitySettlements } from './schema.js';

const col = (name: string) => sql.raw(`"fin_entity_settlements"."${name}"`);
const accountCode = (table: string) =>
  sql.raw(`(select a.code from fin_entity_accounts a where a.id = "${table}"."account_id")`);

/** A settlement row's columns, read alike by the report and the proofreading. */
const settlementColumns = {
  period: finEntitySettlements.period,
  accountId: finEntitySettlements.accountId,
  accountCode: accountCode('fin_entity_settlements'),
  sellerEntityId: finEntitySettlements.sellerEntityId,
  sellerName: entityNameSql(col('seller_entity_id')),
  buyerEntityId: finEntitySettlements.buyerEntityId,
  buyerName: entityNameSql(col('buyer_entity_id')),
  currency: finEntitySettlements.currency,
  count: finEntitySettlements.count,
  seconds: finEntitySettlements.seconds,
  cost: finEntitySettlements.cost,
  markupPct: finEntitySettlements.markupPct,
  amount: finEntitySettlements.amount,
  lines: finEntitySettlements.lines,
  state: finEntitySettlements.state,
  sellerAmount: finEntitySettlements.sellerAmount,
  buyerAmount: finEntitySettlements.buyerAmount,
  difference: sql`("fin_entity_settlements"."seller_amount" - "fin_entity_settlements"."buyer_amount")`,
  note: finEntitySettlements.note,
  generatedAt: finEntitySettlements.generatedAt,
  confirmedAt: finEntitySettlements.confirmedAt,
};

/** `entitySettle/report` (decision 0119): read only; written by the generation. */
export const entityReports = bindResource(entityReportResource, {
  table: finEntitySettlements,
  columns: settlementColumns,
});

const AMOUNT_OF: Record<SettlementSide, 'sellerAmount' | 'buyerAmount'> = {
  seller: 'sellerAmount',
  buyer: 'buyerAmount',
};
const OTHER: Record<SettlementSide, SettlementSide> = { seller: 'buyer', buyer: 'seller' };

function inState(record: Values, states: string[]) {
  if (!states.includes(String(record.state)))
    throw new AppError('FIN_ENTITY_SETTLE_STATE', { vars: { value: `${record.period} ${record.accountCode}` } });
}

/**
 * `entitySettle/proofreading` (decision 0119): each entity confirms the period's amount on its books.
 * Both confirmed and equal: confirmed (the generation keeps it from then on); both confirmed and
 * different: disputed; one side only: pending. A side disputes a pending period with a note, which
 * withdraws its amount; confirming again (a rebuild, or the same figure) brings it back.
 */
export const entityProofreadings = bindResource(entityProofreadingResource, {
  table: finEntitySettlements,
  columns: settlementColumns,
  commands: {
    async confirm(ctx, record, input) {
      inState(record, ['pending', 'disputed']);
      const side = input.side as SettlementSide;
      const mine = new Decimal(String(input.amount)).toFixed(4);
      const theirs = record[AMOUNT_OF[OTHER[side]]] as string | null;
      const state =
        theirs === null || theirs === undefined ? 'pending' : new Decimal(theirs).eq(mine) ? 'confirmed' : 'disputed';
      return {
        set: {
          [AMOUNT_OF[side]]: mine,
          state,
          confirmedAt: state === 'confirmed' ? ctx.p.clock.now() : null,
        },
      };
    },
    async dispute(_ctx, record, input) {
      inState(record, ['pending']);
      const side = input.side as SettlementSide;
      return { set: { [AMOUNT_OF[side]]: null, state: 'disputed', note: String(input.note).trim() } };
    },
  },
});

/** `proofreadData` (decision 0119): the lines behind each settlement, read only. */
export const entityProofreadData = bindResource(entityProofreadDataResource, {
  table: finEntitySettlementLines,
  columns: {
    settlementId: finEntitySettlementLines.settlementId,
    accountId: finEntitySettlementLines.accountId,
    period: finEntitySettlementLines.period,
    accountCode: accountCode('fin_entity_settlement_lines'),
    day: finEntitySettlementLines.day,
    product: finEntitySettlementLines.product,
    country: finEntitySettlementLines.country,
    currency: finEntitySettlementLines.currency,
    count: finEntitySettlementLines.count,
    seconds: finEntitySettlementLines.seconds,
    cost: finEntitySettlementLines.cost,
    amount: finEntitySettlementLines.amount,
  },
});
