import {
  coerceInt32,
  commentBody,
  emptyData,
  envelope,
  fileInfo,
  formField,
  formValues,
  instanceDetail,
  instanceRef,
  option,
  Perm,
  rejectBody,
  routePreviewBody,
  routeStep,
  startBody,
  taskActionBody,
  transmitBody,
  userSelectQuery,
  withdrawBody,
} from '@portal/contracts';
import { STAFF_PICK_PATH, staffPick } from '@portal/contracts/staff';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickStaff } from '../../platform/access/staff-pick.js';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { nameIn } from '../../platform/i18n/names.js';
import type { Platform } from '../../platform/platform.js';
import { agree, comment, previewRoute, reject, rejectableSteps, startInstance, transmit, withdraw } from './engine.js';
import { lockInstance } from './engine-core.js';
import { currentTaskId, instanceDetail as detailOf, formDataOf, isInvolved } from './queries.js';
import { runCommand } from './run.js';
import { wfTasks } from './schema.js';

const P = '/v2/workflow';
const tags = ['workflow'];
const operate = { access: { perm: Perm.APPROVAL_TODO }, checkRepeat: true } as const;
const involvedAccess = { access: 'authenticated' } as const;

/** Spec 7 "Operate": start, agree, reject, transmit, comment, withdraw and the instance views. */
export async function operateRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const done = envelope(emptyData);

  r.post(
    `${P}/start`,
    {
      schema: {
        tags,
        summary: 'Start a request (or resubmit a returned one)',
        body: startBody,
        response: { 200: envelope(z.object({ instanceId: z.number().int() })) },
      },
      config: { access: { perm: Perm.APPROVAL_SPONSOR }, checkRepeat: true },
    },
    async (req) => {
      const locale = localeOf(req.headers) === 'zh-CN' ? 'zh' : 'en';
      return ok(
        await runCommand(p, (tx, out) =>
          startInstance(tx, { ...req.body, initiatorId: req.auth!.userId, locale }, out),
        ),
      );
    },
  );

  r.post(
    `${P}/route/preview`,
    {
      schema: {
        tags,
        summary: 'The route a request with these values would take',
        body: routePreviewBody,
        response: { 200: envelope(z.array(routeStep)) },
      },
      config: { access: { perm: Perm.APPROVAL_SPONSOR }, audit: false },
    },
    async (req) => {
      const steps = await previewRoute(p.db, req.body.processId, req.body.formData, req.auth!.userId);
      const locale = localeOf(req.headers);
      return ok(steps.map((s) => ({ ...s, name: nameIn(locale, s.name, s.nameEn) })));
    },
  );

  r.post(
    `${P}/agree`,
    { schema: { tags, summary: 'Agree to my task', body: taskActionBody, response: { 200: done } }, config: operate },
    async (req) => {
      await runCommand(p, (tx, out) => agree(tx, req.body.taskId, req.auth!.userId, req.body.opinion, out));
      return ok(null);
    },
  );

  r.post(
    `${P}/reject`,
    {
      schema: {
        tags,
        summary: 'Reject my task: end, back to the initiator, or back to an earlier node',
        body: rejectBody,
        response: { 200: done },
      },
      config: operate,
    },
    async (req) => {
      await runCommand(p, (tx, out) => reject(tx, req.body, req.auth!.userId, out));
      return ok(null);
    },
  );

  r.post(
    `${P}/transmit`,
    {
      schema: { tags, summary: 'Hand my task to another user', body: transmitBody, response: { 200: done } },
      config: operate,
    },
    async (req) => {
      await runCommand(p, (tx, out) => transmit(tx, req.body, req.auth!.userId, out));
      return ok(null);
    },
  );

  r.post(
    `${P}/withdraw`,
    {
      schema: { tags, summary: 'Withdraw my request while it is open', body: withdrawBody, response: { 200: done } },
      config: { access: { perm: Perm.APPROVAL_MINE }, checkRepeat: true },
    },
    async (req) => {
      await runCommand(p, (tx, out) => withdraw(tx, req.body.instanceId, req.auth!.userId, req.body.opinion, out));
      return ok(null);
    },
  );

  r.post(
    `${P}/comment`,
    {
      schema: { tags, summary: 'Comment on a request I am part of', body: commentBody, response: { 200: done } },
      config: { ...involvedAccess, checkRepeat: true },
    },
    async (req) => {
      const auth = req.auth!;
      await runCommand(p, (tx) =>
        comment(
          tx,
          req.body.instanceId,
          auth.userId,
          req.body.content,
          async (inst) => auth.perms.has(Perm.PROCESS_CONFIG) || isInvolved(tx, inst, auth.userId),
        ),
      );
      return ok(null);
    },
  );

  r.post(
    `${P}/instanceDetail`,
    {
      schema: {
        tags,
        summary: 'A request: form, route, tasks, timeline, my actions',
        body: instanceRef,
        response: { 200: envelope(instanceDetail) },
      },
      config: { ...involvedAccess, audit: false },
    },
    async (req) => ok(await detailOf(p.db, await filesOf(p), req.body.instanceId, req.auth!, localeOf(req.headers))),
  );

  r.post(
    `${P}/form/data`,
    {
      schema: {
        tags,
        summary: "A request's form values with the form's fields",
        body: instanceRef,
        response: {
          200: envelope(
            z.object({
              formData: formValues,
              fields: z.array(formField),
              attachmentIds: z.array(z.string()),
              attachments: z.array(fileInfo),
            }),
          ),
        },
      },
      config: { ...involvedAccess, audit: false },
    },
    async (req) => ok(await formDataOf(p.db, await filesOf(p), req.body.instanceId, req.auth!)),
  );

  r.post(
    `${P}/select/currentTaskId`,
    {
      schema: {
        tags,
        summary: 'My open task on a request, if any',
        body: instanceRef,
        response: { 200: envelope(z.object({ taskId: z.number().int().nullable() })) },
      },
      config: { ...involvedAccess, audit: false },
    },
    async (req) => ok({ taskId: await currentTaskId(p.db, req.body.instanceId, req.auth!) }),
  );

  r.get(
    `${P}/select/canRejectProcessNode`,
    {
      schema: {
        tags,
        summary: 'Earlier nodes my task may send the request back to',
        querystring: z.object({ taskId: coerceInt32().positive() }),
        response: { 200: envelope(z.array(option)) },
      },
      config: { access: { perm: Perm.APPROVAL_TODO } },
    },
    async (req) => {
      const steps = await p.db.transaction(async (tx) => {
        const [task] = await tx.select().from(wfTasks).where(eq(wfTasks.id, req.query.taskId));
        if (!task) throw new AppError('NOT_FOUND');
        if (task.assigneeId !== req.auth!.userId) throw new AppError('WF_NOT_ASSIGNEE');
        return rejectableSteps(await lockInstance(tx, task.instanceId));
      });
      const locale = localeOf(req.headers);
      return ok(steps.map((s) => ({ value: s.nodeKey, label: nameIn(locale, s.name, s.nameEn) })));
    },
  );

  r.get(
    `${P}/select/user`,
    {
      schema: {
        tags,
        summary: `Approval's path of ${STAFF_PICK_PATH}; approvers=true keeps those who may act on to-dos`,
        querystring: userSelectQuery,
        response: { 200: envelope(z.array(staffPick)) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) =>
      ok(
        await pickStaff(
          p.db,
          req.auth!,
          {
            keyword: req.query.keyword,
            limit: req.query.limit,
            holds: req.query.approvers === 'true' ? Perm.APPROVAL_TODO : undefined,
          },
          localeOf(req.headers),
        ),
      ),
  );

  r.get(
    `${P}/select/agreeAction`,
    {
      schema: { tags, summary: 'Agree actions', response: { 200: envelope(z.array(option)) } },
      config: { access: 'authenticated' },
    },
    async (req) => ok([{ value: 'agree', label: localeOf(req.headers) === 'zh-CN' ? '同意' : 'Agree' }]),
  );

  r.get(
    `${P}/select/rejectAction`,
    {
      schema: { tags, summary: 'Reject actions', response: { 200: envelope(z.array(option)) } },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const zh = localeOf(req.headers) === 'zh-CN';
      return ok([
        { value: 'end', label: zh ? '驳回并结束' : 'Reject and end' },
        { value: 'initiator', label: zh ? '退回发起人' : 'Back to the initiator' },
        { value: 'node', label: zh ? '退回到节点' : 'Back to a node' },
      ]);
    },
  );
}
