import {
  SEAL_SERVICE,
  type SealApplicationDetail,
  type SealApply,
  type SealApplyResult,
} from '@portal/contracts/finance';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../../platform/access/data-scope.js';
import { staffUsers } from '../../../platform/access/schema.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { type DbOrTx, rowsOf, type Tx } from '../../../platform/db/index.js';
import { claimFilesForAttach } from '../../../platform/files/attach.js';
import { filesOf } from '../../../platform/files/service.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import {
  type ApprovalOutcome,
  approvalTrail,
  processOfService,
  registerApprovalHandler,
  runCommand,
  startInstance,
} from '../../approval/index.js';
import { customerRefInScope } from '../../crm/customer-refs.js';
import { supplierFieldSql } from '../../srm/index.js';
import { reference } from '../../system/reference/index.js';
import { dayOf } from '../ledger.js';
import { sealScope } from './resources.js';
import { finContractArchives, finSealApplications, finSeals, sealApplicationCodeSeq } from './schema.js';

/** a contract file is a PDF or a scan */
const CONTRACT_EXTS = ['pdf', 'jpg', 'jpeg', 'png', 'gif'];
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/** The counterpart in the caller's data scope (a customer by its owner, a supplier by its owner), or refused. */
async function counterpartOf(tx: Tx, auth: AuthContext, body: SealApply) {
  const scoped = sealScope(auth);
  if (body.counterpartKind === 'customer') {
    const c = await customerRefInScope(tx, scoped, body.counterpartId);
    if (c) return `${c.code} ${c.name}`;
  } else {
    const id = sql`${body.counterpartId}::int`;
    const [s] = rowsOf<{ code: string | null; name: string | null; owner: number | null }>(
      await tx.execute(
        sql`select ${supplierFieldSql(id, 'code')} as code, ${supplierFieldSql(id, 'name')} as name,
            ${supplierFieldSql(id, 'owner_id')} as owner`,
      ),
    );
    const scope = dataScopeWhere(scoped, sql`${s?.owner ?? null}::int`);
    const inScope = scope ? rowsOf(await tx.execute(sql`select 1 as ok where ${scope}`)).length > 0 : true;
    if (s?.code && inScope) return `${s.code} ${s.name}`;
  }
  throw new AppError('FIN_SEAL_COUNTERPART', { vars: { value: String(body.counterpartId) } });
}

/** The seals asked for: each active, all of one contracting entity; answered in the order asked. */
async function sealsOf(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: finSeals.id, name: finSeals.name, entityId: finSeals.entityId, active: finSeals.active })
    .from(finSeals)
    .where(inArray(finSeals.id, unique));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique)
    if (!byId.get(id)?.active) throw new AppError('FIN_SEAL_UNKNOWN', { vars: { value: String(id) } });
  if (new Set(rows.map((r) => r.entityId)).size > 1) throw new AppError('FIN_SEAL_ENTITY');
  return unique.map((id) => byId.get(id)!);
}

/**
 * Applies to seal a contract: the counterpart in the caller's scope, the seals active and of one
 * entity, the files the caller's own PDF or image uploads; the application and its approval request
 * start in one transaction. Nothing is kept when any check refuses.
 */
export async function applySeal(p: Platform, auth: AuthContext, body: SealApply): Promise<SealApplyResult> {
  if (body.endDay && body.endDay < body.startDay) throw new AppError('FIN_SEAL_TERM');
  if (!(await reference(p).currencyOf(body.currency)))
    throw new AppError('FIN_SEAL_CURRENCY', { vars: { value: body.currency } });
  return runCommand(p, async (tx, out) => {
    const counterpart = await counterpartOf(tx, auth, body);
    const seals = await sealsOf(tx, body.sealIds);
    const files = await claimFilesForAttach(tx, auth.userId, body.files, {
      refuse: (_why, id) => new AppError('FIN_SEAL_FILE', { vars: { value: id } }),
    });
    for (const f of files) {
      const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
      if (!CONTRACT_EXTS.includes(ext)) throw new AppError('FIN_SEAL_FILE', { vars: { value: f.name } });
    }
    const processId = await processOfService(tx, SEAL_SERVICE);
    if (!processId) throw new AppError('FIN_SEAL_NO_PROCESS');
    const [n] = rowsOf<{ n: string }>(
      await tx.execute(sql`select nextval(${sealApplicationCodeSeq.seqName})::text as n`),
    );
    const code = `SA${n!.n}`;
    const sealNames = seals.map((s) => s.name).join('、');
    const fileIds = files.map((f) => f.id);
    const [row] = await tx
      .insert(finSealApplications)
      .values({
        code,
        counterpartKind: body.counterpartKind,
        counterpartId: body.counterpartId,
        counterpartName: counterpart,
        title: body.title,
        contractType: body.contractType,
        amount: body.amount,
        currency: body.currency,
        startDay: body.startDay,
        endDay: body.endDay ?? null,
        sealIds: seals.map((s) => s.id),
        sealNames,
        copies: body.copies,
        files: fileIds,
        reason: body.reason || null,
        applicantId: auth.userId,
        createdAt: out.now,
      })
      .returning({ id: finSealApplications.id });
    const { instanceId } = await startInstance(
      tx,
      {
        processId,
        initiatorId: auth.userId,
        title: `合同用印 ${code} ${body.title}`,
        formData: {
          contract: `${code} ${body.title} · ${counterpart}`,
          amount: `${money(body.amount, body.currency)} · ${body.startDay} ~ ${body.endDay ?? '—'}`,
          seals: `${sealNames} × ${body.copies}`,
          reason: body.reason ?? '',
          files: fileIds,
        },
        businessKey: String(row!.id),
      },
      out,
    );
    await tx.update(finSealApplications).set({ approvalId: instanceId }).where(eq(finSealApplications.id, row!.id));
    return { id: row!.id, code, instanceId };
  });
}

