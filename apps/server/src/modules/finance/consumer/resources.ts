import {
  type AwsUserKind,
  awsIdentityOk,
  awsUserResource,
  clientResource,
  contractResource,
  verificationResource,
} from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { claimFilesForAttach } from '../../../platform/files/attach.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { financeScope } from '../accounts.js';
import { today } from '../overdue.js';
import { accountColumns, openAccount } from './account-ref.js';
import { markIdentity, syncIdentity } from './identity.js';
import { clientAppSeq, finAwsUsers, finClients, finContracts, finVerifications } from './schema.js';

/** The files a record keeps: each the caller's own upload, or already on the record (platform rule). */
async function filesOf(tx: DbOrTx, auth: AuthContext, ids: unknown, keep: unknown = []) {
  const list = (ids as string[] | null | undefined) ?? [];
  await claimFilesForAttach(tx, auth.userId, list, { keep: (keep as string[] | null) ?? [] });
  return list;
}

/** The record may take this step from its state, else the resource's refusal naming it. */
function inState(record: Values, states: readonly string[], code: Parameters<typeof refuse>[0], name: string) {
  if (!states.includes(String(record.state))) throw refuse(code, String(record[name]));
}
const refuse = (code: 'FIN_VERIFY_STATE' | 'FIN_CONTRACT_STATE' | 'FIN_CLIENT_STATE' | 'FIN_AWS_STATE', v: string) =>
  new AppError(code, { vars: { value: v } });

/**
 * `account/consumer/authcheck` (decision 0121): identity verifications in the caller's account scope.
 * Submitted with documents (the caller's uploads), corrected while pending, decided once by a
 * reviewer other than the submitter.
 */
