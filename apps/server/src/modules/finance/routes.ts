import { envelope } from '@portal/contracts';
import {
  accountApply,
  accountStatus,
  applyResult,
  type CreditKind,
  creditApply,
  applicationDetail as detailSchema,
  type FinApplicationKind,
  FinPerm,
  type MoneyKind,
  moneyApply,
  reconResult,
} from '@portal/contracts/finance';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { accountScopeWhere } from './accounts.js';
import { applicationDetail, applyAccount, applyCredit, applyMoney } from './applications.js';
import { runReconciliation } from './recon.js';
import { finAccounts, finApplications } from './schema.js';

const tags = ['finance'];
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

export async function financeRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/fc/account/apply',
    {
      schema: {
        tags,
        summary: 'Apply to open a consumer account for a customer in my scope; starts the approval request',
        body: accountApply,
        response: { 200: envelope(applyResult) },
      },
      config: { access: { perm: FinPerm.ACCOUNT_OPEN }, checkRepeat: true },
    },
    async (req) => ok(await applyAccount(p, req.auth!, req.body)),
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
        config: { access: { perm: m.perm }, checkRepeat: true },
      },
      async (req) => ok(await applyMoney(p, req.auth!, m.kind, req.body)),
    );
    if (!m.detail) continue;
    const kinds = m.kinds ?? [m.kind];
    r.get(
      `${m.detail}/:id`,
      {
        schema: {
          tags,
          summary: `Spec 7: a ${m.kind} application by id`,
          params: z.object({ id }),
          response: { 200: envelope(detailSchema) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await applicationDetail(p.db, req.auth!, kinds, { id: req.params.id })),
    );
    r.get(
      `${m.detail}/processInstance/:processId`,
      {
        schema: {
          tags,
          summary: `Spec 7: a ${m.kind} application by its approval request`,
          params: z.object({ processId: id }),
          response: { 200: envelope(detailSchema) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await applicationDetail(p.db, req.auth!, kinds, { instanceId: req.params.processId })),
    );
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
        config: { access: { perm: c.perm }, checkRepeat: true },
      },
      async (req) => ok(await applyCredit(p, req.auth!, c.kind, req.body)),
    );
    r.get(
      `${c.base}/:id`,
      {
        schema: {
          tags,
          summary: `Spec 7: a ${c.kind} application by id`,
          params: z.object({ id }),
          response: { 200: envelope(detailSchema) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await applicationDetail(p.db, req.auth!, [c.kind], { id: req.params.id })),
    );
    r.get(
      `${c.base}/processInstance/:processId`,
      {
        schema: {
          tags,
          summary: `Spec 7: a ${c.kind} application by its approval request`,
          params: z.object({ processId: id }),
          response: { 200: envelope(detailSchema) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await applicationDetail(p.db, req.auth!, [c.kind], { instanceId: req.params.processId })),
    );
  }

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
}
