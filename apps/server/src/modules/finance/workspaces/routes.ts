import { envelope } from '@portal/contracts';
import {
  badAllowListEntry,
  WORKSPACE_KEY_CREATE_PATH,
  WORKSPACE_KEY_ROTATE_PATH,
  WORKSPACE_KEY_VERIFY_PATH,
  WorkspacePerm,
  workspaceKeyCreate,
  workspaceKeyIssued,
  workspaceKeyResource,
  workspaceKeyRotate,
  workspaceKeyVerified,
  workspaceKeyVerify,
} from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../../../platform/audit/subject.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { appendRecordEvents } from '../../../platform/history/service.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { publishRecordChanged } from '../../../platform/live/record-changes.js';
import type { Platform } from '../../../platform/platform.js';
import { loadRecord } from '../../../platform/resource/query.js';
import { insertWorkspaceKey, normalAllowList, verifyWorkspaceKey } from './keys.js';
import { workspaceKeys, workspaces } from './resources.js';
import { finWorkspaceKeys } from './schema.js';

const HOUR = 3_600_000;
const KEY = workspaceKeyResource.key;

/** The allow-list of a request: refused with the catalogue's code naming the first bad entry. */
function allowListOf(text: string | undefined): string | null {
  const bad = badAllowListEntry(text);
  if (bad !== undefined) throw new AppError('FIN_KEY_BAD_IP', { vars: { value: bad } });
  return normalAllowList(text);
}

/** A new key of a workspace the caller may see (and that is active): the secret in this answer only. */
export async function createWorkspaceKey(p: Platform, auth: AuthContext, body: z.infer<typeof createBody>) {
  const allowIps = allowListOf(body.allowIps);
  const issued = await p.db.transaction(async (tx) => {
    const ws = await loadRecord(tx, workspaces, auth, body.workspaceId, ['code', 'state'], true);
    if (ws.state !== 'active') throw new AppError('FIN_WORKSPACE_STATE', { vars: { value: String(ws.code) } });
    const at = p.clock.now();
    const out = await insertWorkspaceKey(tx, {
      workspaceId: body.workspaceId,
      name: body.name,
      allowIps,
      createdBy: auth.userId,
      at,
    });
    const changes = [
      { field: 'name', from: null, to: body.name },
      ...(allowIps ? [{ field: 'allowIps', from: null, to: allowIps }] : []),
    ];
    await appendRecordEvents(
      tx,
      [{ entity: KEY, recordId: out.id, actorId: auth.userId, kind: 'created', changes }],
      at,
    );
    return out;
  });
  await publishRecordChanged(p.bus, KEY, issued.id);
  return issued;
}

/**
 * Rotates an active key: a new key (its secret in this answer only) and the old one `rotated`, valid
 * for `graceHours` more. The old key's row is locked first and must still be active, and its
 * successor is unique: of two rotations at once the second waits, then finds it rotated (FIN_KEY_STATE).
 */
export async function rotateWorkspaceKey(p: Platform, auth: AuthContext, body: z.infer<typeof workspaceKeyRotate>) {
  const issued = await p.db.transaction(async (tx) => {
    const old = await loadRecord(
      tx,
      workspaceKeys,
      auth,
      body.id,
      ['prefix', 'name', 'state', 'workspaceId', 'allowIps', 'expiresAt'],
      true,
    );
    if (old.state !== 'active') throw new AppError('FIN_KEY_STATE', { vars: { value: String(old.prefix) } });
    const at = p.clock.now();
    const expiresAt = new Date(at.getTime() + body.graceHours * HOUR);
    const out = await insertWorkspaceKey(tx, {
      workspaceId: old.workspaceId as number,
      name: String(old.name),
      allowIps: (old.allowIps as string | null) ?? null,
      createdBy: auth.userId,
      at,
      rotatedFrom: body.id,
    });
    await tx
      .update(finWorkspaceKeys)
      .set({ state: 'rotated', expiresAt, version: sql`${finWorkspaceKeys.version} + 1` })
      .where(eq(finWorkspaceKeys.id, body.id));
    await appendRecordEvents(
      tx,
      [
        {
          entity: KEY,
          recordId: body.id,
          actorId: auth.userId,
          kind: 'command',
          changes: [
            { field: 'state', from: 'active', to: 'rotated' },
            { field: 'expiresAt', from: null, to: expiresAt.toISOString() },
          ],
          data: { command: 'rotate', input: { graceHours: body.graceHours, to: out.prefix } },
        },
        {
          entity: KEY,
          recordId: out.id,
          actorId: auth.userId,
          kind: 'created',
          changes: [{ field: 'name', from: null, to: String(old.name) }],
          data: { rotatedFrom: String(old.prefix) },
        },
      ],
      at,
    );
    return out;
  });
  await publishRecordChanged(p.bus, KEY, body.id);
  await publishRecordChanged(p.bus, KEY, issued.id);
  return issued;
}

/** the create body as the route takes it: the allow-list checked by the handler, to refuse with its code */
const createBody = workspaceKeyCreate.extend({ allowIps: z.string().max(4000).optional() });

/**
 * Key create and rotate answer the secret once; they take no idempotence key, so the secret is never
 * kept in the check-repeat store (a repeated click makes a second key, which can be revoked). The
 * verify route is the messaging platform's: its `secret` is masked in the audit detail, and it is not
 * audited per call (it writes only the key's last use).
 */
export async function workspaceRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['finance'];
  r.post(
    WORKSPACE_KEY_CREATE_PATH,
    {
      schema: {
        tags,
        summary: 'Workspace API keys: create (the secret is in this answer only; only its hash is kept)',
        body: createBody,
        response: { 200: envelope(workspaceKeyIssued) },
      },
      config: {
        access: { perm: WorkspacePerm.KEY_EDIT },
        auditAction: { zh: '新建 API 密钥', en: 'Create an API key' },
      },
    },
    async (req) => {
      // a key is made on its workspace: the workspace is named before the work, so a refusal is listed too
      stampAuditSubject(req, workspaces.def.key, req.body.workspaceId);
      return ok(await createWorkspaceKey(p, req.auth!, req.body));
    },
  );
  r.post(
    WORKSPACE_KEY_ROTATE_PATH,
    {
      schema: {
        tags,
        summary:
          'Workspace API keys: rotate (a new secret, in this answer only; the old key valid for the grace hours)',
        body: workspaceKeyRotate,
        response: { 200: envelope(workspaceKeyIssued) },
      },
      config: {
        access: { perm: WorkspacePerm.KEY_EDIT },
        auditAction: { zh: '轮换 API 密钥', en: 'Rotate the API key' },
      },
    },
    async (req) => {
      stampAuditSubject(req, workspaceKeys.def.key, req.body.id);
      return ok(await rotateWorkspaceKey(p, req.auth!, req.body));
    },
  );
  r.post(
    WORKSPACE_KEY_VERIFY_PATH,
    {
      schema: {
        tags,
        summary:
          'Workspace API keys: the messaging platform’s check of a presented key and the caller’s IP (its workspace, or a refusal)',
        body: workspaceKeyVerify,
        response: { 200: envelope(workspaceKeyVerified) },
      },
      config: { access: { perm: WorkspacePerm.KEY_VERIFY }, audit: false },
    },
    async (req) => ok(await verifyWorkspaceKey(p.db, req.body.secret, req.body.ip, p.clock.now())),
  );
}
