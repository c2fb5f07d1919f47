import {
  ENTITY_CHANGE_SERVICE,
  type EntityChangeApply,
  SOURCE_CHANGE_SERVICE,
  type SourceChangeApply,
  type SupplierRequestKind,
  supplierRequestResource,
  supplierResource,
  TRANSFER_REQUEST_SERVICE,
  type TransferRequestApply,
} from '@portal/contracts/srm';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Tx } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { AppError } from '../../platform/http/errors.js';
import { transferWithin } from '../../platform/ownership/index.js';
import type { Platform } from '../../platform/platform.js';
import { bindResource } from '../../platform/resource/index.js';
import {
  type ApprovalOutcome,
  processIdOf,
  registerApprovalHandler,
  runCommand,
  startInstance,
} from '../approval/index.js';
import { writableSupplier } from './access.js';
import { checkEntity } from './entities.js';
import { supplierOwners } from './ownership.js';
import { srmSupplierRequests, srmSuppliers } from './schema.js';

const T = '"srm_supplier_requests"';
const supplierCol = (col: string) => sql.raw(`(select s.${col} from srm_suppliers s where s.id = ${T}."supplier_id")`);
const userName = (col: string) => sql.raw(`(select u.name from staff_users u where u.id = ${T}."${col}")`);

/** Transfer, entity and source change requests on the kernel: read-only there (started by apply, decided by approval). */
export const supplierRequests = bindResource(supplierRequestResource, {
  table: srmSupplierRequests,
  search: { keyword: srmSupplierRequests.search },
  columns: {
    supplierId: srmSupplierRequests.supplierId,
    supplierCode: supplierCol('code'),
    supplierName: supplierCol('name'),
    kind: srmSupplierRequests.kind,
    fromUserId: srmSupplierRequests.fromUserId,
    fromUserName: userName('from_user_id'),
    toUserId: srmSupplierRequests.toUserId,
    toUserName: userName('to_user_id'),
    withContacts: srmSupplierRequests.withContacts,
    keepAs: srmSupplierRequests.keepAs,
    fromEntityId: srmSupplierRequests.fromEntityId,
    toEntityId: srmSupplierRequests.toEntityId,
    fromSource: srmSupplierRequests.fromSource,
    toSource: srmSupplierRequests.toSource,
    reason: srmSupplierRequests.reason,
    state: srmSupplierRequests.state,
    approvalId: srmSupplierRequests.approvalId,
    applicantId: srmSupplierRequests.applicantId,
    applicantName: userName('applicant_id'),
    decidedAt: srmSupplierRequests.decidedAt,
    createdAt: srmSupplierRequests.createdAt,
  },
});

const SERVICE: Record<SupplierRequestKind, string> = {
  transfer: TRANSFER_REQUEST_SERVICE,
  entity: ENTITY_CHANGE_SERVICE,
  source: SOURCE_CHANGE_SERVICE,
};
const TITLE: Record<SupplierRequestKind, string> = {
  transfer: '供应商转移',
  entity: '供应商主体变更',
  source: '供应商来源变更',
};
/** the refusals of a second pending request and of a kind without process (source change kept its own codes) */
const PENDING = {
  transfer: 'SRM_REQUEST_PENDING',
  entity: 'SRM_REQUEST_PENDING',
  source: 'SRM_SOURCE_CHANGE_PENDING',
} as const;
const NO_PROCESS = {
  transfer: 'SRM_REQUEST_NO_PROCESS',
  entity: 'SRM_REQUEST_NO_PROCESS',
  source: 'SRM_SOURCE_NO_PROCESS',
} as const;

type Supplier = Awaited<ReturnType<typeof writableSupplier>>;
type Values = Omit<typeof srmSupplierRequests.$inferInsert, 'supplierId' | 'kind' | 'applicantId' | 'reason'>;

/** The row and its approval request in the caller's transaction; one pending request per supplier and kind. */
async function start(
  tx: Tx,
  p: Platform,
  auth: AuthContext,
  out: Parameters<typeof startInstance>[2],
  s: Supplier,
  kind: SupplierRequestKind,
  values: Values,
  reason: string,
  change: string,
) {
  const [pending] = await tx
    .select({ id: srmSupplierRequests.id })
    .from(srmSupplierRequests)
    .where(
      and(
        eq(srmSupplierRequests.supplierId, s.id),
        eq(srmSupplierRequests.kind, kind),
        eq(srmSupplierRequests.state, 'pending'),
      ),
    );
  if (pending) throw new AppError(PENDING[kind], { vars: { value: s.code } });
  const processId = await processIdOf(tx, SERVICE[kind]);
  if (!processId) throw new AppError(NO_PROCESS[kind]);
  const [row] = await tx
    .insert(srmSupplierRequests)
    .values({ ...values, supplierId: s.id, kind, reason, applicantId: auth.userId, createdAt: p.clock.now() })
    .returning({ id: srmSupplierRequests.id });
  const { instanceId } = await startInstance(
    tx,
    {
      processId,
      initiatorId: auth.userId,
      title: `${TITLE[kind]} ${s.code} ${s.name}`,
      formData: { supplier: `${s.code} ${s.name}`, change, reason },
      businessKey: String(row!.id),
    },
    out,
  );
  await tx.update(srmSupplierRequests).set({ approvalId: instanceId }).where(eq(srmSupplierRequests.id, row!.id));
  return { id: row!.id, approvalId: instanceId };
}

