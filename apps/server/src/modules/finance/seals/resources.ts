import { contractArchiveResource, SealPerm, sealApplicationResource, sealResource } from '@portal/contracts/finance';
import { and, eq, ne, sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import type { Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { reference } from '../../system/reference/index.js';
import { dayOf } from '../ledger.js';
import { finContractArchives, finSealApplications, finSeals } from './schema.js';

/** finance and legal (`SealPerm.ALL`) see every application and archive record, whatever their role's scope */
export const sealScope = (auth: AuthContext): AuthContext =>
  auth.perms.has(SealPerm.ALL) ? { ...auth, scope: { kind: 'all', departmentIds: [] } } : auth;

/** The entity must be one of the reference data's contracting entities (read before the transaction). */
async function checkEntity(p: Platform, input: Values) {
  if (input.entityId === undefined) return {};
  const id = Number(input.entityId);
  if (!(await reference(p).entities()).some((e) => e.id === id))
    throw new AppError('FIN_ENTITY_UNKNOWN', { vars: { value: String(id) } });
  return {};
}

/** `setModule/financial/seal-config`: the company's seals (settings; every change in the seal's history). */
export const seals = bindResource(sealResource, {
  table: finSeals,
  search: { keyword: finSeals.search },
  columns: {
    name: finSeals.name,
    kind: finSeals.kind,
    entityId: finSeals.entityId,
    // the reference data's entity name (read-only; the reference room owns the row)
    entityName: sql`(select e.name from ref_entities e where e.id = "fin_seals"."entity_id")`,
    keeperId: finSeals.keeperId,
    active: finSeals.active,
    validUntil: finSeals.validUntil,
    remark: finSeals.remark,
    createdBy: finSeals.createdBy,
    createdAt: finSeals.createdAt,
  },
  hooks: {
    prepareCreate: (input, _auth, p) => checkEntity(p, input),
    prepareUpdate: (patch, _auth, p) => checkEntity(p, patch),
    async beforeCreate(ctx, input) {
      await sameName(ctx.tx, Number(input.entityId), String(input.name));
      return { createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before, patch) {
      if ('name' in patch || 'entityId' in patch)
        await sameName(
          ctx.tx,
          Number(patch.entityId ?? before.entityId),
          String(patch.name ?? before.name),
          Number(before.id),
        );
      return undefined;
    },
  },
});

/** One entity holds one seal of a name (checked here for a clear answer; the unique index decides races). */
async function sameName(tx: Tx, entityId: number, name: string, id?: number) {
  const [dup] = await tx
    .select({ id: finSeals.id })
    .from(finSeals)
    .where(and(eq(finSeals.entityId, entityId), eq(finSeals.name, name), id ? ne(finSeals.id, id) : undefined));
  if (dup) throw new AppError('DUPLICATE', { vars: { value: name } });
}

const applicantName = sql`(select u.name from ${staffUsers} u where u.id = "fin_seal_applications"."applicant_id")`;

/** `contract-archive/seal-apply`: read-only on the kernel (started by apply, decided by the approval engine). */
export const sealApplications = bindResource(sealApplicationResource, {
  scopeOf: sealScope,
  table: finSealApplications,
  search: { keyword: finSealApplications.search },
  columns: {
    code: finSealApplications.code,
    counterpartKind: finSealApplications.counterpartKind,
    counterpartId: finSealApplications.counterpartId,
    counterpartName: finSealApplications.counterpartName,
    title: finSealApplications.title,
    contractType: finSealApplications.contractType,
    amount: finSealApplications.amount,
    currency: finSealApplications.currency,
    startDay: finSealApplications.startDay,
    endDay: finSealApplications.endDay,
    sealNames: finSealApplications.sealNames,
    copies: finSealApplications.copies,
    files: finSealApplications.files,
    state: finSealApplications.state,
    archiveNo: finSealApplications.archiveNo,
    reason: finSealApplications.reason,
    approvalId: finSealApplications.approvalId,
    applicantId: finSealApplications.applicantId,
    applicantName,
    decidedAt: finSealApplications.decidedAt,
    createdAt: finSealApplications.createdAt,
  },
});

/** `contract-archive/archive-records`: the remark is edited; the original's return is a command. */
export const contractArchives = bindResource(contractArchiveResource, {
  scopeOf: sealScope,
  table: finContractArchives,
  search: { keyword: finContractArchives.search },
  columns: {
    archiveNo: finContractArchives.archiveNo,
    applicationId: finContractArchives.applicationId,
    applicationCode: finContractArchives.applicationCode,
    counterpartKind: finContractArchives.counterpartKind,
    counterpartId: finContractArchives.counterpartId,
    counterpartName: finContractArchives.counterpartName,
    title: finContractArchives.title,
    contractType: finContractArchives.contractType,
    amount: finContractArchives.amount,
    currency: finContractArchives.currency,
    startDay: finContractArchives.startDay,
    endDay: finContractArchives.endDay,
    sealNames: finContractArchives.sealNames,
    copies: finContractArchives.copies,
    files: finContractArchives.files,
    originalState: finContractArchives.originalState,
    returnedBy: finContractArchives.returnedBy,
    returnedOn: finContractArchives.returnedOn,
    remark: finContractArchives.remark,
    applicantId: finContractArchives.applicantId,
    archivedAt: finContractArchives.archivedAt,
  },
  commands: {
    async fileOriginal(ctx, record, input) {
      if (record.originalState !== 'awaiting')
        throw new AppError('FIN_SEAL_ORIGINAL_FILED', { vars: { value: String(record.archiveNo) } });
      const on = String(input.returnedOn);
      const archived = dayOf(new Date(String(record.archivedAt)));
      if (on < archived || on > dayOf(ctx.p.clock.now())) throw new AppError('FIN_SEAL_RETURN_DAY');
      const [who] = await ctx.tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(staffUsers.id, Number(input.returnedBy)));
      if (!who) throw new AppError('FIN_SEAL_RETURNED_BY', { vars: { value: String(input.returnedBy) } });
      return { set: { originalState: 'filed', returnedBy: who.id, returnedOn: on } };
    },
  },
});
