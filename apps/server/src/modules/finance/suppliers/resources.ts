import {
  SUPPLIER_CHANNEL_PRODUCT,
  SUPPLIER_PRODUCTS,
  type SupplierProduct,
  supplierAccountResource,
  supplierApplicationResource,
  supplierEntryResource,
} from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource } from '../../../platform/resource/index.js';
import { supplierFieldSql, supplierWithProducts } from '../../srm/index.js';
import { financeScope } from '../accounts.js';
import { finSupplierAccounts, finSupplierApplications, finSupplierEntries, supplierAccountCodeSeq } from './schema.js';

const accountSupplier = sql`"fin_supplier_accounts"."supplier_id"`;
/** the supplier's owner of a supplier account: whose data scope covers it (finance staff: all) */
export const supplierAccountOwnerSql = supplierFieldSql(accountSupplier, 'owner_id');
const entryAccount = (field: 'code' | 'supplier_id') =>
  sql.raw(`(select a.${field} from fin_supplier_accounts a where a.id = "fin_supplier_entries"."supplier_account_id")`);

const bindAccounts = (product: SupplierProduct) =>
  bindResource(supplierAccountResource(product), {
    scopeOf: financeScope,
    table: finSupplierAccounts,
    rows: eq(finSupplierAccounts.product, product),
    columns: {
      code: finSupplierAccounts.code,
      supplierId: finSupplierAccounts.supplierId,
      supplierCode: supplierFieldSql(accountSupplier, 'code'),
      supplierName: supplierFieldSql(accountSupplier, 'name'),
      ownerId: supplierAccountOwnerSql,
      currency: finSupplierAccounts.currency,
      balance: finSupplierAccounts.balance,
      prepaid: finSupplierAccounts.prepaid,
      costs: finSupplierAccounts.costs,
      lastEntryAt: finSupplierAccounts.lastEntryAt,
      createdAt: finSupplierAccounts.createdAt,
    },
    hooks: {
      // an account is opened for a supplier that carries this product, once per currency; it starts at zero
      async beforeCreate(ctx, input) {
        const supplierId = input.supplierId as number;
        const supplier = await supplierWithProducts(ctx.tx, supplierId);
        if (!supplier) throw new AppError('SRM_SUPPLIER_UNKNOWN', { vars: { value: supplierId } });
        if (!supplier.products.has(SUPPLIER_CHANNEL_PRODUCT[product]))
          throw new AppError('FIN_SUPPLIER_NO_PRODUCT', { vars: { value: supplier.name } });
        const [taken] = await ctx.tx
          .select({ id: finSupplierAccounts.id })
          .from(finSupplierAccounts)
          .where(
            sql`${finSupplierAccounts.supplierId} = ${supplierId} and ${finSupplierAccounts.product} = ${product}
              and ${finSupplierAccounts.currency} = ${input.currency as string}`,
          );
        if (taken) throw new AppError('FIN_SUPPLIER_ACCOUNT_EXISTS', { vars: { value: supplier.name } });
        return {
          code: await nextSupplierAccountCode(ctx.tx),
          product,
          createdBy: ctx.auth.userId,
          createdAt: ctx.p.clock.now(),
        };
      },
    },
  });

const bindEntries = (product: SupplierProduct) =>
  bindResource(supplierEntryResource(product), {
    scopeOf: financeScope,
    table: finSupplierEntries,
    rows: sql`exists (select 1 from fin_supplier_accounts a where a.id = "fin_supplier_entries"."supplier_account_id" and a.product = ${product})`,
    columns: {
      key: finSupplierEntries.key,
      supplierAccountId: finSupplierEntries.supplierAccountId,
      accountCode: entryAccount('code'),
      ownerId: supplierFieldSql(entryAccount('supplier_id'), 'owner_id'),
      kind: finSupplierEntries.kind,
      amount: finSupplierEntries.amount,
      currency: finSupplierEntries.currency,
      balanceAfter: finSupplierEntries.balanceAfter,
      day: finSupplierEntries.day,
      applicationCode: sql`(select s.code from fin_supplier_applications s where s.id = "fin_supplier_entries"."application_id")`,
      note: finSupplierEntries.note,
      createdAt: finSupplierEntries.createdAt,
    },
  });

const applicationAccount = (field: 'code' | 'supplier_id') =>
  sql.raw(
    `(select a.${field} from fin_supplier_accounts a where a.id = "fin_supplier_applications"."supplier_account_id")`,
  );
const userName = (col: string) =>
  sql`(select u.name from ${staffUsers} u where u.id = ${sql.raw(`"fin_supplier_applications"."${col}"`)})`;

/** One product's supplier applications (decision 0104): read-only, scoped by the supplier's owner. */
const bindApplications = (product: SupplierProduct) =>
  bindResource(supplierApplicationResource(product), {
    scopeOf: financeScope,
    table: finSupplierApplications,
    search: { keyword: finSupplierApplications.search },
    rows: sql`exists (select 1 from fin_supplier_accounts a where a.id = "fin_supplier_applications"."supplier_account_id" and a.product = ${product})`,
    columns: {
      code: finSupplierApplications.code,
      kind: finSupplierApplications.kind,
      state: finSupplierApplications.state,
      supplierAccountId: finSupplierApplications.supplierAccountId,
      accountCode: applicationAccount('code'),
      supplierId: applicationAccount('supplier_id'),
      supplierName: supplierFieldSql(applicationAccount('supplier_id'), 'name'),
      ownerId: supplierFieldSql(applicationAccount('supplier_id'), 'owner_id'),
      amount: finSupplierApplications.amount,
      currency: finSupplierApplications.currency,
      reference: finSupplierApplications.reference,
      reason: finSupplierApplications.reason,
      instanceId: finSupplierApplications.instanceId,
      applicantName: userName('applicant_id'),
      deciderName: userName('decider_id'),
      balanceAfter: sql`(select e.balance_after from fin_supplier_entries e where e.id = "fin_supplier_applications"."entry_id")`,
      createdAt: finSupplierApplications.createdAt,
      decidedAt: finSupplierApplications.decidedAt,
    },
  });

export const supplierApplications = Object.fromEntries(
  SUPPLIER_PRODUCTS.map((p) => [p, bindApplications(p)]),
) as Record<SupplierProduct, ReturnType<typeof bindApplications>>;
export const supplierAccounts = Object.fromEntries(SUPPLIER_PRODUCTS.map((p) => [p, bindAccounts(p)])) as Record<
  SupplierProduct,
  ReturnType<typeof bindAccounts>
>;
export const supplierEntries = Object.fromEntries(SUPPLIER_PRODUCTS.map((p) => [p, bindEntries(p)])) as Record<
  SupplierProduct,
  ReturnType<typeof bindEntries>
>;

export async function nextSupplierAccountCode(tx: DbOrTx) {
  const [row] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval(${supplierAccountCodeSeq.seqName})::text as n`),
  );
  return `SA${row!.n}`;
}
