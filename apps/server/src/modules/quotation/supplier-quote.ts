import { type AffectedAccount, SUPPLIER_QUOTE_DETAIL_PATH, SUPPLIER_QUOTE_SERVICE } from '@portal/contracts/quotation';
import { and, asc, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db, Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { defineMessageTemplates, templated } from '../../platform/i18n/message-templates.js';
import type { Platform } from '../../platform/platform.js';
import { type Destination, portOf } from '../../platform/ports.js';
import {
  type ApprovalOutcome,
  copyToAdminNode,
  deptLeaderNode,
  ensureBusinessProcess,
  type Outbox,
  processIdOf,
  registerApprovalHandler,
  startInstance,
} from '../approval/index.js';
import { type ChannelRef, channelRefs } from '../srm/index.js';
import { reference } from '../system/reference/index.js';
import { rating } from './books.js';
import { checkHeldInstants } from './held-instants.js';
import { channelCostRow, insertPriceRow, lockBook, type rowFromInput, rowInForce } from './prices.js';
import { Q } from './rating.js';
import { qmSupplierQuoteLines, qmSupplierQuotes } from './schema.js';
import type { JudgedLine } from './supplier-quote-import.js';

export type CostRow = Awaited<ReturnType<typeof rowFromInput>>;
type Row = CostRow;

defineMessageTemplates('quotation', {
  supplierQuote: {
    title: {
      'zh-CN': '通道 {channel} 成本变更待审批：{dest}',
      en: 'Cost change on channel {channel} awaits approval: {dest}',
    },
    content: {
      'zh-CN':
        '{applicant} 提交了通道 {channel} 的{product}成本 {dest}：{oldCost} → {newCost} {currency}，自 {from} 起（{why}）。您负责的账户 {accounts} 的流量经此通道发送，审批通过后成本生效，请留意毛利。',
      en: '{applicant} asked for a {product} cost on channel {channel} to {dest}: {oldCost} → {newCost} {currency} from {from} ({why}). Traffic of your accounts {accounts} is routed there; the cost takes effect once approved — mind the margin.',
    },
  },
  supplierQuoteImport: {
    title: {
      'zh-CN': '通道 {channel} 导入的价格表待审批：{count} 条成本',
      en: 'A price list imported on channel {channel} awaits approval: {count} costs',
    },
    content: {
      'zh-CN':
        '{applicant} 导入了通道 {channel} 的{product}价格表，其中 {count} 条成本需审批（{why}），最早自 {from} 起，包括：{changes}。您负责的账户 {accounts} 的流量经此通道发送，审批通过后成本生效，请留意毛利。',
      en: '{applicant} imported a {product} price list on channel {channel}; {count} costs need approval ({why}), the first from {from}, among them: {changes}. Traffic of your accounts {accounts} is routed there; the costs take effect once approved — mind the margin.',
    },
  },
});

const PRODUCT_NAMES = {
  sms: { zh: '短信', en: 'SMS' },
  voice: { zh: '语音', en: 'voice' },
  whatsapp: { zh: 'WhatsApp', en: 'WhatsApp' },
  number: { zh: '号码', en: 'number' },
  email: { zh: '邮件', en: 'e-mail' },
} as const;
const WHY = {
  raise: { zh: '在用通道涨价', en: 'a raise on a live channel' },
  over: { zh: '高于客户售价', en: 'above a customer price' },
  both: { zh: '在用通道涨价且高于客户售价', en: 'a raise on a live channel, above a customer price' },
};

/** What a cost save needs to know before its transaction: the channel and the accounts routed to it. */
export interface CostContext {
  channel: ChannelRef;
  affected: AffectedAccount[];
}

/**
 * The channel, and the accounts whose traffic to the destination the srm room routes to it at `from`
 * (its channels port: bindings of a customer's every account or of one), each with its price then in
 * the cost's currency (the rating service). Read before the write's transaction: ports read through
 * the platform's handle, which on the embedded database would wait for that transaction.
 */
export async function costContext(db: Db, r: Row, from: Date, known?: ChannelRef): Promise<CostContext> {
  const channel = known ?? (await channelRefs(db, [r.bookId]))[0];
  if (!channel) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${r.bookId}` } });
  const binds = portOf(db, 'channels')?.bindingsTo;
  const accounts = portOf(db, 'accounts');
  if (!binds || !accounts || !r.country) return { channel, affected: [] };
  const network = r.destKind === 'network' ? r.dest : undefined;
  const bindings = await binds(r.bookId, { country: r.country, network }, from);
  if (!bindings.length) return { channel, affected: [] };
  const customers = new Set(bindings.filter((b) => b.accountId === null).map((b) => b.customerId));
  const own = bindings.flatMap((b) => (b.accountId === null ? [] : [b.accountId]));
  const routed = new Map<number, { id: number; code: string; ownerId: number | null }>();
  if (customers.size) for (const a of await accounts.active()) if (customers.has(a.customerId)) routed.set(a.id, a);
  if (own.length) for (const a of (await accounts.byIds(own)).values()) routed.set(a.id, a);
  const destination: Destination =
    r.product === 'voice'
      ? { number: r.dest, country: r.country }
      : { network, country: r.country, category: r.category || undefined };
  const cost = new Q(r.unitPrice);
  const affected: AffectedAccount[] = [];
  for (const a of [...routed.values()].sort((x, y) => x.code.localeCompare(y.code))) {
    const price = await rating(db).priceFor({
      accountId: a.id,
      product: r.product,
      destination,
      at: from,
      units: 1,
      currency: r.currency,
    });
    affected.push({
      accountId: a.id,
      code: a.code,
      ownerId: a.ownerId,
      price: price?.unitPrice ?? null,
      over: !!price && cost.gt(price.unitPrice),
    });
  }
  return { channel, affected };
}

export interface CostVerdict {
  raise: boolean;
  overPrice: boolean;
  /** the cost in force at the effective time, in the new cost's currency */
  oldCost: string | null;
}

/**
 * In the save's transaction, under the book's lock: does the cost raise a live channel's cost (over
 * the row in force at its effective time, converted at that day's rate) or exceed a routed price?
 */
export async function judgeCost(
  p: Pick<Platform, 'db' | 'bus'>,
  tx: Tx,
  r: Row,
  from: Date,
  ctx: CostContext,
): Promise<CostVerdict> {
  await lockBook(tx, 'channel', r.bookId, r.product);
  await checkHeldInstants(tx, r.bookId, r.product, r.category, [{ dest: r.dest, from }]);
  const current = await rowInForce(tx, r, from);
  let old: InstanceType<typeof Q> | null = null;
  if (current) {
    old = new Q(current.unitPrice);
    if (current.currency !== r.currency)
      old = old.mul((await reference(p).rateAt(current.currency, r.currency, from.toISOString().slice(0, 10))).rate);
  }
  return {
    raise: ctx.channel.state === 'live' && !!old && new Q(r.unitPrice).gt(old),
    overPrice: ctx.affected.some((a) => a.over),
    oldCost: old ? old.toFixed(6) : null,
  };
}

/** Starts a supplier-quote request in the caller's transaction; the owners are warned after the commit. */
export async function startSupplierQuote(
  p: Platform,
  tx: Tx,
  out: Outbox,
  auth: AuthContext,
  r: Row,
  from: Date,
  ctx: CostContext,
  verdict: CostVerdict,
) {
  const opened = await openRequest(tx, out, auth.userId, r, from, ctx, verdict);
  out.after?.push(() => warnOwners(p, auth.userId, opened.id, r, from, ctx, verdict));
  return opened;
}

/**
 * The request's row and its approval instance (a save, an import with its `lines`, or the seed's
 * demo requests).
 */
export async function openRequest(
  tx: Tx,
  out: Outbox,
  applicantId: number,
  r: Row,
  from: Date,
  ctx: CostContext,
  verdict: CostVerdict,
  lines: JudgedLine[] = [],
) {
  const processId = await processIdOf(tx, SUPPLIER_QUOTE_SERVICE);
  if (!processId) throw new AppError('QM_SUPPLIER_QUOTE_NO_PROCESS');
  const [row] = await tx
    .insert(qmSupplierQuotes)
    .values({
      channelId: r.bookId,
      channelCode: ctx.channel.code,
      product: r.product,
      destKind: r.destKind,
      dest: r.dest,
      country: r.country,
      category: r.category,
      oldCost: verdict.oldCost,
      unitPrice: r.unitPrice,
      connectFee: r.connectFee,
      firstIncrement: r.firstIncrement,
      nextIncrement: r.nextIncrement,
      currency: r.currency,
      chargeOn: r.chargeOn,
      effectiveFrom: from,
      raise: verdict.raise,
      overPrice: verdict.overPrice,
      affected: ctx.affected,
      affectedCount: ctx.affected.length,
      lineCount: lines.length,
      applicantId,
      createdAt: out.now,
    })
    .returning({ id: qmSupplierQuotes.id });
  const id = row!.id;
  if (lines.length)
    await tx.insert(qmSupplierQuoteLines).values(
      lines.map((l) => ({
        quoteId: id,
        row: l.row,
        destKind: l.cost.destKind,
        dest: l.cost.dest,
        country: l.cost.country,
        label: l.label,
        oldCost: l.oldCost,
        unitPrice: l.cost.unitPrice,
        firstIncrement: l.cost.firstIncrement,
        nextIncrement: l.cost.nextIncrement,
        currency: l.cost.currency,
        effectiveFrom: l.from,
        raise: l.raise,
        overPrice: l.overPrice,
        affected: l.affected,
      })),
    );
  const change = lines.length
    ? `${r.product} ×${lines.length}: ${changesText(lines, 8)}`
    : `${r.product} ${r.dest || '-'} ${verdict.oldCost ?? '-'} → ${r.unitPrice} ${r.currency}`;
  const { instanceId } = await startInstance(
    tx,
    {
      processId,
      initiatorId: applicantId,
      title: `供应商报价 ${ctx.channel.code} ${change}`,
      formData: {
        channel: `${ctx.channel.code} ${ctx.channel.name}`,
        cost: `${change} @ ${from.toISOString()}`.slice(0, 300),
        why: whyOf(verdict).zh,
        accounts: ctx.affected
          .map((a) => `${a.code}${a.price ? ` (${a.price})` : ''}`)
          .join(', ')
          .slice(0, 2000),
      },
      businessKey: String(id),
    },
    out,
  );
  await tx.update(qmSupplierQuotes).set({ approvalId: instanceId }).where(eq(qmSupplierQuotes.id, id));
  return { id, approvalId: instanceId };
}

/** The first lines of an import's request as text: `dest old → new currency`, then the count. */
const changesText = (lines: JudgedLine[], max: number) =>
  lines
    .slice(0, max)
    .map((l) => `${l.cost.dest} ${l.oldCost ?? '-'} → ${l.cost.unitPrice} ${l.cost.currency}`)
    .join('; ') + (lines.length > max ? ` … (${lines.length})` : '');

const whyOf = (v: Pick<CostVerdict, 'raise' | 'overPrice'>) =>
  v.raise && v.overPrice ? WHY.both : v.raise ? WHY.raise : WHY.over;

/**
 * Each owner of an affected account hears of the request, with their own accounts (the message
 * centre); for an import, with the lines that touch them.
 */
export async function warnOwners(
  p: Platform,
  applicantId: number,
  id: number,
  r: Row,
  from: Date,
  ctx: CostContext,
  verdict: CostVerdict,
  lines: JudgedLine[] = [],
) {
  const byOwner = new Map<number, string[]>();
  for (const a of ctx.affected) if (a.ownerId) byOwner.set(a.ownerId, [...(byOwner.get(a.ownerId) ?? []), a.code]);
  if (!byOwner.size) return;
  const [who] = await p.db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, applicantId));
  const common = {
    applicant: who?.name ?? `#${applicantId}`,
    channel: ctx.channel.code,
    product: PRODUCT_NAMES[r.product],
    from: from.toISOString().slice(0, 16).replace('T', ' '),
    why: whyOf(verdict),
  };
  const listed = (codes: string[]) => codes.slice(0, 20).join(', ') + (codes.length > 20 ? ` … (${codes.length})` : '');
  for (const [ownerId, codes] of byOwner)
    await p.notifier.send({
      userIds: [ownerId],
      type: 'system',
      ...(lines.length
        ? templated('quotation.supplierQuoteImport', {
            ...common,
            count: lines.length,
            changes: changesText(
              lines.filter((l) => l.affected.some((a) => a.ownerId === ownerId)),
              10,
            ),
            accounts: listed(codes),
          })
        : templated('quotation.supplierQuote', {
            ...common,
            dest: r.dest || '-',
            oldCost: verdict.oldCost ?? '-',
            newCost: r.unitPrice,
            currency: r.currency,
            accounts: listed(codes),
          })),
      link: `${SUPPLIER_QUOTE_DETAIL_PATH}?id=${id}`,
      source: { kind: 'qm.supplierQuote', id: String(id) },
    });
}

