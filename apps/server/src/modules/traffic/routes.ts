import { envelope, exportOptions, type Locale, pageResult } from '@portal/contracts';
import {
  agentPerformancePage,
  agentPerformanceQuery,
  antsPage,
  antsQuery,
  appQuery,
  appTrafficPage,
  clientCreate,
  clientCreated,
  INGEST_SCOPE,
  ingestResult,
  MAX_BATCH_LINES,
  type MessageKind,
  messagePage,
  messageQuery,
  messageTimelineEntry,
  messageTimelineQuery,
  numberPerformancePage,
  numberPerformanceQuery,
  type PerformanceQuery,
  performanceAnswer,
  performanceQuery,
  previewAnswer,
  previewQuery,
  queueAnswer,
  queueQuery,
  rebuildAnswer,
  rebuildRequest,
  sessionPage,
  sessionQuery,
  sipAnswer,
  sipQuery,
  smsRecordPage,
  smsRecordQuery,
  TrafficPerm,
  timelineEntry,
  timelineQuery,
  tokenAnswer,
  tokenRequest,
  unmatchedQuery,
  unmatchedRow,
  voiceRecordPage,
  voiceRecordQuery,
} from '@portal/contracts/traffic';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { agentPerformance } from './agent-performance.js';
import { ants } from './ants.js';
import { appTraffic, smsAppsExport, voiceAppsExport } from './app-query.js';
import { createClient, issueToken, verifyToken } from './clients.js';
import { ratesOf } from './converted.js';
import { smsRecordsExport, voiceRecordsExport } from './exports.js';
import { ingestBatch } from './ingest.js';
import { apiQueues, messageRecords, messageTimeline, sipCodes } from './inquiry.js';
import { numberPerformance, numberPerformanceExport } from './number-performance.js';
import { performanceColumns, sendPerformanceFile } from './perf-exports.js';
import { performancePreview } from './preview.js';
import { performance, smsRecords, smsTimeline, voiceRecords } from './queries.js';
import { rebuildDay } from './rollups.js';
import { waSessions, waSessionsExport } from './sessions.js';
import { setSimulator } from './simulator.js';
import { unmatchedExport, unmatchedUpdates } from './unmatched.js';

const tags = ['traffic'];
const B = '/v2/traffic';
/** an NDJSON batch of 10,000 lines stays well under this */
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

