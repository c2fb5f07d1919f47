import type { SupplierBillDifference } from '@portal/contracts/finance';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { runCommand } from '../../approval/index.js';
import { pgError } from '../ledger.js';
import { startSupplier } from './applications.js';
import { billAccount, lockBillInScope } from './bill-pay.js';
import { finSupplierApplications } from './schema.js';

/**
 * Posts a confirmed bill's difference (theirs − our cost) on the supplier account (decision 0125): a
 * supplier `bill` application naming the bill, amount −difference (they bill more: we owe more), through
 * the supplier-money approval; the entry is posted when approved. Once per bill: refused while one is
 * under review or approved (the bill is locked while checking; a partial unique index besides).
 */
export async function postBillDifference(p: Platform, auth: AuthContext, billId: number, body: SupplierBillDifference) {
  try {
    return await runCommand(p, async (tx, out) => {
      const bill = await lockBillInScope(tx, auth, billId);
      if (bill.state !== 'confirmed' || bill.difference === 0)
        throw new AppError('FIN_SUPPLIER_BILL_NO_DIFFERENCE', { vars: { value: bill.code } });
      const [taken] = await tx
        .select({ id: finSupplierApplications.id })
        .from(finSupplierApplications)
        .where(
          and(
            eq(finSupplierApplications.billId, bill.id),
            eq(finSupplierApplications.kind, 'bill'),
            inArray(finSupplierApplications.state, ['pending', 'approved']),
          ),
        );
      if (taken) throw new AppError('FIN_SUPPLIER_BILL_DIFFERENCE_POSTED', { vars: { value: bill.code } });
      return startSupplier(
        tx,
        out,
        auth,
        {
          supplierAccountId: await billAccount(tx, bill),
          kind: 'bill',
          amount: -bill.difference,
          reference: bill.code,
          reason: body.reason,
        },
        out.now,
        bill.id,
      );
    });
  } catch (err) {
    const pg = pgError(err);
    if (pg.code === '23505' && pg.constraint === 'fin_supplier_applications_bill_difference_uq')
      throw new AppError('FIN_SUPPLIER_BILL_DIFFERENCE_POSTED', { vars: { value: String(billId) } });
    throw err;
  }
}