async function decide(o: ApprovalOutcome, state: 'approved' | 'rejected' | 'withdrawn', now: Date) {
  const id = Number(o.instance.businessKey);
  const [q] = await o.tx
    .update(qmSupplierQuotes)
    .set({ state, decidedAt: now, version: sql`${qmSupplierQuotes.version} + 1` })
    .where(and(eq(qmSupplierQuotes.id, id), eq(qmSupplierQuotes.state, 'pending')))
    .returning();
  if (!q || state !== 'approved') return;
  const db = current?.db;
  if (db) o.afterCommit(() => rating(db).changed('channel', q.channelId));
  if (q.lineCount > 0) return writeLines(o, q, now);
  // an approval decided after the asked time puts the cost in from the decision
  const from = q.effectiveFrom > now ? q.effectiveFrom : now;
  const priceId = await insertPriceRow(
    o.tx,
    {
      bookKind: 'channel',
      bookId: q.channelId,
      product: q.product,
      destKind: q.destKind,
      dest: q.dest,
      country: q.country,
      category: q.category,
      unitPrice: q.unitPrice,
      connectFee: q.connectFee,
      firstIncrement: q.firstIncrement,
      nextIncrement: q.nextIncrement,
      currency: q.currency,
      chargeOn: q.chargeOn,
      source: 'approval',
      createdBy: o.actorId,
    },
    from,
  );
  await o.tx.update(qmSupplierQuotes).set({ priceId }).where(eq(qmSupplierQuotes.id, id));
}

