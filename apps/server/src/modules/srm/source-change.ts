import {
  SOURCE_CHANGE_SERVICE,
  type SourceChangeApply,
  sourceChangeResource,
  supplierResource,
} from '@portal/contracts/srm';
import { and, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { AppError } from '../../platform/http/errors.js';
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
import { srmSourceChanges, srmSuppliers } from './schema.js';

const supplierCol = (col: string) =>
  sql.raw(`(select s.${col} from srm_suppliers s where s.id = "srm_source_changes"."supplier_id")`);
const applicantName = sql`(select u.name from ${staffUsers} u where u.id = "srm_source_changes"."applicant_id")`;

/** Source changes on the kernel: read-only there (started by `apply`, decided by the approval engine). */
export const sourceChanges = bindResource(sourceChangeResource, {
  table: srmSourceChanges,
  search: { keyword: srmSourceChanges.search },
  columns: {
    supplierId: srmSourceChanges.supplierId,
    supplierCode: supplierCol('code'),
    supplierName: supplierCol('name'),
    fromSource: srmSourceChanges.fromSource,
    toSource: srmSourceChanges.toSource,
    reason: srmSourceChanges.reason,
    state: srmSourceChanges.state,
    approvalId: srmSourceChanges.approvalId,
    applicantId: srmSourceChanges.applicantId,
    applicantName,
    decidedAt: srmSourceChanges.decidedAt,
    createdAt: srmSourceChanges.createdAt,
  },
});

/**
 * Applies for a supplier's source change: the applicant's own private supplier, an enabled source
 * other than its current one, none pending; the change and its request start in one transaction.
 */
export async function applySourceChange(p: Platform, auth: AuthContext, body: SourceChangeApply) {
  return runCommand(p, async (tx, out) => {
    const supplier = await writableSupplier(tx, auth, body.supplierId);
    await checkDictValues(tx, supplierResource.fields, { source: body.toSource }, 'SRM_DICT_VALUE_UNKNOWN');
    const [current] = await tx
      .select({ source: srmSuppliers.source })
      .from(srmSuppliers)
      .where(eq(srmSuppliers.id, supplier.id));
    if (current?.source === body.toSource) throw new AppError('SRM_SOURCE_SAME', { vars: { value: supplier.code } });
    const [pending] = await tx
      .select({ id: srmSourceChanges.id })
      .from(srmSourceChanges)
      .where(and(eq(srmSourceChanges.supplierId, supplier.id), eq(srmSourceChanges.state, 'pending')));
    if (pending) throw new AppError('SRM_SOURCE_CHANGE_PENDING', { vars: { value: supplier.code } });
    const processId = await processIdOf(tx, SOURCE_CHANGE_SERVICE);
    if (!processId) throw new AppError('SRM_SOURCE_NO_PROCESS');
    const [row] = await tx
      .insert(srmSourceChanges)
      .values({
        supplierId: supplier.id,
        fromSource: current?.source ?? null,
        toSource: body.toSource,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      })
      .returning({ id: srmSourceChanges.id });
    const { instanceId } = await startInstance(
      tx,
      {
        processId,
        initiatorId: auth.userId,
        title: `供应商来源变更 ${supplier.code} ${supplier.name}`,
        formData: {
          supplier: `${supplier.code} ${supplier.name}`,
          change: `${current?.source ?? '-'} → ${body.toSource}`,
          reason: body.reason,
        },
        businessKey: String(row!.id),
      },
      out,
    );
    await tx.update(srmSourceChanges).set({ approvalId: instanceId }).where(eq(srmSourceChanges.id, row!.id));
    return { id: row!.id, approvalId: instanceId };
  });
}

async function decide(o: ApprovalOutcome, state: 'approved' | 'rejected' | 'withdrawn', now: Date) {
  const [change] = await o.tx
    .update(srmSourceChanges)
    .set({ state, decidedAt: now, version: sql`${srmSourceChanges.version} + 1` })
    .where(and(eq(srmSourceChanges.id, Number(o.instance.businessKey)), eq(srmSourceChanges.state, 'pending')))
    .returning({
      supplierId: srmSourceChanges.supplierId,
      from: srmSourceChanges.fromSource,
      to: srmSourceChanges.toSource,
    });
  if (!change || state !== 'approved') return;
  await o.tx
    .update(srmSuppliers)
    .set({ source: change.to, updatedAt: now, version: sql`${srmSuppliers.version} + 1` })
    .where(eq(srmSuppliers.id, change.supplierId));
  await appendRecordEvents(o.tx, [
    {
      entity: 'srm.supplier',
      recordId: change.supplierId,
      actorId: o.actorId,
      kind: 'updated',
      changes: [{ field: 'source', from: change.from, to: change.to }],
      data: { reason: 'source_change_approved' },
    },
  ]);
}

let current: Platform | undefined;
/** The approval engine tells the room how its source change requests ended. */
export function registerSourceChangeHandler(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  registerApprovalHandler(SOURCE_CHANGE_SERVICE, {
    onApproved: (o) => decide(o, 'approved', current!.clock.now()),
    onRejected: (o) => decide(o, 'rejected', current!.clock.now()),
    onWithdrawn: (o) => decide(o, 'withdrawn', current!.clock.now()),
  });
}
