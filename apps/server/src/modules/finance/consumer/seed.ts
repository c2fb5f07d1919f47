import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { customerFieldSql } from '../../crm/customer-refs.js';
import { userIdOf } from '../process.js';
import { finAccounts } from '../schema.js';
import { syncIdentity } from './identity.js';
import { clientAppSeq, finAwsUsers, finClients, finContracts, finVerifications } from './schema.js';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const APP_NAMES = ['官网验证码', '营销短信', '订单通知', 'Login OTP', 'Order alerts', 'Voice notify', 'CRM sync'];
const REGIONS = ['us-east-1', 'eu-west-1', 'ap-southeast-1'] as const;
const CONTRACT_TITLES = ['短信服务合同', '语音服务合同', 'Messaging services agreement', '框架合作协议'];

/**
 * Demo rows of decision 0121, for the first open accounts (deterministic from the seed's stream):
 * verifications (approved, rejected then resubmitted and pending, pending), contracts (one ended,
 * one terminated), client applications of the account's products, and cloud sender users of the
 * e-mail accounts. Demo verifications carry no files (no uploads exist at seed time). Idempotent:
 * nothing when any contract exists.
 */
export async function seedConsumerRecords(ctx: SeedContext): Promise<void> {
  const { db, rng } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_contracts`));
  if ((have?.n ?? 0) > 0) return;
  const finance = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin')) ?? null;
  const accounts = await db
    .select({
      id: finAccounts.id,
      code: finAccounts.code,
      products: finAccounts.products,
      ownerId: sql<number | null>`${customerFieldSql(sql`"fin_accounts"."customer_id"`, 'owner_id')}`,
    })
    .from(finAccounts)
    .where(eq(finAccounts.state, 'active'))
    .orderBy(asc(finAccounts.id))
    .limit(ctx.count({ demo: 40, bench: 60, large: 600 }));
  const now = Date.now();
  for (const [i, acc] of accounts.entries()) {
    const submitted = new Date(now - rng.int(5, 300) * DAY);
    const legalName = `${acc.code} Holdings`;
    const documentNo = `91${String(rng.int(1e9, 9e9))}${i}`;
    // submitted by the customer's owner (sales), reviewed by finance: never the same person
    const submitter = acc.ownerId ?? finance;
    const base = { accountId: acc.id, subject: i % 5 === 4 ? 'person' : 'company', legalName, documentNo } as const;
    if (i % 4 === 1) {
      await db.insert(finVerifications).values({
        ...base,
        state: 'rejected',
        rejectReason: '营业执照已过期 / The licence has expired',
        reviewedBy: finance,
        reviewedAt: new Date(submitted.getTime() + DAY),
        createdBy: submitter,
        createdAt: submitted,
      });
      await db
        .insert(finVerifications)
        .values({ ...base, state: 'pending', createdBy: submitter, createdAt: new Date(now - rng.int(1, 4) * DAY) });
    } else if (i % 4 === 2) {
      await db
        .insert(finVerifications)
        .values({ ...base, state: 'pending', createdBy: submitter, createdAt: submitted });
    } else {
      // the document's valid-until (decision 0133): one in eight expired, one in eight within 30 days
      const validDays = i % 8 === 0 ? -10 : i % 8 === 3 ? 12 : 200 + 25 * i;
      await db.insert(finVerifications).values({
        ...base,
        validUntil: dayOf(now + validDays * DAY),
        state: 'approved',
        reviewedBy: finance,
        reviewedAt: new Date(submitted.getTime() + rng.int(1, 3) * DAY),
        createdBy: submitter,
        createdAt: submitted,
      });
    }
    if (i % 2 === 0) {
      const starts = now - rng.int(30, 700) * DAY;
      const ended = i % 10 === 0;
      await db.insert(finContracts).values({
        contractNo: `HT-${new Date(starts).getUTCFullYear()}-${String(1000 + i)}`,
        title: rng.pick(CONTRACT_TITLES),
        accountId: acc.id,
        startsOn: dayOf(starts),
        endsOn: dayOf(ended ? now - rng.int(1, 20) * DAY : starts + 730 * DAY),
        signedOn: dayOf(starts - 3 * DAY),
        state: i % 14 === 6 ? 'terminated' : 'active',
        terminateReason: i % 14 === 6 ? '客户业务调整 / The customer changed its business' : null,
        createdBy: finance,
        createdAt: new Date(starts - 2 * DAY),
      });
    }
    for (const product of acc.products.slice(0, rng.int(1, 2))) {
      const [{ n }] = rowsOf<{ n: string }>(
        await db.execute(sql`select nextval(${clientAppSeq.seqName})::text as n`),
      ) as [{ n: string }];
      const disabled = rng.next() < 0.15;
      await db.insert(finClients).values({
        appId: `APP${n}`,
        name: rng.pick(APP_NAMES),
        accountId: acc.id,
        product,
        state: disabled ? 'disabled' : 'active',
        disableReason: disabled ? '客户停用 / Stopped by the customer' : null,
        createdBy: finance,
        createdAt: new Date(now - rng.int(2, 200) * DAY),
      });
    }
    if (acc.products.includes('email') || i % 6 === 0) {
      const iam = i % 3 === 0;
      const state = rng.next() < 0.7 ? 'verified' : 'pending';
      const created = now - rng.int(3, 120) * DAY;
      await db.insert(finAwsUsers).values({
        kind: iam ? 'iam_user' : 'ses_identity',
        identity: iam
          ? `arn:aws:iam::${String(rng.int(100000, 999999))}${String(rng.int(100000, 999999))}:user/sender-${acc.code.toLowerCase()}`
          : `notify@${acc.code.toLowerCase()}.example.com`,
        region: rng.pick(REGIONS),
        accountId: acc.id,
        state,
        verifiedAt: state === 'verified' ? new Date(created + DAY) : null,
        createdBy: finance,
        createdAt: new Date(created),
      });
    }
  }
  // each account's identity state from its latest verification, as of today (decision 0133)
  await syncIdentity(db, dayOf(now));
  ctx.log?.info?.({ accounts: accounts.length }, 'finance consumer records seeded');
}