/** Asks to hand one of my private suppliers to another buyer; the owner changes when it is approved. */
export async function applyTransfer(p: Platform, auth: AuthContext, body: TransferRequestApply) {
  return runCommand(p, async (tx, out) => {
    const s = await writableSupplier(tx, auth, body.supplierId);
    if (s.ownerId === body.toUserId) throw new AppError('OWNERSHIP_SAME_OWNER', { vars: { id: s.id } });
    const users = await tx
      .select({ id: staffUsers.id, name: staffUsers.name })
      .from(staffUsers)
      .where(and(inArray(staffUsers.id, [body.toUserId, s.ownerId!]), eq(staffUsers.status, 'active')));
    const to = users.find((u) => u.id === body.toUserId);
    if (!to) throw new AppError('OWNERSHIP_USER_INVALID');
    const from = users.find((u) => u.id === s.ownerId)?.name ?? String(s.ownerId);
    return start(
      tx,
      p,
      auth,
      out,
      s,
      'transfer',
      { fromUserId: s.ownerId, toUserId: to.id, withContacts: body.withContacts, keepAs: body.keepAs },
      body.reason,
      `${from} → ${to.name}`,
    );
  });
}

/** Asks to change our contracting entity on one of my private suppliers; written when it is approved. */
export async function applyEntityChange(p: Platform, auth: AuthContext, body: EntityChangeApply) {
  await checkEntity(p, body.toEntityId);
  return runCommand(p, async (tx, out) => {
    const s = await writableSupplier(tx, auth, body.supplierId);
    const [cur] = await tx
      .select({ entityId: srmSuppliers.entityId })
      .from(srmSuppliers)
      .where(eq(srmSuppliers.id, s.id));
    if (cur?.entityId === body.toEntityId) throw new AppError('SRM_ENTITY_SAME', { vars: { value: s.code } });
    return start(
      tx,
      p,
      auth,
      out,
      s,
      'entity',
      { fromEntityId: cur?.entityId ?? null, toEntityId: body.toEntityId },
      body.reason,
      `${cur?.entityId ?? '-'} → ${body.toEntityId}`,
    );
  });
}

/**
 * Asks to change the source of one of my private suppliers (an enabled source other than its
 * current one); the source decides whose prospecting a supplier counts for, so approval writes it.
 */
export async function applySourceChange(p: Platform, auth: AuthContext, body: SourceChangeApply) {
  return runCommand(p, async (tx, out) => {
    const s = await writableSupplier(tx, auth, body.supplierId);
    await checkDictValues(tx, supplierResource.fields, { source: body.toSource }, 'SRM_DICT_VALUE_UNKNOWN');
    const [cur] = await tx.select({ source: srmSuppliers.source }).from(srmSuppliers).where(eq(srmSuppliers.id, s.id));
    if (cur?.source === body.toSource) throw new AppError('SRM_SOURCE_SAME', { vars: { value: s.code } });
    return start(
      tx,
      p,
      auth,
      out,
      s,
      'source',
      { fromSource: cur?.source ?? null, toSource: body.toSource },
      body.reason,
      `${cur?.source ?? '-'} → ${body.toSource}`,
    );
  });
}

async function decide(p: Platform, o: ApprovalOutcome, state: 'approved' | 'rejected' | 'withdrawn') {
  const now = p.clock.now();
  const [r] = await o.tx
    .update(srmSupplierRequests)
    .set({ state, decidedAt: now, version: sql`${srmSupplierRequests.version} + 1` })
    .where(and(eq(srmSupplierRequests.id, Number(o.instance.businessKey)), eq(srmSupplierRequests.state, 'pending')))
    .returning();
  if (!r || state !== 'approved') return;
  if (r.kind === 'transfer') {
    // the request is no longer pending, so the ownership guard lets its own transfer through
    await transferWithin(o.tx, p, supplierOwners, o.actorId, undefined, {
      ids: [r.supplierId],
      userId: r.toUserId!,
      related: r.withContacts ? ['contacts'] : [],
      keepAs: r.keepAs ?? 'none',
      reason: r.reason,
    });
    return;
  }
  const change =
    r.kind === 'source'
      ? {
          set: { source: r.toSource },
          field: 'source',
          from: r.fromSource,
          to: r.toSource,
          why: 'source_change_approved',
        }
      : {
          set: { entityId: r.toEntityId },
          field: 'entityId',
          from: r.fromEntityId,
          to: r.toEntityId,
          why: 'entity_change_approved',
        };
  await o.tx
    .update(srmSuppliers)
    .set({ ...change.set, updatedAt: now, version: sql`${srmSuppliers.version} + 1` })
    .where(eq(srmSuppliers.id, r.supplierId));
  await appendRecordEvents(
    o.tx,
    [
      {
        entity: 'srm.supplier',
        recordId: r.supplierId,
        actorId: o.actorId,
        kind: 'updated',
        changes: [{ field: change.field, from: change.from, to: change.to }],
        data: { reason: change.why },
      },
    ],
    now,
  );
}

let current: Platform | undefined;
/** The approval engine tells the room how its transfer, entity and source change requests ended. */
export function registerSupplierRequestHandlers(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  for (const service of Object.values(SERVICE))
    registerApprovalHandler(service, {
      onApproved: (o) => decide(current!, o, 'approved'),
      onRejected: (o) => decide(current!, o, 'rejected'),
      onWithdrawn: (o) => decide(current!, o, 'withdrawn'),
    });
}