export const verifications = bindResource(verificationResource, {
  scopeOf: financeScope,
  table: finVerifications,
  search: { keyword: finVerifications.search },
  columns: {
    accountId: finVerifications.accountId,
    ...accountColumns('fin_verifications'),
    subject: finVerifications.subject,
    legalName: finVerifications.legalName,
    documentNo: finVerifications.documentNo,
    documents: finVerifications.documents,
    validUntil: finVerifications.validUntil,
    state: finVerifications.state,
    rejectReason: finVerifications.rejectReason,
    reviewedBy: finVerifications.reviewedBy,
    reviewedAt: finVerifications.reviewedAt,
    createdBy: finVerifications.createdBy,
    createdAt: finVerifications.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const acc = await openAccount(ctx.tx, ctx.auth, Number(input.accountId));
      const [pending] = await ctx.tx
        .select({ id: finVerifications.id })
        .from(finVerifications)
        .where(and(eq(finVerifications.accountId, acc.id), eq(finVerifications.state, 'pending')));
      if (pending) throw new AppError('FIN_VERIFY_PENDING', { vars: { value: acc.code } });
      stillValid(input.validUntil, today(ctx.p));
      await filesOf(ctx.tx, ctx.auth, input.documents);
      return { state: 'pending', createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
    // the account's identity state follows its latest verification (decision 0133)
    async afterCreate(ctx, _id, input) {
      await syncIdentity(ctx.tx, today(ctx.p), Number(input.accountId));
    },
    async beforeUpdate(ctx, before, patch) {
      inState(before, ['pending'], 'FIN_VERIFY_STATE', 'legalName');
      if ('validUntil' in patch) stillValid(patch.validUntil, today(ctx.p));
      if ('documents' in patch) await filesOf(ctx.tx, ctx.auth, patch.documents, before.documents);
      return undefined;
    },
  },
  commands: {
    async approve(ctx, record) {
      decidable(ctx.auth, record);
      await decided(ctx, record, 'approved');
      return { set: { state: 'approved', reviewedBy: ctx.auth.userId, reviewedAt: ctx.p.clock.now() } };
    },
    async reject(ctx, record, input) {
      decidable(ctx.auth, record);
      await decided(ctx, record, 'rejected');
      return {
        set: {
          state: 'rejected',
          rejectReason: String(input.reason),
          reviewedBy: ctx.auth.userId,
          reviewedAt: ctx.p.clock.now(),
        },
      };
    },
  },
});

/** the document is valid today or later (none given: no end) */
function stillValid(validUntil: unknown, day: string) {
  if (validUntil && String(validUntil) < day)
    throw new AppError('FIN_VERIFY_VALID_UNTIL', { vars: { value: String(validUntil) } });
}

/** the account's identity state once this verification is decided */
const decided = (ctx: { tx: DbOrTx; p: Parameters<typeof today>[0] }, record: Values, state: string) =>
  markIdentity(ctx.tx, today(ctx.p), {
    id: Number(record.id),
    accountId: Number(record.accountId),
    state,
    validUntil: record.validUntil,
  });

/** pending, and not the reviewer's own submission (four eyes) */
function decidable(auth: AuthContext, record: Values) {
  inState(record, ['pending'], 'FIN_VERIFY_STATE', 'legalName');
  if (record.createdBy === auth.userId) throw new AppError('FIN_VERIFY_SELF');
}

/** `account/consumer/contract`: contracts in the caller's account scope; the term is checked both ways. */
export const contracts = bindResource(contractResource, {
  scopeOf: financeScope,
  table: finContracts,
  search: { keyword: finContracts.search },
  columns: {
    contractNo: finContracts.contractNo,
    title: finContracts.title,
    accountId: finContracts.accountId,
    ...accountColumns('fin_contracts'),
    startsOn: finContracts.startsOn,
    endsOn: finContracts.endsOn,
    signedOn: finContracts.signedOn,
    files: finContracts.files,
    state: finContracts.state,
    terminateReason: finContracts.terminateReason,
    remark: finContracts.remark,
    createdBy: finContracts.createdBy,
    createdAt: finContracts.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await openAccount(ctx.tx, ctx.auth, Number(input.accountId));
      term(input.startsOn, input.endsOn);
      const [taken] = await ctx.tx
        .select({ id: finContracts.id })
        .from(finContracts)
        .where(eq(finContracts.contractNo, String(input.contractNo)));
      if (taken) throw new AppError('FIN_CONTRACT_DUPLICATE', { vars: { value: String(input.contractNo) } });
      await filesOf(ctx.tx, ctx.auth, input.files);
      return { state: 'active', createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before, patch) {
      inState(before, ['active'], 'FIN_CONTRACT_STATE', 'contractNo');
      term(patch.startsOn ?? before.startsOn, patch.endsOn ?? before.endsOn);
      if ('files' in patch) await filesOf(ctx.tx, ctx.auth, patch.files, before.files);
      return undefined;
    },
  },
  commands: {
    async terminate(_ctx, record, input) {
      inState(record, ['active'], 'FIN_CONTRACT_STATE', 'contractNo');
      return { set: { state: 'terminated', terminateReason: String(input.reason) } };
    },
  },
});

function term(startsOn: unknown, endsOn: unknown) {
  if (String(endsOn) < String(startsOn)) throw new AppError('FIN_CONTRACT_TERM');
}

async function nextAppId(tx: DbOrTx) {
  const [row] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${clientAppSeq.seqName})::text as n`));
  return `APP${row!.n}`;
}

/** `account/consumer/client`: client applications for one of their account's products. */
export const clients = bindResource(clientResource, {
  scopeOf: financeScope,
  table: finClients,
  search: { keyword: finClients.search },
  columns: {
    appId: finClients.appId,
    name: finClients.name,
    accountId: finClients.accountId,
    ...accountColumns('fin_clients'),
    product: finClients.product,
    state: finClients.state,
    remark: finClients.remark,
    createdBy: finClients.createdBy,
    createdAt: finClients.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const acc = await openAccount(ctx.tx, ctx.auth, Number(input.accountId));
      if (!acc.products.includes(String(input.product)))
        throw new AppError('FIN_CLIENT_PRODUCT', { vars: { value: acc.code } });
      return {
        appId: await nextAppId(ctx.tx),
        state: 'active',
        createdBy: ctx.auth.userId,
        createdAt: ctx.p.clock.now(),
      };
    },
  },
  commands: {
    async disable(_ctx, record, input) {
      inState(record, ['active'], 'FIN_CLIENT_STATE', 'appId');
      return { set: { state: 'disabled', disableReason: String(input.reason) } };
    },
    async enable(_ctx, record) {
      inState(record, ['disabled'], 'FIN_CLIENT_STATE', 'appId');
      return { set: { state: 'active', disableReason: null } };
    },
  },
});

/** `account/consumer/awsUser`: linked cloud sender users, once per region and identity. */
export const awsUsers = bindResource(awsUserResource, {
  scopeOf: financeScope,
  table: finAwsUsers,
  search: { keyword: finAwsUsers.search },
  columns: {
    kind: finAwsUsers.kind,
    identity: finAwsUsers.identity,
    region: finAwsUsers.region,
    accountId: finAwsUsers.accountId,
    ...accountColumns('fin_aws_users'),
    state: finAwsUsers.state,
    verifiedAt: finAwsUsers.verifiedAt,
    remark: finAwsUsers.remark,
    createdBy: finAwsUsers.createdBy,
    createdAt: finAwsUsers.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await openAccount(ctx.tx, ctx.auth, Number(input.accountId));
      const identity = String(input.identity).trim();
      if (!awsIdentityOk(input.kind as AwsUserKind, identity))
        throw new AppError('FIN_AWS_IDENTITY', { vars: { value: identity } });
      const [taken] = await ctx.tx
        .select({ id: finAwsUsers.id })
        .from(finAwsUsers)
        .where(and(eq(finAwsUsers.region, String(input.region)), eq(finAwsUsers.identity, identity)));
      if (taken) throw new AppError('FIN_AWS_DUPLICATE', { vars: { value: identity } });
      return { identity, state: 'pending', createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
  },
  commands: {
    async verify(ctx, record) {
      inState(record, ['pending', 'disabled'], 'FIN_AWS_STATE', 'identity');
      return { set: { state: 'verified', verifiedAt: ctx.p.clock.now(), disableReason: null } };
    },
    async disable(_ctx, record, input) {
      inState(record, ['pending', 'verified'], 'FIN_AWS_STATE', 'identity');
      return { set: { state: 'disabled', disableReason: String(input.reason) } };
    },
  },
});
