import { envelope } from '@portal/contracts';
import {
  ALLOCATION_BASE,
  accountApply,
  accountResource,
  accountStatus,
  allocationApply,
  applicationKindOptions,
  applyResult,
  billResource,
  CHANGE_BASE,
  type ChangeApply,
  type ChangeKind,
  type CreditKind,
  changeApply,
  creditApply,
  applicationDetail as detailSchema,
  type FinApplicationKind,
  FinPerm,
  type MoneyKind,
  moneyApply,
  REFUND_BASE,
  REINSTATE_BASE,
  reconResult,
  refundApply,
  reinstateApply,
  runResult,
  WRITE_OFF_BASE,
  writeOffApply,
} from '@portal/contracts/finance';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../../platform/audit/subject.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { sendXlsx } from '../../platform/http/xlsx-reply.js';
import type { Platform } from '../../platform/platform.js';
import { accountScopeWhere } from './accounts.js';
import {
  applicationDetail,
  applyAccount,
  applyAllocationFor,
  applyChange,
  applyCredit,
  applyMoney,
  applyRefund,
  applyReinstate,
  applyWriteOff,
} from './applications.js';
import { billStatement, runBills } from './bills.js';
import { runOverdue, today } from './overdue.js';
import { runReconciliation } from './recon.js';
import { finAccounts, finApplications, finBills } from './schema.js';
import { runStatements } from './statements.js';

const tags = ['finance'];
/**
 * An application on an account (its `accountId`; an allocation's is where the money goes) is a call on that
 * account: its audit row names it before the work, so the account's operation log lists refusals too.
 */
const onAccount = (req: FastifyRequest) =>
  stampAuditSubject(req, accountResource.key, (req.body as { accountId: number }).accountId);
/** an application route's action in the operation log: its kind's name */
const applying = (kind: FinApplicationKind) => applicationKindOptions.find((o) => o.value === kind)!.label;
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Money applications: where each is started, who may start it, and its section 7 detail call. */
const MONEY: { kind: MoneyKind; apply: string; perm: string; detail?: string; kinds?: FinApplicationKind[] }[] = [
  {
    kind: 'recharge',
    apply: '/v2/fc/financeRecharge/apply',
    perm: FinPerm.APPLY_RECHARGE,
    detail: '/v2/fc/financeRecharge/toAccount',
    // the recharge detail answers every top-up of the account (recharge, manual, gift)
    kinds: ['recharge', 'manual', 'gift'],
  },
  { kind: 'payment', apply: '/v2/fc/financepay/apply', perm: FinPerm.APPLY_PAYMENT, detail: '/v2/fc/financepay' },
  {
    kind: 'hedge',
    apply: '/v2/fc/financeRecharge/tripartite/apply',
    perm: FinPerm.APPLY_HEDGE,
    detail: '/v2/fc/financeRecharge/tripartite',
  },
  { kind: 'gift', apply: '/v2/fc/financeRecharge/gift/apply', perm: FinPerm.GIFTS },
  { kind: 'manual', apply: '/v2/fc/financeRecharge/manual/apply', perm: FinPerm.MANUAL },
];

/** The credit-control changes: who may apply, and what each is called in the API's summaries. */
const CHANGE: { kind: ChangeKind; perm: string; what: string }[] = [
  { kind: 'temp_credit', perm: FinPerm.APPLY_TEMP_CREDIT, what: 'temporary credit' },
  { kind: 'deferral', perm: FinPerm.APPLY_DEFERRAL, what: 'payment deferral' },
  { kind: 'billing_change', perm: FinPerm.APPLY_BILLING_CHANGE, what: 'billing-method change' },
  { kind: 'cycle_change', perm: FinPerm.APPLY_CYCLE_CHANGE, what: 'bill-cycle change' },
];

