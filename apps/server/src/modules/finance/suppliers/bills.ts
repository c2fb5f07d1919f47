import {
  reconConfigResource,
  SUPPLIER_CHANNEL_PRODUCT,
  type SupplierProduct,
  soaResource,
  supplierBillLineResource,
  supplierBillResource,
} from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { supplierFieldSql, supplierWithProducts } from '../../srm/index.js';
import { financeScope } from '../accounts.js';
import { type BillScope, billTotals, compareLines, ourCosts, type TheirLine, toleranceOf } from './bill-compare.js';
import {
  finReconConfig,
  finSoas,
  finSupplierAccounts,
  finSupplierBillLines,
  finSupplierBills,
  soaCodeSeq,
  supplierBillCodeSeq,
} from './schema.js';

const DAY = 86_400_000;
/** the longest period of a bill or statement */
const MAX_PERIOD_DAYS = 92;

/** `recon-config`: one row per product (FIN_RECON_PRODUCT_TAKEN). */
export const reconConfig = bindResource(reconConfigResource, {
  table: finReconConfig,
  columns: {
    product: finReconConfig.product,
    tolerancePct: finReconConfig.tolerancePct,
    toleranceAmount: finReconConfig.toleranceAmount,
    remark: finReconConfig.remark,
    updatedAt: finReconConfig.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const [taken] = await ctx.tx
        .select({ id: finReconConfig.id })
        .from(finReconConfig)
        .where(eq(finReconConfig.product, input.product as SupplierProduct));
      if (taken) throw new AppError('FIN_RECON_PRODUCT_TAKEN', { vars: { value: String(input.product) } });
      return { updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx) {
      return { updatedAt: ctx.p.clock.now() };
    },
  },
});

/** A period from its first day to its last, 92 days at most (FIN_BILL_PERIOD). */
function checkPeriod(from: string, to: string) {
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (!(days >= 0 && days < MAX_PERIOD_DAYS)) throw new AppError('FIN_BILL_PERIOD');
}

/** The supplier exists and carries the product (SRM's refs). */
async function checkSupplier(tx: DbOrTx, supplierId: number, product: SupplierProduct) {
  const supplier = await supplierWithProducts(tx, supplierId);
  if (!supplier) throw new AppError('SRM_SUPPLIER_UNKNOWN', { vars: { value: supplierId } });
  if (!supplier.products.has(SUPPLIER_CHANNEL_PRODUCT[product]))
    throw new AppError('FIN_SUPPLIER_NO_PRODUCT', { vars: { value: supplier.name } });
  return supplier;
}

