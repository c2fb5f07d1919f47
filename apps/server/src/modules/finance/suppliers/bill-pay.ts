import type { SupplierBillPay } from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../../platform/access/data-scope.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { runCommand } from '../../approval/index.js';
import { supplierFieldSql } from '../../srm/index.js';
import { financeScope } from '../accounts.js';
import { startSupplier } from './applications.js';
import { finSupplierAccounts, finSupplierApplications, finSupplierBills } from './schema.js';

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/**
 * Applies to pay a confirmed supplier bill (decision 0120): a supplier `payment` application on the
 * account of the bill's supplier, product and currency, naming the bill. The bill is locked while the
 * amount is checked against what it still owes less the payments under review, so two applications
 * at once never ask for more than the bill. Nothing is paid until the payment is approved.
 */
export async function payBill(p: Platform, auth: AuthContext, billId: number, body: SupplierBillPay) {
  return runCommand(p, async (tx, out) => {
    const bill = await lockBillInScope(tx, auth, billId);
    if (bill.state !== 'confirmed' || bill.paid >= bill.theirAmount)
      throw new AppError('FIN_SUPPLIER_BILL_UNPAYABLE', { vars: { value: bill.code } });
    const [pending] = rowsOf<{ sum: string }>(
      await tx.execute(sql`select coalesce(sum(amount), 0)::text as sum from ${finSupplierApplications}
        where bill_id = ${bill.id} and kind = 'payment' and state = 'pending'`),
    );
    const open = bill.theirAmount - bill.paid - Number(pending!.sum);
    if (body.amount > open)
      throw new AppError('FIN_SUPPLIER_BILL_OVERPAY', { vars: { value: money(Math.max(open, 0), bill.currency) } });
    return startSupplier(
      tx,
      out,
      auth,
      {
        supplierAccountId: await billAccount(tx, bill),
        kind: 'payment',
        amount: body.amount,
        reference: body.reference,
        reason: body.reason,
      },
      p.clock.now(),
      bill.id,
    );
  });
}

/** A supplier bill the caller may see (supplier-owner scope), locked for the rest of the transaction; else 404. */
export async function lockBillInScope(tx: Tx, auth: AuthContext, billId: number) {
  const b = finSupplierBills;
  const [bill] = await tx
    .select({
      id: b.id,
      code: b.code,
      supplierId: b.supplierId,
      product: b.product,
      currency: b.currency,
      state: b.state,
      theirAmount: b.theirAmount,
      difference: b.difference,
      paid: b.paid,
    })
    .from(b)
    .where(
      and(
        eq(b.id, billId),
        dataScopeWhere(financeScope(auth), supplierFieldSql(sql`"fin_supplier_bills"."supplier_id"`, 'owner_id')),
      ),
    )
    .for('update');
  if (!bill) throw new AppError('NOT_FOUND');
  return bill;
}

/** The supplier account of a bill's supplier, product and currency (FIN_SUPPLIER_BILL_NO_ACCOUNT when none). */
export async function billAccount(
  tx: Tx,
  bill: { code: string; supplierId: number; product: string; currency: string },
) {
  const [acc] = await tx
    .select({ id: finSupplierAccounts.id })
    .from(finSupplierAccounts)
    .where(
      and(
        eq(finSupplierAccounts.supplierId, bill.supplierId),
        sql`${finSupplierAccounts.product} = ${bill.product}`,
        eq(finSupplierAccounts.currency, bill.currency),
      ),
    );
  if (!acc) throw new AppError('FIN_SUPPLIER_BILL_NO_ACCOUNT', { vars: { value: bill.code } });
  return acc.id;
}

/**
 * An approved payment against a bill, in the approval's transaction: the bill's paid amount and its
 * state (unpaid, partly, paid). The database refuses paying more than the bill.
 */
export async function addBillPayment(tx: Tx, billId: number, amount: number) {
  const b = finSupplierBills;
  await tx
    .update(b)
    .set({
      paid: sql`${b.paid} + ${amount}`,
      payState: sql`case when ${b.paid} + ${amount} >= ${b.theirAmount} then 'paid' else 'partly' end`,
      version: sql`${b.version} + 1`,
    })
    .where(eq(b.id, billId));
}