/** The traffic room's calls: machine ingestion (its own client-credentials tokens) and the query screens. */
export async function trafficRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/x-ndjson',
    { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  r.post(
    `${B}/oauth/token`,
    {
      schema: {
        tags,
        summary:
          'OAuth client credentials for the messaging platform: a short-lived ingestion token (not a staff token)',
        body: tokenRequest,
        response: { 200: envelope(tokenAnswer) },
      },
      config: { access: 'public', audit: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => ok(await issueToken(p.db, p.clock.now(), req.body)),
  );

  r.post(
    `${B}/ingest`,
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags,
        summary: `NDJSON batch (at most ${MAX_BATCH_LINES} lines) of submits, DLRs and CDRs; each line answered, good lines kept`,
        body: z.string(),
        response: { 200: envelope(ingestResult) },
      },
      config: { access: 'public', audit: false },
    },
    async (req) => {
      await verifyToken(p.db, p.clock.now(), req.headers.authorization, INGEST_SCOPE);
      const lines = req.body.split('\n');
      if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      return ok(await ingestBatch(p.db, p.clock.now(), lines));
    },
  );

  r.post(
    `${B}/clients`,
    {
      schema: {
        tags,
        summary: 'A new ingestion client; its secret is shown once',
        body: clientCreate,
        response: { 200: envelope(clientCreated) },
      },
      config: { access: { perm: TrafficPerm.INGEST_ADMIN }, checkRepeat: true },
    },
    async (req) => ok(await createClient(p.db, req.body.name)),
  );

  r.get(
    `${B}/dlr/unmatched`,
    {
      schema: {
        tags,
        summary:
          'SMS DLRs and WhatsApp / mail state lines kept without their message (our id not known yet), received in a range',
        querystring: unmatchedQuery,
        response: { 200: envelope(pageResult(unmatchedRow)) },
      },
      config: { access: { perm: TrafficPerm.INGEST_ADMIN } },
    },
    async (req) => ok(await unmatchedUpdates(p.db, req.query)),
  );
  exportRoute(
    app,
    p,
    `${B}/dlr/unmatched/export`,
    unmatchedExport,
    unmatchedQuery,
    'Export the DLRs and state lines kept without their message',
  );

  r.get(
    `${B}/sms/page`,
    {
      schema: {
        tags,
        summary: 'sendRcdQuery: SMS send records of a time range (at most 93 days), paged, with totals',
        querystring: smsRecordQuery,
        response: { 200: envelope(smsRecordPage) },
      },
      config: { access: { perm: TrafficPerm.SMS_RECORDS } },
    },
    async (req) => ok(await smsRecords(p.db, req.auth!, req.query)),
  );

  exportRoute(app, p, `${B}/sms/export`, smsRecordsExport, smsRecordQuery, 'Export the SMS send records of a range');

  r.get(
    `${B}/sms/timeline`,
    {
      schema: {
        tags,
        summary: 'The submit and DLR timeline of one message (every part)',
        querystring: timelineQuery,
        response: { 200: envelope(z.array(timelineEntry)) },
      },
      config: { access: { perm: TrafficPerm.SMS_RECORDS } },
    },
    async (req) => ok(await smsTimeline(p.db, req.auth!, req.query)),
  );

  r.get(
    `${B}/voice/page`,
    {
      schema: {
        tags,
        summary: 'voiceRecordQuery: call records of a time range (at most 93 days), paged, with totals',
        querystring: voiceRecordQuery,
        response: { 200: envelope(voiceRecordPage) },
      },
      config: { access: { perm: TrafficPerm.VOICE_RECORDS } },
    },
    async (req) => ok(await voiceRecords(p.db, req.auth!, req.query)),
  );

  exportRoute(app, p, `${B}/voice/export`, voiceRecordsExport, voiceRecordQuery, 'Export the call records of a range');

  r.get(
    `${B}/voice/sip`,
    {
      schema: {
        tags,
        summary: 'voiceSipRecord: the calls of a range by SIP final code (calls, share, average PDD)',
        querystring: sipQuery,
        response: { 200: envelope(sipAnswer) },
      },
      config: { access: { perm: TrafficPerm.SIP_RECORDS } },
    },
    async (req) => ok(await sipCodes(p.db, req.auth!, req.query)),
  );

  r.get(
    `${B}/queues`,
    {
      schema: {
        tags,
        summary: 'apiQueueManage: per account and channel, the parts waiting for a final DLR and the submit rate',
        querystring: queueQuery,
        response: { 200: envelope(queueAnswer) },
      },
      config: { access: { perm: TrafficPerm.API_QUEUES } },
    },
    async (req) => ok(await apiQueues(p.db, req.auth!, p.clock.now(), req.query)),
  );

  const messageViews: { kind: MessageKind; perm: string; title: string }[] = [
    { kind: 'whatsapp', perm: TrafficPerm.WHATSAPP_RECORDS, title: 'wa-send-record: WhatsApp messages' },
    { kind: 'mail', perm: TrafficPerm.MAIL_RECORDS, title: 'mailSendingRecord: mail sends' },
    { kind: 'mo', perm: TrafficPerm.TWO_WAY, title: 'sms-bidirectional: two-way (MO) messages and what they answer' },
  ];
  for (const { kind, perm, title } of messageViews)
    r.get(
      `${B}/${kind}/page`,
      {
        schema: {
          tags,
          summary: `${title} of a time range (at most 93 days), paged, with totals`,
          querystring: messageQuery,
          response: { 200: envelope(messagePage) },
        },
        config: { access: { perm } },
      },
      async (req) => ok(await messageRecords(p.db, req.auth!, kind, req.query)),
    );

  for (const { kind, perm } of messageViews.filter((v) => v.kind !== 'mo'))
    r.get(
      `${B}/${kind}/timeline`,
      {
        schema: {
          tags,
          summary: `The send and every state update of one ${kind === 'mail' ? 'mail' : 'WhatsApp message'}, by time`,
          querystring: messageTimelineQuery,
          response: { 200: envelope(z.array(messageTimelineEntry)) },
        },
        config: { access: { perm } },
      },
      async (req) => ok(await messageTimeline(p.db, req.auth!, kind as 'whatsapp' | 'mail', req.query)),
    );

  r.get(
    `${B}/whatsapp/sessions`,
    {
      schema: {
        tags,
        summary: 'wa-session-record: WhatsApp conversations with messages in a time range (at most 93 days), paged',
        querystring: sessionQuery,
        response: { 200: envelope(sessionPage) },
      },
      config: { access: { perm: TrafficPerm.WA_SESSIONS } },
    },
    async (req) => ok(await waSessions(p.db, req.auth!, req.query)),
  );
  exportRoute(
    app,
    p,
    `${B}/whatsapp/sessions/export`,
    waSessionsExport,
    sessionQuery,
    'Export the WhatsApp conversations of a range',
  );

  /** the performance screens over the daily rollup; a one-product screen answers its product whatever `product` says */
  const performanceViews: {
    path: string;
    perm: string;
    fixed?: Partial<Pick<PerformanceQuery, 'product' | 'groupBy'>>;
    customerType?: 'C' | 'R';
    title: Record<Locale, string>;
  }[] = [
    { path: 'sms-performance', perm: TrafficPerm.SMS_PERFORMANCE, title: { 'zh-CN': '业绩', en: 'Performance' } },
    {
      path: 'results/day',
      perm: TrafficPerm.RESULTS_C,
      customerType: 'C',
      title: { 'zh-CN': 'C 端日业绩', en: 'C-end daily results' },
    },
    {
      path: 'results/day/r-end',
      perm: TrafficPerm.RESULTS_R,
      customerType: 'R',
      title: { 'zh-CN': 'R 端日业绩', en: 'R-end daily results' },
    },
    {
      path: 'voice-performance',
      perm: TrafficPerm.VOICE_PERFORMANCE,
      fixed: { product: 'voice' },
      title: { 'zh-CN': '语音业绩', en: 'Voice performance' },
    },
    {
      path: 'voice-channels',
      perm: TrafficPerm.VOICE_CHANNELS,
      fixed: { product: 'voice', groupBy: 'channel' },
      title: { 'zh-CN': '语音通道', en: 'Voice channels' },
    },
    {
      path: 'whatsapp-results',
      perm: TrafficPerm.WA_RESULTS,
      fixed: { product: 'whatsapp' },
      title: { 'zh-CN': 'WhatsApp 结果', en: 'WhatsApp results' },
    },
    {
      path: 'mail-performance',
      perm: TrafficPerm.MAIL_PERFORMANCE,
      fixed: { product: 'email' },
      title: { 'zh-CN': '邮件业绩', en: 'Mail performance' },
    },
  ];
  for (const { path, perm, fixed, customerType, title } of performanceViews) {
    // one view's answer: its fixed product / grouping over what the caller asked
    const answer = (auth: NonNullable<FastifyRequest['auth']>, q: PerformanceQuery, locale: Locale) =>
      performance(p, auth, { ...q, ...fixed }, { customerType, rateOf: ratesOf(p), locale });
    r.get(
      `${B}/${path}`,
      {
        schema: {
          tags,
          summary: 'Revenue, cost, profit and volume from the daily rollup, grouped by day / sales / customer / …',
          querystring: performanceQuery,
          response: { 200: envelope(performanceAnswer) },
        },
        config: { access: { perm } },
      },
      async (req) => ok(await answer(req.auth!, req.query, localeOf(req.headers))),
    );
    r.post(
      `${B}/${path}/export`,
      {
        schema: {
          tags,
          summary: "A performance view's rows (every group of the filter) as a file, in the caller's language",
          body: performanceQuery.extend(exportOptions.shape),
        },
        config: { access: { perm }, audit: false },
      },
      async (req, reply) => {
        const { format, ...q } = req.body;
        const locale = localeOf(req.headers);
        const query = { ...q, ...fixed };
        return sendPerformanceFile(p, reply, {
          rows: (await answer(req.auth!, q, locale)).rows,
          columns: performanceColumns(query.groupBy, query.product === 'voice'),
          title,
          format,
          locale,
        });
      },
    );
  }

  r.get(
    `${B}/agent-performance`,
    {
      schema: {
        tags,
        summary:
          "agentPerformance: each agent's (R-end customer's) own traffic and its referred customers' from the daily rollups, paged, with totals",
        querystring: agentPerformanceQuery,
        response: { 200: envelope(agentPerformancePage) },
      },
      config: { access: { perm: TrafficPerm.AGENT_PERFORMANCE } },
    },
    async (req) => ok(await agentPerformance(p.db, req.auth!, req.query, ratesOf(p))),
  );

  // app-query/sms and app-query/voice (decision 0138): the client applications' traffic from the daily rollup
  for (const [product, perm, source] of [
    ['sms', TrafficPerm.SMS_APPS, smsAppsExport],
    ['voice', TrafficPerm.VOICE_APPS, voiceAppsExport],
  ] as const) {
    r.get(
      `${B}/apps/${product}`,
      {
        schema: {
          tags,
          summary: `app-query/${product}: the accounts' ${product} applications with their traffic in a range, from the daily rollup`,
          querystring: appQuery,
          response: { 200: envelope(appTrafficPage) },
        },
        config: { access: { perm } },
      },
      async (req) => ok(await appTraffic(p.db, req.auth!, product, req.query, localeOf(req.headers))),
    );
    exportRoute(app, p, `${B}/apps/${product}/export`, source, appQuery, `Export app-query/${product}`);
  }

  r.get(
    `${B}/ants`,
    {
      schema: {
        tags,
        summary:
          'resultsQuery/ants: the long-tail customers (at most maxCount sent in the range) from the daily rollups, paged, with totals and their revenue share',
        querystring: antsQuery,
        response: { 200: envelope(antsPage) },
      },
      config: { access: { perm: TrafficPerm.ANTS } },
    },
    async (req) => ok(await ants(p.db, req.auth!, req.query, ratesOf(p))),
  );

  r.get(
    `${B}/number-performance`,
    {
      schema: {
        tags,
        summary:
          'numberPerformance: per sending number / sender id, product and currency from the sender rollup, paged, with totals',
        querystring: numberPerformanceQuery,
        response: { 200: envelope(numberPerformancePage) },
      },
      config: { access: { perm: TrafficPerm.NUMBER_PERFORMANCE } },
    },
    async (req) => ok(await numberPerformance(p.db, req.auth!, req.query, ratesOf(p))),
  );
  exportRoute(
    app,
    p,
    `${B}/number-performance/export`,
    numberPerformanceExport,
    numberPerformanceQuery,
    'Export number performance (per number, product, currency and cost currency)',
  );

  /** the previews sit under the daily results and share their permission (a detail route holds its list's key) */
  const previews = [
    { path: 'results/day/preview', perm: TrafficPerm.RESULTS_C, customerType: 'C' },
    { path: 'results/day/r-end/preview', perm: TrafficPerm.RESULTS_R, customerType: 'R' },
  ] as const;
  for (const { path, perm, customerType } of previews)
    r.get(
      `${B}/${path}`,
      {
        schema: {
          tags,
          summary: `${customerType === 'C' ? 'c' : 'r'}/performance/preview: the ${customerType}-end customers of a range at a glance (totals, products, sales, days) from the daily rollup`,
          querystring: previewQuery,
          response: { 200: envelope(previewAnswer) },
        },
        config: { access: { perm } },
      },
      async (req) =>
        ok(await performancePreview(p.db, req.auth!, req.query, customerType, localeOf(req.headers), ratesOf(p))),
    );

  r.post(
    `${B}/rollup/rebuild`,
    {
      schema: {
        tags,
        summary: 'Rebuild one UTC day of the hourly and daily rollups from the raw records',
        body: rebuildRequest,
        response: { 200: envelope(rebuildAnswer) },
      },
      config: { access: { perm: TrafficPerm.ROLLUP_REBUILD }, checkRepeat: true },
    },
    async (req) => ok({ day: req.body.day, rows: await rebuildDay(p.db, req.body.day) }),
  );

  r.post(
    `${B}/simulator`,
    {
      schema: {
        tags,
        summary:
          'Switch the demo traffic simulator on or off (it runs while jobs run and TRAFFIC_SIMULATOR is not false)',
        body: z.object({ enabled: z.boolean() }),
        response: { 200: envelope(z.object({ enabled: z.boolean() })) },
      },
      config: { access: { perm: TrafficPerm.INGEST_ADMIN }, checkRepeat: true },
    },
    async (req) => {
      await setSimulator(p.db, req.body.enabled);
      return ok({ enabled: req.body.enabled });
    },
  );
}