/**
 * An approved import's request: every line enters the book in the approval's transaction, each from
 * its asked time or the decision when later (same lock and period rules as one cost); one failing
 * write rolls the decision back.
 */
async function writeLines(o: ApprovalOutcome, q: typeof qmSupplierQuotes.$inferSelect, now: Date) {
  const lines = await o.tx
    .select()
    .from(qmSupplierQuoteLines)
    .where(eq(qmSupplierQuoteLines.quoteId, q.id))
    .orderBy(asc(qmSupplierQuoteLines.row));
  for (const l of lines) {
    const priceId = await insertPriceRow(
      o.tx,
      channelCostRow(q.channelId, q.product as 'sms' | 'voice', { ...l, category: q.category }, 'approval', o.actorId),
      l.effectiveFrom > now ? l.effectiveFrom : now,
    );
    await o.tx.update(qmSupplierQuoteLines).set({ priceId }).where(eq(qmSupplierQuoteLines.id, l.id));
  }
}

let current: Platform | undefined;
let registered = false;
/** decisions are timed by the app's clock; the seed (no app) by the wall clock */
const decidedAt = () => current?.clock.now() ?? new Date();

/** The approval engine tells the room how its supplier-quote requests ended (once per process). */
export function ensureSupplierQuoteHandler() {
  if (registered) return;
  registered = true;
  registerApprovalHandler(SUPPLIER_QUOTE_SERVICE, {
    onApproved: (o) => decide(o, 'approved', decidedAt()),
    onRejected: (o) => decide(o, 'rejected', decidedAt()),
    onWithdrawn: (o) => decide(o, 'withdrawn', decidedAt()),
  });
}

