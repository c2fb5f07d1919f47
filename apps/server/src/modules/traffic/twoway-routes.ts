import { envelope, pageQuery } from '@portal/contracts';
import {
  appointmentPage,
  appointmentQuery,
  appointmentRow,
  idParam,
  messagePage,
  recallTaskCreate,
  recallTaskPage,
  recallTaskQuery,
  recallTaskRow,
  TrafficPerm,
  twoWayTaskPage,
  twoWayTaskQuery,
  twoWayTaskRow,
} from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { appointments, cancelAppointment } from './appointments.js';
import { appointmentsExport, recallTasksExport, twoWayTasksExport } from './query-exports.js';
import { createRecallTask, recallTask, recallTasks } from './recall.js';
import { twoWayTask, twoWayTaskReplies, twoWayTasks } from './twoway-tasks.js';

const tags = ['traffic'];
const B = '/v2/traffic';

/** Scheduled sends, two-way tasks and auto-recall tasks (decision 0106); the two-way rules are a kernel resource. */
export async function twoWayRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${B}/appointments/page`,
    {
      schema: {
        tags,
        summary: 'sms-appointment-record: scheduled SMS sends whose time is in the range (at most 93 days), paged',
        querystring: appointmentQuery,
        response: { 200: envelope(appointmentPage) },
      },
      config: { access: { perm: TrafficPerm.APPOINTMENTS } },
    },
    async (req) => ok(await appointments(p.db, req.auth!, req.query)),
  );

  exportRoute(
    app,
    p,
    `${B}/appointments/export`,
    appointmentsExport,
    appointmentQuery,
    'Export the scheduled sends of a range',
  );

  r.post(
    `${B}/appointments/:id/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled send that still waits (in my data scope)',
        params: idParam,
        response: { 200: envelope(appointmentRow) },
      },
      config: { access: { perm: TrafficPerm.APPOINTMENT_CANCEL }, checkRepeat: true },
    },
    async (req) => ok(await cancelAppointment(p.db, req.auth!, req.params.id, p.clock.now())),
  );

  r.get(
    `${B}/twoway-tasks/page`,
    {
      schema: {
        tags,
        summary:
          'twowaytask: two-way tasks started in the range (at most 93 days) with numbers, replies and reply rate',
        querystring: twoWayTaskQuery,
        response: { 200: envelope(twoWayTaskPage) },
      },
      config: { access: { perm: TrafficPerm.TWO_WAY_TASKS } },
    },
    async (req) => ok(await twoWayTasks(p.db, req.auth!, req.query, p.clock.now())),
  );

  exportRoute(
    app,
    p,
    `${B}/twoway-tasks/export`,
    twoWayTasksExport,
    twoWayTaskQuery,
    'Export the two-way tasks of a range',
  );

  r.get(
    `${B}/twoway-tasks/:id`,
    {
      schema: {
        tags,
        summary: 'One two-way task with its figures',
        params: idParam,
        response: { 200: envelope(twoWayTaskRow) },
      },
      config: { access: { perm: TrafficPerm.TWO_WAY_TASKS } },
    },
    async (req) => ok(await twoWayTask(p.db, req.auth!, req.params.id, p.clock.now())),
  );

  r.get(
    `${B}/twoway-tasks/:id/replies`,
    {
      schema: {
        tags,
        summary: "A two-way task's replies: the MO messages to its sender id, newest first",
        params: idParam,
        querystring: pageQuery.pick({ page: true, size: true }),
        response: { 200: envelope(messagePage) },
      },
      config: { access: { perm: TrafficPerm.TWO_WAY_TASKS } },
    },
    async (req) => ok(await twoWayTaskReplies(p.db, req.auth!, req.params.id, req.query, p.clock.now())),
  );

  r.get(
    `${B}/recall-tasks/page`,
    {
      schema: {
        tags,
        summary: 'auto-recall-task: recall tasks created in the range (at most 93 days) with progress and counts',
        querystring: recallTaskQuery,
        response: { 200: envelope(recallTaskPage) },
      },
      config: { access: { perm: TrafficPerm.AUTO_RECALL } },
    },
    async (req) => ok(await recallTasks(p.db, req.auth!, req.query)),
  );

  exportRoute(
    app,
    p,
    `${B}/recall-tasks/export`,
    recallTasksExport,
    recallTaskQuery,
    'Export the auto-recall tasks of a range',
  );

  r.get(
    `${B}/recall-tasks/:id`,
    {
      schema: {
        tags,
        summary: 'One recall task with its counts',
        params: idParam,
        response: { 200: envelope(recallTaskRow) },
      },
      config: { access: { perm: TrafficPerm.AUTO_RECALL } },
    },
    async (req) => ok(await recallTask(p.db, req.auth!, req.params.id)),
  );

  r.post(
    `${B}/recall-tasks`,
    {
      schema: {
        tags,
        summary:
          "Recall an account's failed messages of a past window through another SMS channel (queued; the recall job runs it within a minute)",
        body: recallTaskCreate,
        response: { 200: envelope(recallTaskRow) },
      },
      config: { access: { perm: TrafficPerm.AUTO_RECALL_CREATE }, checkRepeat: true },
    },
    async (req) => ok(await createRecallTask(p.db, req.auth!, req.body, p.clock.now())),
  );
}
