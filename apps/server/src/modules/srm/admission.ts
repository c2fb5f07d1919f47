import {
  ADMISSION_CHECKLIST,
  ADMISSION_CHECKLIST_KEYS,
  ADMISSION_SERVICE,
  type AdmissionApply,
  type AdmissionState,
  admissionResource,
} from '@portal/contracts/srm';
import { and, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Tx } from '../../platform/db/index.js';
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
import { srmAdmissions, srmSuppliers } from './schema.js';

const supplierCol = (col: string) =>
  sql.raw(`(select s.${col} from srm_suppliers s where s.id = "srm_admissions"."supplier_id")`);
const applicantName = sql`(select u.name from ${staffUsers} u where u.id = "srm_admissions"."applicant_id")`;

/** Admission applications on the kernel: read-only there (started by `apply`, decided by the approval engine). */
export const admissions = bindResource(admissionResource, {
  table: srmAdmissions,
  search: { keyword: srmAdmissions.search },
  columns: {
    supplierId: srmAdmissions.supplierId,
    supplierCode: supplierCol('code'),
    supplierName: supplierCol('name'),
    state: srmAdmissions.state,
    documents: srmAdmissions.documents,
    note: srmAdmissions.note,
    approvalId: srmAdmissions.approvalId,
    applicantId: srmAdmissions.applicantId,
    applicantName,
    decidedAt: srmAdmissions.decidedAt,
    createdAt: srmAdmissions.createdAt,
  },
});

const checklistText = (done: Record<string, boolean>) =>
  ADMISSION_CHECKLIST.map((c) => `${done[c.key] ? '☑' : '☐'} ${c.label.zh} / ${c.label.en}`).join('\n');

/**
 * Applies for a supplier's admission: the applicant's own private supplier, not admitted, none
 * pending, the whole checklist answered yes, at least one document; the application and its approval
 * request start in one transaction (the engine claims the documents as the applicant's uploads).
 */
export async function applyAdmission(p: Platform, auth: AuthContext, body: AdmissionApply) {
  const missing = ADMISSION_CHECKLIST.filter((c) => body.checklist[c.key] !== true);
  if (missing.length)
    throw new AppError('SRM_CHECKLIST_INCOMPLETE', {
      vars: {
        value: {
          'zh-CN': missing.map((c) => c.label.zh).join('、'),
          en: missing.map((c) => c.label.en).join(', '),
        },
      },
    });
  const documents = [...new Set(body.documents)];
  if (!documents.length) throw new AppError('SRM_DOCUMENTS_REQUIRED');
  return runCommand(p, async (tx, out) => {
    const supplier = await writableSupplier(tx, auth, body.supplierId);
    if (supplier.admitted) throw new AppError('SRM_ALREADY_ADMITTED', { vars: { value: supplier.code } });
    const [pending] = await tx
      .select({ id: srmAdmissions.id })
      .from(srmAdmissions)
      .where(and(eq(srmAdmissions.supplierId, supplier.id), eq(srmAdmissions.state, 'pending')));
    if (pending) throw new AppError('SRM_ADMISSION_PENDING', { vars: { value: supplier.code } });
    const processId = await processIdOf(tx, ADMISSION_SERVICE);
    if (!processId) throw new AppError('SRM_ADMISSION_NO_PROCESS');
    const checklist = Object.fromEntries(ADMISSION_CHECKLIST_KEYS.map((k) => [k, true]));
    const [row] = await tx
      .insert(srmAdmissions)
      .values({
        supplierId: supplier.id,
        checklist,
        documents,
        note: body.note ?? null,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      })
      .returning({ id: srmAdmissions.id });
    const { instanceId } = await startInstance(
      tx,
      {
        processId,
        initiatorId: auth.userId,
        title: `供应商准入 ${supplier.code} ${supplier.name}`,
        formData: {
          supplier: `${supplier.code} ${supplier.name}`,
          checklist: checklistText(checklist),
          note: body.note ?? '',
          documents,
        },
        businessKey: String(row!.id),
      },
      out,
    );
    await tx.update(srmAdmissions).set({ approvalId: instanceId }).where(eq(srmAdmissions.id, row!.id));
    return { id: row!.id, approvalId: instanceId };
  });
}

/** The approval's outcome, in its transaction: the application's state, and admission on approval. */
async function decide(o: ApprovalOutcome, state: Exclude<AdmissionState, 'pending'>, now: Date) {
  const id = Number(o.instance.businessKey);
  const [app] = await o.tx
    .update(srmAdmissions)
    .set({ state, decidedAt: now, version: sql`${srmAdmissions.version} + 1` })
    .where(and(eq(srmAdmissions.id, id), eq(srmAdmissions.state, 'pending')))
    .returning({ supplierId: srmAdmissions.supplierId });
  if (!app || state !== 'approved') return;
  await admit(o.tx, app.supplierId, o.actorId, now);
}

async function admit(tx: Tx, supplierId: number, actorId: number, now: Date) {
  const [s] = await tx
    .update(srmSuppliers)
    .set({ admitted: true, admittedAt: now, version: sql`${srmSuppliers.version} + 1` })
    .where(and(eq(srmSuppliers.id, supplierId), eq(srmSuppliers.admitted, false)))
    .returning({ id: srmSuppliers.id });
  if (s)
    await appendRecordEvents(
      tx,
      [
        {
          entity: 'srm.supplier',
          recordId: supplierId,
          actorId,
          kind: 'state',
          changes: [{ field: 'admitted', from: false, to: true }],
          data: { reason: 'admission_approved' },
        },
      ],
      now,
    );
}

let current: Platform | undefined;
/** The approval engine tells the room how its admission requests ended. */
export function registerAdmissionHandler(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  registerApprovalHandler(ADMISSION_SERVICE, {
    onApproved: (o) => decide(o, 'approved', current!.clock.now()),
    onRejected: (o) => decide(o, 'rejected', current!.clock.now()),
    onWithdrawn: (o) => decide(o, 'withdrawn', current!.clock.now()),
  });
}
