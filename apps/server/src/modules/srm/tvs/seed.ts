import { WITHDRAWAL_STATES } from '@portal/contracts/srm';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { srmSuppliers } from '../schema.js';
import { srmTvsNotices, srmTvsRewrites, srmTvsWithdrawals } from './schema.js';

const DAY = 86_400_000;
/** the local currency each partner country is paid in (others in USD) */
const CURRENCY: Record<string, string> = { ID: 'IDR', VN: 'VND', TH: 'THB', PH: 'PHP', MY: 'MYR', IN: 'INR' };

const NOTICES = [
  {
    title: '结算日调整 / Settlement date change',
    body: '自下月起，上月收益对账单于每月 5 日发出，提现申请请在 10 日前提交。\nFrom next month, statements are sent on the 5th; please ask for withdrawals by the 10th.',
    countries: [] as string[],
    pinned: true,
    state: 'published' as const,
  },
  {
    title: 'Indonesia: carrier filtering of repeated OTP wording',
    body: 'Telkomsel filters identical OTP texts sent from person-to-person SIM cards. Rewriting rules for ID are in force; keep devices on the latest firmware.',
    countries: ['ID'],
    pinned: false,
    state: 'published' as const,
  },
  {
    title: '设备维护窗口 / Device maintenance window',
    body: '周日 02:00–04:00（UTC）进行卡池固件升级，期间通道暂停。\nFirmware upgrade on Sunday 02:00–04:00 UTC; channels pause meanwhile.',
    countries: ['VN', 'TH', 'PH'],
    pinned: false,
    state: 'published' as const,
  },
  {
    title: 'New SIM top-up policy (draft)',
    body: 'Top-ups will be reimbursed against the monthly statement instead of per card.',
    countries: [],
    pinned: false,
    state: 'draft' as const,
  },
  {
    title: 'Holiday traffic forecast',
    body: 'Expected peak around the national holiday; superseded by the settlement notice.',
    countries: ['ID', 'MY'],
    pinned: false,
    state: 'withdrawn' as const,
  },
];

const RULES = [
  { name: '去除链接 / No links', match: 'regex' as const, pattern: 'https?://\\S+', replacement: '', priority: 1 },
  { name: 'OTP → kode (ID)', country: 'ID', match: 'text' as const, pattern: 'OTP', replacement: 'kode', priority: 2 },
  {
    name: 'Spaced codes',
    match: 'regex' as const,
    pattern: '\\b(\\d{3})(\\d{3})\\b',
    replacement: '$1 $2',
    priority: 3,
  },
  {
    name: 'Brand in lower case (VN)',
    country: 'VN',
    match: 'text' as const,
    pattern: 'BANK',
    replacement: 'Bank',
    priority: 4,
  },
  {
    name: 'Old wording (off)',
    match: 'text' as const,
    pattern: 'verification code',
    replacement: 'code',
    priority: 9,
    enabled: false,
  },
];

/**
 * TVS demo data: notices in every state, rewriting rules (for all partners, per country, one per the
 * first partner), and each SIM-farm partner's withdrawals of its last months in every state. Added
 * once: a second run finds the notices and adds nothing.
 */
export async function seedTvs(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [any] = await db.select({ id: srmTvsNotices.id }).from(srmTvsNotices).limit(1);
  if (any) return;
  const staff = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(inArray(staffUsers.username, ['purchase01', 'purchasemgr', 'finance01']));
  const who = (u: string) => staff.find((s) => s.username === u)?.id ?? null;
  const partners = await db
    .select({ id: srmSuppliers.id, country: srmSuppliers.country })
    .from(srmSuppliers)
    .where(and(eq(srmSuppliers.type, 'sim_farm'), ne(srmSuppliers.state, 'blacklist')))
    .orderBy(asc(srmSuppliers.code));
  const now = Date.now();
  await db.insert(srmTvsNotices).values(
    NOTICES.map((n, i) => ({
      ...n,
      publishedAt: n.state === 'draft' ? null : new Date(now - (i + 1) * 7 * DAY),
      createdBy: who('purchasemgr'),
      createdAt: new Date(now - (i + 2) * 7 * DAY),
    })),
  );
  await db.insert(srmTvsRewrites).values([
    ...RULES.map((r, i) => ({ ...r, createdAt: new Date(now - (30 - i) * DAY) })),
    ...(partners[0]
      ? [
          {
            name: 'Sender wording for the first partner',
            supplierId: partners[0].id,
            match: 'text' as const,
            pattern: 'Your code',
            replacement: 'Code',
            priority: 5,
            createdAt: new Date(now - 20 * DAY),
          },
        ]
      : []),
  ]);
  // each partner: its last months, newest first; the states turn so every one appears
  const rows = partners.flatMap((p, i) =>
    [1, 2, 3].map((back) => {
      const state = WITHDRAWAL_STATES[(i + back) % WITHDRAWAL_STATES.length]!;
      const end = new Date(now);
      end.setUTCDate(1);
      end.setUTCMonth(end.getUTCMonth() - back + 1);
      const to = new Date(end.getTime() - DAY);
      const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1));
      const requested = new Date(end.getTime() + 4 * DAY);
      return {
        supplierId: p.id,
        periodFrom: from.toISOString().slice(0, 10),
        periodTo: to.toISOString().slice(0, 10),
        amount: 50_000 + ((i * 7919 + back * 104_729) % 900_000) * 10,
        currency: CURRENCY[p.country] ?? 'USD',
        payee: `Bank account ****${String(1000 + ((i * 37 + 11) % 9000)).slice(-4)}`,
        state,
        decidedBy: ['approved', 'rejected', 'paid'].includes(state) ? who('purchasemgr') : null,
        rejectReason: state === 'rejected' ? 'Statement does not match the traffic figures' : null,
        paymentRef: state === 'paid' ? `FIN-${from.toISOString().slice(0, 7)}-${String(i + 1).padStart(3, '0')}` : null,
        paidAt: state === 'paid' ? new Date(requested.getTime() + 3 * DAY) : null,
        createdBy: who('purchase01'),
        createdAt: requested.getTime() > now ? new Date(now) : requested,
      };
    }),
  );
  for (let k = 0; k < rows.length; k += 500) await db.insert(srmTvsWithdrawals).values(rows.slice(k, k + 500));
  ctx.log.info({ notices: NOTICES.length, withdrawals: rows.length }, 'srm tvs demo data');
}