export function registerSupplierQuoteHandler(p: Platform) {
  current = p;
  ensureSupplierQuoteHandler();
}

/** The default supplier-quote process: the applicant's department leader (purchasing), then a copy to the administrator. */
export async function ensureSupplierQuoteProcess(db: Db): Promise<void> {
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return;
  const text = (key: string, label: string, labelEn: string, maxLength: number, required = true) => ({
    key,
    label,
    labelEn,
    type: 'text',
    required,
    rules: { maxLength },
  });
  await ensureBusinessProcess(db, {
    code: 'qm-supplier-quote',
    name: '供应商报价审批',
    nameEn: 'Supplier quote',
    groupName: '报价',
    serviceName: SUPPLIER_QUOTE_SERVICE,
    description: '在用通道涨价或高于客户售价的供应商成本：部门负责人审批；通过后按生效时间写入成本表',
    form: {
      code: 'qm-supplier-quote',
      name: '供应商报价审批',
      fields: [
        text('channel', '通道', 'Channel', 200),
        text('cost', '成本变更', 'Cost change', 300),
        text('why', '审批原因', 'Why approval', 200),
        { ...text('accounts', '受影响账户', 'Affected accounts', 2000, false), type: 'textarea' },
      ],
    },
    definition: {
      nodes: [deptLeaderNode({ timeLimitHours: 48 }), copyToAdminNode(admin.id)],
    },
    createdBy: admin.id,
  });
}
