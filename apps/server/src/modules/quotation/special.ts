import { SPECIAL_APPLY_PATH, SPECIAL_SERVICE } from '@portal/contracts/quotation';
import { and, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import {
  type ApprovalOutcome,
  copyToAdminNode,
  deptLeaderNode,
  ensureBusinessProcess,
  type Outbox,
  processOfService,
  registerApprovalHandler,
  startInstance,
} from '../approval/index.js';
import { rating } from './books.js';
import { insertPriceRow, type rowFromInput } from './prices.js';
import { qmSpecialPrices } from './schema.js';

type Row = Awaited<ReturnType<typeof rowFromInput>>;

/** Starts a special-price request for a customer price below its limit, in the caller's transaction. */
export async function startSpecial(
  tx: Parameters<typeof startInstance>[0],
  out: Outbox,
  auth: AuthContext,
  r: Row,
  from: Date,
  limitText: string,
  reason: string | undefined,
) {
  const processId = await processOfService(tx, SPECIAL_SERVICE);
  if (!processId) throw new AppError('QM_SPECIAL_NO_PROCESS');
  const [row] = await tx
    .insert(qmSpecialPrices)
    .values({
      bookKind: r.bookKind as 'account' | 'group',
      bookId: r.bookId,
      product: r.product,
      destKind: r.destKind,
      dest: r.dest,
      category: r.category,
      unitPrice: r.unitPrice,
      connectFee: r.connectFee,
      firstIncrement: r.firstIncrement,
      nextIncrement: r.nextIncrement,
      currency: r.currency,
      effectiveFrom: from,
      limitText,
      reason: reason ?? '',
      applicantId: auth.userId,
      createdAt: out.now,
    })
    .returning({ id: qmSpecialPrices.id });
  const owner = `${r.bookKind === 'group' ? '报价组' : '账户'} #${r.bookId}`;
  const { instanceId } = await startInstance(
    tx,
    {
      processId,
      initiatorId: auth.userId,
      title: `特价申请 ${owner} ${r.product} ${r.dest || '-'} ${r.unitPrice} ${r.currency}`,
      formData: {
        target: owner,
        price: `${r.product} ${r.dest || '-'} ${r.unitPrice} ${r.currency} @ ${from.toISOString()}`,
        limit: limitText,
        reason: reason ?? '',
      },
      businessKey: String(row!.id),
    },
    out,
  );
  await tx.update(qmSpecialPrices).set({ approvalId: instanceId }).where(eq(qmSpecialPrices.id, row!.id));
  return { id: row!.id, approvalId: instanceId };
}

async function decide(o: ApprovalOutcome, state: 'approved' | 'rejected' | 'withdrawn', now: Date) {
  const id = Number(o.instance.businessKey);
  const [sp] = await o.tx
    .update(qmSpecialPrices)
    .set({ state, decidedAt: now, version: sql`${qmSpecialPrices.version} + 1` })
    .where(and(eq(qmSpecialPrices.id, id), eq(qmSpecialPrices.state, 'pending')))
    .returning();
  if (!sp || state !== 'approved') return;
  // an approval decided after the asked time puts the price in from the decision
  const from = sp.effectiveFrom > now ? sp.effectiveFrom : now;
  const priceId = await insertPriceRow(
    o.tx,
    {
      bookKind: sp.bookKind,
      bookId: sp.bookId,
      product: sp.product,
      destKind: sp.destKind,
      dest: sp.dest,
      country: null,
      category: sp.category,
      unitPrice: sp.unitPrice,
      connectFee: sp.connectFee,
      firstIncrement: sp.firstIncrement,
      nextIncrement: sp.nextIncrement,
      currency: sp.currency,
      chargeOn: null,
      source: 'approval',
      createdBy: o.actorId,
    },
    from,
  );
  await o.tx.update(qmSpecialPrices).set({ priceId }).where(eq(qmSpecialPrices.id, id));
  const db = current?.db;
  if (db) o.afterCommit(() => rating(db).changed(sp.bookKind, sp.bookId));
}

let current: Platform | undefined;
/** The approval engine tells the room how its special-price requests ended. */
export function registerSpecialHandler(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  registerApprovalHandler(SPECIAL_SERVICE, {
    onApproved: (o) => decide(o, 'approved', current!.clock.now()),
    onRejected: (o) => decide(o, 'rejected', current!.clock.now()),
    onWithdrawn: (o) => decide(o, 'withdrawn', current!.clock.now()),
  });
}

/** The default special-price process: the applicant's department leader, then a copy to the administrator. */
export async function ensureSpecialProcess(db: Db): Promise<void> {
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return;
  await ensureBusinessProcess(db, {
    code: 'qm-special-price',
    name: '特价申请',
    nameEn: 'Special price',
    groupName: '报价',
    serviceName: SPECIAL_SERVICE,
    applyPath: SPECIAL_APPLY_PATH,
    description: '低于限价的客户报价：部门负责人审批；通过后按生效时间写入价格表',
    form: {
      code: 'qm-special-price',
      name: '特价申请',
      fields: [
        { key: 'target', label: '报价对象', labelEn: 'Book', type: 'text', required: true, rules: { maxLength: 200 } },
        { key: 'price', label: '申请价格', labelEn: 'Price', type: 'text', required: true, rules: { maxLength: 300 } },
        { key: 'limit', label: '限价', labelEn: 'Limit', type: 'text', required: true, rules: { maxLength: 200 } },
        {
          key: 'reason',
          label: '申请原因',
          labelEn: 'Reason',
          type: 'textarea',
          required: false,
          rules: { maxLength: 500 },
        },
      ],
    },
    definition: {
      nodes: [deptLeaderNode({ timeLimitHours: 48 }), copyToAdminNode(admin.id)],
    },
    createdBy: admin.id,
  });
}