/**
 * Archives an approved application in the approval's transaction: the day's next number under a
 * transaction lock of that day (`HT-YYYYMMDD-NNN`; the unique (day, seq) index backs it), the
 * contract's fields copied, the original awaited.
 */
async function archive(tx: Tx, app: typeof finSealApplications.$inferSelect, now: Date) {
  const day = dayOf(now);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fin_contract_archive:${day}`}))`);
  const [{ seq }] = rowsOf<{ seq: number }>(
    await tx.execute(
      sql`select coalesce(max(seq), 0)::int + 1 as seq from fin_contract_archives where archive_day = ${day}`,
    ),
  ) as [{ seq: number }];
  const archiveNo = `HT-${day.replaceAll('-', '')}-${String(seq).padStart(3, '0')}`;
  await tx.insert(finContractArchives).values({
    archiveNo,
    archiveDay: day,
    seq,
    applicationId: app.id,
    applicationCode: app.code,
    counterpartKind: app.counterpartKind,
    counterpartId: app.counterpartId,
    counterpartName: app.counterpartName,
    title: app.title,
    contractType: app.contractType,
    amount: app.amount,
    currency: app.currency,
    startDay: app.startDay,
    endDay: app.endDay,
    sealIds: app.sealIds,
    sealNames: app.sealNames,
    copies: app.copies,
    files: app.files,
    applicantId: app.applicantId,
    archivedAt: now,
  });
  return archiveNo;
}

/** The approval's outcome on the application, once (a pending one only); approval archives it. */
export async function decideSeal(
  tx: Tx,
  id: number,
  state: 'approved' | 'rejected' | 'withdrawn',
  actorId: number,
  now: Date,
) {
  const [app] = await tx
    .update(finSealApplications)
    .set({ state, deciderId: actorId, decidedAt: now, version: sql`${finSealApplications.version} + 1` })
    .where(and(eq(finSealApplications.id, id), eq(finSealApplications.state, 'pending')))
    .returning();
  if (!app || state !== 'approved') return;
  const archiveNo = await archive(tx, app, now);
  await tx.update(finSealApplications).set({ archiveNo }).where(eq(finSealApplications.id, id));
}

let current: Platform | undefined;
const outcome = (state: 'approved' | 'rejected' | 'withdrawn') => (o: ApprovalOutcome) =>
  decideSeal(o.tx, Number(o.instance.businessKey), state, o.actorId, current!.clock.now());

/** The approval engine tells the room how its seal requests ended. */
export function registerSealHandler(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  registerApprovalHandler(SEAL_SERVICE, {
    onApproved: outcome('approved'),
    onRejected: outcome('rejected'),
    onWithdrawn: outcome('withdrawn'),
  });
}

/** One application by id or by its approval request, if it is the caller's or their scope covers its applicant. */
export async function sealApplicationDetail(
  p: Platform,
  auth: AuthContext,
  by: { id: number } | { instanceId: number },
  locale: 'zh-CN' | 'en',
): Promise<SealApplicationDetail> {
  const a = finSealApplications;
  const scope = dataScopeWhere(sealScope(auth), a.applicantId);
  const [row] = await p.db
    .select()
    .from(a)
    .where(and('id' in by ? eq(a.id, by.id) : eq(a.approvalId, by.instanceId), scope));
  if (!row) throw new AppError('NOT_FOUND');
  return detailOf(p.db, p, row, locale);
}

async function detailOf(
  db: DbOrTx,
  p: Platform,
  row: typeof finSealApplications.$inferSelect,
  locale: 'zh-CN' | 'en',
): Promise<SealApplicationDetail> {
  const seals = row.sealIds.length
    ? await db
        .select({ id: finSeals.id, name: finSeals.name, kind: finSeals.kind })
        .from(finSeals)
        .where(inArray(finSeals.id, row.sealIds))
    : [];
  const [who] = await db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, row.applicantId));
  const files = await (await filesOf(p)).infos(row.files);
  return {
    id: row.id,
    code: row.code,
    state: row.state,
    counterpartKind: row.counterpartKind,
    counterpartId: row.counterpartId,
    counterpartName: row.counterpartName,
    title: row.title,
    contractType: row.contractType,
    amount: row.amount,
    currency: row.currency,
    startDay: row.startDay,
    endDay: row.endDay,
    copies: row.copies,
    reason: row.reason,
    seals: row.sealIds.flatMap((id) => seals.filter((s) => s.id === id)),
    files,
    archiveNo: row.archiveNo,
    instanceId: row.approvalId,
    applicantId: row.applicantId,
    applicantName: who?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    trail: row.approvalId ? await approvalTrail(db, row.approvalId, locale) : [],
  };
}