export async function financeRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Section 7: an application by id and by its approval request (scope: the account's, or mine). */
  const detailRoutes = (base: string, kinds: FinApplicationKind[], what: string) => {
    r.get(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Spec 7: a ${what} application by id`,
          params: z.object({ id }),
          response: { 200: envelope(detailSchema) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await applicationDetail(p.db, req.auth!, kinds, { id: req.params.id })),
    );
    r.get(
      `${base}/processInstance/:processId`,
      {
        schema: {
          tags,
          summary: `Spec 7: a ${what} application by its approval request`,
          params: z.object({ processId: id }),
          response: { 200: envelope(detailSchema) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await applicationDetail(p.db, req.auth!, kinds, { instanceId: req.params.processId })),
    );
  };

  r.post(
    '/v2/fc/account/apply',
    {
      schema: {
        tags,
        summary: 'Apply to open a consumer account for a customer in my scope; starts the approval request',
        body: accountApply,
        response: { 200: envelope(applyResult) },
      },
      config: { access: { perm: FinPerm.ACCOUNT_OPEN }, checkRepeat: true, auditAction: applying('open') },
    },
    async (req) => {
      const opened = await applyAccount(p, req.auth!, req.body);
      stampAuditSubject(req, accountResource.key, opened.id);
      return ok(opened);
    },
  );

  r.get(
    '/v2/fc/account/approvalStatus/:id',
    {
      schema: {
        tags,
        summary: 'accountApprovalStatus: an account’s state and its opening application',
        params: z.object({ id }),
        response: { 200: envelope(accountStatus) },
      },
      config: { access: { perm: FinPerm.ACCOUNTS } },
    },
    async (req) => {
      const [acc] = await p.db
        .select({ id: finAccounts.id, code: finAccounts.code, state: finAccounts.state })
        .from(finAccounts)
        .where(and(eq(finAccounts.id, req.params.id), accountScopeWhere(req.auth!)));
      if (!acc) throw new AppError('NOT_FOUND');
      const [open] = await p.db
        .select({ id: finApplications.id })
        .from(finApplications)
        .where(and(eq(finApplications.accountId, acc.id), eq(finApplications.kind, 'open')))
        .orderBy(desc(finApplications.id))
        .limit(1);
      const application = open ? await applicationDetail(p.db, req.auth!, ['open'], { id: open.id }) : null;
      return ok({ accountId: acc.id, code: acc.code, state: acc.state, application });
    },
  );

  for (const m of MONEY) {
    r.post(
      m.apply,
      {
        schema: {
          tags,
          summary: `Apply for a ${m.kind} into an active account in my scope; posted only when approved`,
          body: moneyApply,
          response: { 200: envelope(applyResult) },
        },
        config: { access: { perm: m.perm }, checkRepeat: true, auditAction: applying(m.kind) },
      },
      async (req) => {
        onAccount(req);
        return ok(await applyMoney(p, req.auth!, m.kind, req.body));
      },
    );
    if (m.detail) detailRoutes(m.detail, m.kinds ?? [m.kind], m.kind);
  }

  const CREDIT: { kind: CreditKind; base: string; perm: string }[] = [
    { kind: 'prepay_credit', base: '/v2/fc/cre/prepaidcredit', perm: FinPerm.APPLY_PREPAY_CREDIT },
    { kind: 'postpay_credit', base: '/v2/fc/cre/postpayCredit', perm: FinPerm.APPLY_POSTPAY_CREDIT },
  ];
  for (const c of CREDIT) {
    r.post(
      `${c.base}/apply`,
      {
        schema: {
          tags,
          summary: `Apply for a new ${c.kind === 'prepay_credit' ? 'prepaid' : 'postpaid'} credit line; set only when approved`,
          body: creditApply,
          response: { 200: envelope(applyResult) },
        },
        config: { access: { perm: c.perm }, checkRepeat: true, auditAction: applying(c.kind) },
      },
      async (req) => {
        onAccount(req);
        return ok(await applyCredit(p, req.auth!, c.kind, req.body));
      },
    );
    detailRoutes(c.base, [c.kind], c.kind);
  }

  for (const c of CHANGE) {
    r.post(
      `${CHANGE_BASE[c.kind]}/apply`,
      {
        schema: {
          tags,
          summary: `Apply for a ${c.what} of an active account in my scope; the account changes only when approved`,
          body: changeApply[c.kind],
          response: { 200: envelope(applyResult) },
        },
        config: { access: { perm: c.perm }, checkRepeat: true, auditAction: applying(c.kind) },
      },
      async (req) => {
        onAccount(req);
        return ok(await applyChange(p, req.auth!, c.kind, req.body as ChangeApply[typeof c.kind]));
      },
    );
    detailRoutes(CHANGE_BASE[c.kind], [c.kind], c.what);
  }

  r.post(
    `${REFUND_BASE}/apply`,
    {
      schema: {
        tags,
        summary:
          'bill-refund: apply to refund money an approved recharge or payment brought into an account in my scope; posted only when approved',
        body: refundApply,
        response: { 200: envelope(applyResult) },
      },
      config: { access: { perm: FinPerm.REFUNDS }, checkRepeat: true, auditAction: applying('refund') },
    },
    async (req) => {
      onAccount(req);
      return ok(await applyRefund(p, req.auth!, req.body));
    },
  );
  detailRoutes(REFUND_BASE, ['refund'], 'refund');

  r.post(
    `${WRITE_OFF_BASE}/apply`,
    {
      schema: {
        tags,
        summary:
          'Apply to write off an overdue bill of an account in my scope as bad debt (what it owes now); posted only when approved',
        body: writeOffApply,
        response: { 200: envelope(applyResult) },
      },
      config: { access: { perm: FinPerm.WRITE_OFF }, checkRepeat: true, auditAction: applying('write_off') },
    },
    async (req) => {
      stampAuditSubject(req, billResource.key, req.body.billId);
      return ok(await applyWriteOff(p, req.auth!, req.body));
    },
  );
  detailRoutes(WRITE_OFF_BASE, ['write_off'], 'write-off');

  r.post(
    `${REINSTATE_BASE}/apply`,
    {
      schema: {
        tags,
        summary: 'Apply to reinstate a suspended account in my scope (it sends again once approved; decision 0093)',
        body: reinstateApply,
        response: { 200: envelope(applyResult) },
      },
      config: { access: { perm: FinPerm.REINSTATE }, checkRepeat: true, auditAction: applying('reinstate') },
    },
    async (req) => {
      onAccount(req);
      return ok(await applyReinstate(p, req.auth!, req.body));
    },
  );
  detailRoutes(REINSTATE_BASE, ['reinstate'], 'reinstatement');

  r.post(
    `${ALLOCATION_BASE}/apply`,
    {
      schema: {
        tags,
        summary:
          'Apply to allocate money inside one group of accounts: from a main account to a sub-account, back, or between two sub-accounts (both in my scope); posted only when approved (decisions 0134, 0141)',
        body: allocationApply,
        response: { 200: envelope(applyResult) },
      },
      config: { access: { perm: FinPerm.ALLOCATE }, checkRepeat: true, auditAction: applying('allocation') },
    },
    async (req) => {
      onAccount(req);
      return ok(await applyAllocationFor(p, req.auth!, req.body));
    },
  );
  detailRoutes(ALLOCATION_BASE, ['allocation'], 'allocation');

  r.post(
    '/v2/fc/reconcile/run',
    {
      schema: {
        tags,
        summary: 'Run the ledger reconciliation now (the daily job’s check); a failure notifies finance',
        response: { 200: envelope(reconResult) },
      },
      config: { access: { perm: FinPerm.RECORDS }, checkRepeat: true },
    },
    async () => ok(await runReconciliation(p)),
  );

  r.post(
    '/v2/fc/bill/run',
    {
      schema: {
        tags,
        summary:
          'Run the bill run now (the daily job’s work at the app clock): bills for every closed period not billed yet, prepaid statements of the closed month',
        response: { 200: envelope(runResult) },
      },
      config: { access: { perm: FinPerm.BILLS }, checkRepeat: true },
    },
    async () => {
      const day = today(p);
      const bills = await runBills(p.db, day, p.clock.now());
      return ok({ day, bills, actions: 0, statements: await runStatements(p.db, day, p.clock.now()) });
    },
  );

  r.post(
    '/v2/fc/overdue/run',
    {
      schema: {
        tags,
        summary:
          'Run the overdue ladder now (the daily job’s work at the app clock): settle bills, fire due steps once',
        response: { 200: envelope(runResult) },
      },
      config: { access: { perm: FinPerm.CREDIT_CONTROL }, checkRepeat: true },
    },
    async () => {
      const day = today(p);
      return ok({ day, bills: 0, actions: await runOverdue(p, day), statements: 0 });
    },
  );

  r.get(
    '/v2/fc/bill/:id/statement',
    {
      schema: {
        tags,
        summary: 'A bill’s statement (XLSX): by day, product and country, and its total',
        params: z.object({ id }),
      },
      config: { access: { perm: FinPerm.BILLS } },
    },
    async (req, reply) => {
      const [bill] = await p.db
        .select({
          id: finBills.id,
          code: finBills.code,
          accountId: finBills.accountId,
          periodStart: finBills.periodStart,
          periodEnd: finBills.periodEnd,
          amount: finBills.amount,
          currency: finBills.currency,
        })
        .from(finBills)
        .innerJoin(finAccounts, eq(finAccounts.id, finBills.accountId))
        .where(and(eq(finBills.id, req.params.id), accountScopeWhere(req.auth!)));
      if (!bill) throw new AppError('NOT_FOUND');
      const stream = await billStatement(p.db, bill, localeOf(req.headers));
      return sendXlsx(reply, `${bill.code}.xlsx`, stream);
    },
  );
}
