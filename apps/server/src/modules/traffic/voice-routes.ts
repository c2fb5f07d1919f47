import { envelope } from '@portal/contracts';
import {
  blacklistFeedQuery,
  ccRecordPage,
  ccRecordQuery,
  INGEST_SCOPE,
  idParam,
  TrafficPerm,
  voiceTaskPage,
  voiceTaskQuery,
  voiceTaskRequestBody,
  voiceTaskRequestFeed,
  voiceTaskRow,
  vosAccountPage,
  vosAccountQuery,
} from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { verifyToken } from './clients.js';
import { ccRecordsExport, voiceTasksExport } from './voice-exports.js';
import { ccRecords, voiceTaskRequestFeed as readRequests, requestVoiceTask, voiceTasks } from './voice-queries.js';
import { vosAccounts } from './vos-accounts.js';

const tags = ['traffic'];
const B = '/v2/traffic';

/** voiceCcRecord and voiceTaskManagement (decision 0130), and the platform's feed of campaign requests. */
export async function voiceRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${B}/cc/page`,
    {
      schema: {
        tags,
        summary: 'voiceCcRecord: call-centre calls started in a range (at most 93 days), paged, with totals',
        querystring: ccRecordQuery,
        response: { 200: envelope(ccRecordPage) },
      },
      config: { access: { perm: TrafficPerm.CC_RECORDS } },
    },
    async (req) => ok(await ccRecords(p.db, req.auth!, req.query)),
  );
  exportRoute(app, p, `${B}/cc/export`, ccRecordsExport, ccRecordQuery, 'Export the call-centre records of a range');

  r.get(
    `${B}/voice-tasks/page`,
    {
      schema: {
        tags,
        summary: 'voiceTaskManagement: voice campaigns started in a range (at most 93 days) with their progress',
        querystring: voiceTaskQuery,
        response: { 200: envelope(voiceTaskPage) },
      },
      config: { access: { perm: TrafficPerm.VOICE_TASKS } },
    },
    async (req) => ok(await voiceTasks(p.db, req.auth!, req.query)),
  );
  exportRoute(app, p, `${B}/voice-tasks/export`, voiceTasksExport, voiceTaskQuery, 'Export the voice tasks of a range');

  r.post(
    `${B}/voice-tasks/:id/request`,
    {
      schema: {
        tags,
        summary: 'Ask the platform to pause, resume or cancel a voice campaign (in my data scope)',
        params: idParam,
        body: voiceTaskRequestBody,
        response: { 200: envelope(voiceTaskRow) },
      },
      config: { access: { perm: TrafficPerm.VOICE_TASK_CONTROL }, checkRepeat: true },
    },
    async (req) => ok(await requestVoiceTask(p.db, req.auth!, req.params.id, req.body.request, p.clock.now())),
  );

  r.get(
    `${B}/vos-accounts/page`,
    {
      schema: {
        tags,
        summary: 'vos-voice-account: voice accounts in my data scope, balance and credit now, the last 7 days of calls',
        querystring: vosAccountQuery,
        response: { 200: envelope(vosAccountPage) },
      },
      config: { access: { perm: TrafficPerm.VOS_ACCOUNTS } },
    },
    async (req) => ok(await vosAccounts(p.db, req.auth!, req.query, p.clock.now())),
  );

  r.get(
    `${B}/ingest/outbox/voice-task-requests`,
    {
      schema: {
        tags,
        summary: 'Voice campaign requests staff made after the cursor, for the platform to carry out (decision 0130)',
        querystring: blacklistFeedQuery,
        response: { 200: envelope(voiceTaskRequestFeed) },
      },
      config: { access: 'public' as const, audit: false },
    },
    async (req) => {
      await verifyToken(p.db, p.clock.now(), req.headers.authorization, INGEST_SCOPE);
      return ok(await readRequests(p.db, req.query.after, req.query.limit));
    },
  );
}