const nextCode = async (tx: DbOrTx, seq: string, prefix: string) => {
  const [row] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${seq})::text as n`));
  return `${prefix}${row!.n}`;
};
export const nextBillCode = (tx: DbOrTx) => nextCode(tx, supplierBillCodeSeq.seqName!, 'SB');
export const nextSoaCode = (tx: DbOrTx) => nextCode(tx, soaCodeSeq.seqName!, 'SOA');

const billSupplier = sql`"fin_supplier_bills"."supplier_id"`;

/** `postpaid-supplier/bill-check`: scoped by the supplier's owner (finance staff: all). */
export const supplierBills = bindResource(supplierBillResource, {
  scopeOf: financeScope,
  table: finSupplierBills,
  search: { keyword: finSupplierBills.search },
  columns: {
    code: finSupplierBills.code,
    supplierId: finSupplierBills.supplierId,
    supplierName: supplierFieldSql(billSupplier, 'name'),
    ownerId: supplierFieldSql(billSupplier, 'owner_id'),
    product: finSupplierBills.product,
    currency: finSupplierBills.currency,
    periodFrom: finSupplierBills.periodFrom,
    periodTo: finSupplierBills.periodTo,
    reference: finSupplierBills.reference,
    state: finSupplierBills.state,
    theirAmount: finSupplierBills.theirAmount,
    ourCost: finSupplierBills.ourCost,
    difference: finSupplierBills.difference,
    lines: finSupplierBills.lines,
    flagged: finSupplierBills.flagged,
    note: finSupplierBills.note,
    paid: finSupplierBills.paid,
    payState: finSupplierBills.payState,
    checkedAt: finSupplierBills.checkedAt,
    createdAt: finSupplierBills.createdAt,
    sourceMailId: finSupplierBills.sourceMailId,
    sourceMailSubject: finSupplierBills.sourceMailSubject,
    sourceMailFrom: finSupplierBills.sourceMailFrom,
    sourceFile: finSupplierBills.sourceFile,
  },
  hooks: {
    // a draft: its lines come with the upload
    async beforeCreate(ctx, input) {
      checkPeriod(String(input.periodFrom), String(input.periodTo));
      await checkSupplier(ctx.tx, input.supplierId as number, input.product as SupplierProduct);
      return { code: await nextBillCode(ctx.tx), createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
  },
  commands: {
    async confirm(_ctx, bill, input) {
      if (bill.state !== 'checked') throw new AppError('FIN_BILL_STATE', { vars: { value: String(bill.code) } });
      return { set: { state: 'confirmed', note: input.note ?? bill.note ?? null } };
    },
    async dispute(_ctx, bill, input) {
      if (bill.state !== 'checked') throw new AppError('FIN_BILL_STATE', { vars: { value: String(bill.code) } });
      return { set: { state: 'disputed', note: input.note } };
    },
  },
});

const lineBill = (field: string) =>
  sql.raw(`(select b.${field} from fin_supplier_bills b where b.id = "fin_supplier_bill_lines"."bill_id")`);

/** A bill's lines (its Lines tab and export), scoped by the bill's supplier owner. */
export const supplierBillLines = bindResource(supplierBillLineResource, {
  scopeOf: financeScope,
  table: finSupplierBillLines,
  columns: {
    billId: finSupplierBillLines.billId,
    billCode: lineBill('code'),
    ownerId: supplierFieldSql(lineBill('supplier_id'), 'owner_id'),
    day: finSupplierBillLines.day,
    country: finSupplierBillLines.country,
    theirCount: finSupplierBillLines.theirCount,
    ourCount: finSupplierBillLines.ourCount,
    theirAmount: finSupplierBillLines.theirAmount,
    ourCost: finSupplierBillLines.ourCost,
    difference: finSupplierBillLines.difference,
    flagged: finSupplierBillLines.flagged,
  },
});

/** the mail a bill's lines were read from */
export interface BillSource {
  mailId: number;
  subject: string;
  from: string;
  fileName: string;
}

/**
 * Replaces a bill's lines with their uploaded lines compared with our cost, writes the totals and
 * moves it to `checked` (a draft, or a checked bill uploaded again). A day outside the period
 * refuses the whole upload (FIN_BILL_LINE_OUTSIDE). The caller has locked the bill.
 */
export async function checkBill(
  tx: Tx,
  bill: BillScope & { id: number },
  theirs: readonly TheirLine[],
  now: Date,
  /** the mail the lines were read from (decision 0126); an upload forgets an earlier one */
  source: BillSource | null = null,
) {
  const outside = theirs.find((l) => l.day < bill.periodFrom || l.day > bill.periodTo);
  if (outside) throw new AppError('FIN_BILL_LINE_OUTSIDE', { vars: { value: outside.day } });
  const lines = compareLines(theirs, await ourCosts(tx, bill), await toleranceOf(tx, bill.product));
  await tx.delete(finSupplierBillLines).where(eq(finSupplierBillLines.billId, bill.id));
  if (lines.length) await tx.insert(finSupplierBillLines).values(lines.map((l) => ({ ...l, billId: bill.id })));
  const totals = billTotals(lines);
  await tx
    .update(finSupplierBills)
    .set({
      ...totals,
      state: 'checked',
      checkedAt: now,
      sourceMailId: source?.mailId ?? null,
      sourceMailSubject: source?.subject ?? null,
      sourceMailFrom: source?.from ?? null,
      sourceFile: source?.fileName ?? null,
      version: sql`${finSupplierBills.version} + 1`,
    })
    .where(eq(finSupplierBills.id, bill.id));
  return totals;
}

/**
 * Our side of a statement: the supplier account's entries before the period (opening) and in it by
 * kind, in minor units; no account is FIN_SOA_NO_ACCOUNT.
 */
export async function soaOurSide(
  tx: DbOrTx,
  q: { supplierId: number; product: SupplierProduct; currency: string; periodFrom: string; periodTo: string },
  supplierName: string,
) {
  const [account] = await tx
    .select({ id: finSupplierAccounts.id })
    .from(finSupplierAccounts)
    .where(
      and(
        eq(finSupplierAccounts.supplierId, q.supplierId),
        eq(finSupplierAccounts.product, q.product),
        eq(finSupplierAccounts.currency, q.currency),
      ),
    );
  if (!account) throw new AppError('FIN_SOA_NO_ACCOUNT', { vars: { value: supplierName } });
  const [r] = rowsOf<Record<'opening' | 'costs' | 'payments' | 'adjustments', string>>(
    await tx.execute(sql`select
        coalesce(sum(amount) filter (where day < ${q.periodFrom}), 0)::text as opening,
        coalesce(sum(amount) filter (where day >= ${q.periodFrom} and kind = 'cost'), 0)::text as costs,
        coalesce(sum(amount) filter (where day >= ${q.periodFrom} and kind in ('prepayment', 'payment')), 0)::text as payments,
        coalesce(sum(amount) filter (where day >= ${q.periodFrom} and kind in ('bill', 'adjustment')), 0)::text as adjustments
      from fin_supplier_entries where supplier_account_id = ${account.id} and day <= ${q.periodTo}`),
  );
  const side = {
    opening: Number(r!.opening),
    costs: Number(r!.costs),
    payments: Number(r!.payments),
    adjustments: Number(r!.adjustments),
  };
  return { ...side, closing: side.opening + side.costs + side.payments + side.adjustments };
}

const soaSupplier = sql`"fin_soas"."supplier_id"`;
const openSoa = (soa: Values) => {
  if (soa.state === 'agreed') throw new AppError('FIN_SOA_STATE', { vars: { value: String(soa.code) } });
};

/** `postpaid-supplier/soa-manage`: statements of account, scoped by the supplier's owner. */
export const soas = bindResource(soaResource, {
  scopeOf: financeScope,
  table: finSoas,
  search: { keyword: finSoas.search },
  columns: {
    code: finSoas.code,
    supplierId: finSoas.supplierId,
    supplierName: supplierFieldSql(soaSupplier, 'name'),
    ownerId: supplierFieldSql(soaSupplier, 'owner_id'),
    product: finSoas.product,
    currency: finSoas.currency,
    periodFrom: finSoas.periodFrom,
    periodTo: finSoas.periodTo,
    opening: finSoas.opening,
    costs: finSoas.costs,
    payments: finSoas.payments,
    adjustments: finSoas.adjustments,
    closing: finSoas.closing,
    theirClosing: finSoas.theirClosing,
    difference: sql`"fin_soas"."their_closing" - "fin_soas"."closing"`,
    state: finSoas.state,
    note: finSoas.note,
    createdAt: finSoas.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      checkPeriod(String(input.periodFrom), String(input.periodTo));
      const product = input.product as SupplierProduct;
      const supplier = await checkSupplier(ctx.tx, input.supplierId as number, product);
      const ours = await soaOurSide(
        ctx.tx,
        {
          supplierId: input.supplierId as number,
          product,
          currency: String(input.currency),
          periodFrom: String(input.periodFrom),
          periodTo: String(input.periodTo),
        },
        supplier.name,
      );
      return { ...ours, code: await nextSoaCode(ctx.tx), createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
    // their closing balance may be corrected until both sides agree
    async beforeUpdate(_ctx, before) {
      openSoa(before);
      return {};
    },
  },
  commands: {
    async agree(_ctx, soa, input) {
      openSoa(soa);
      return { set: { state: 'agreed', note: input.note ?? soa.note ?? null } };
    },
    async dispute(_ctx, soa, input) {
      openSoa(soa);
      return { set: { state: 'disputed', note: input.note } };
    },
  },
});
