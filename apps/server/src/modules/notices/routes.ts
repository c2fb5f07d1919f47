import {
  dingNoticeEnableBody,
  dingNoticeRow,
  dingNoticeSaveBody,
  emptyData,
  envelope,
  innerVersionExists as innerVersionExistsSchema,
  innerVersionQuery,
  Perm,
  pageResult,
  timelineQuery,
  versionDocBody,
  versionIdBody,
  versionIdQuery,
  versionOption,
  versionPopup,
  versionPopupRead,
  versionRecord,
  versionSaveBody,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { templated } from '../../platform/i18n/message-templates.js';
import { publishRecordChanged } from '../../platform/live/record-changes.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import { dingRobotUrl } from '../../platform/webhooks.js';
import { dingNoticeList } from './ding.list.js';
import { activeStaffIds, dingById, saveDing, setDingEnabled, toDingRow } from './ding.service.js';
import { DING_WEBHOOK_JOB } from './ding-webhook.js';
import { DING_RESOURCE, VERSIONS_RESOURCE } from './live.js';
import './messages.js';
import { markVersionRead, versionPopupOf } from './service.js';
import { versionRecordList } from './versions.list.js';
import {
  deleteVersion,
  innerVersionExists,
  saveVersion,
  timeline,
  updateDoc,
  versionDetailOf,
  versionOptions,
} from './versions.service.js';

const V = '/v2/sys/staff/version';
const D = '/v2/sys/staff/dingNotice';
const authed = { access: 'authenticated' as const };
const editor = { access: { perm: Perm.NOTICE_CONFIG } };

export async function noticeRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];

  r.get(
    `${V}/popup`,
    {
      schema: { tags, summary: 'Release notes to show on start', response: { 200: envelope(versionPopup) } },
      config: authed,
    },
    async (req) => ok(await versionPopupOf(p.db, req.auth!.userId, localeOf(req.headers))),
  );

  r.post(
    `${V}/popup/read`,
    {
      schema: {
        tags,
        summary: 'I have seen these release notes',
        body: versionPopupRead,
        response: { 200: envelope(emptyData) },
      },
      config: { ...authed, audit: false },
    },
    async (req) => {
      if (!(await markVersionRead(p.db, req.auth!.userId, req.body.id))) throw new AppError('NOT_FOUND');
      return ok(null);
    },
  );

  // ---- version records: the list and export are the kernel's
  await mountResource(app, p, versionRecordList);

  r.post(
    `${V}/timeline`,
    {
      schema: {
        tags,
        summary: 'Release timeline (published, paged)',
        body: timelineQuery,
        response: { 200: envelope(pageResult(versionRecord)) },
      },
      config: { ...authed, audit: false },
    },
    async (req) => ok(await timeline(p.db, req.body, localeOf(req.headers))),
  );

  r.get(
    `${V}/option`,
    {
      schema: { tags, summary: 'Published versions for a select', response: { 200: envelope(z.array(versionOption)) } },
      config: authed,
    },
    async (req) => ok(await versionOptions(p.db, localeOf(req.headers))),
  );

  r.get(
    `${V}/detail`,
    {
      schema: {
        tags,
        summary: 'One version record',
        querystring: versionIdQuery,
        response: { 200: envelope(versionRecord) },
      },
      config: authed,
    },
    async (req) =>
      ok(await versionDetailOf(p.db, req.query.id, req.auth!.perms.has(Perm.NOTICE_CONFIG), localeOf(req.headers))),
  );

  r.get(
    `${V}/innerVersion/exist`,
    {
      schema: {
        tags,
        summary: 'Is this inner version taken?',
        querystring: innerVersionQuery,
        response: { 200: envelope(innerVersionExistsSchema) },
      },
      config: editor,
    },
    async (req) => ok({ exists: await innerVersionExists(p.db, req.query.innerVersion, req.query.excludeId) }),
  );

  r.post(
    `${V}/save`,
    {
      schema: {
        tags,
        summary: 'Create or change a version record',
        body: versionSaveBody,
        response: { 200: envelope(versionRecord) },
      },
      config: { ...editor, checkRepeat: true },
    },
    async (req) => {
      const saved = await saveVersion(p.db, req.auth!.userId, req.body, localeOf(req.headers));
      await publishRecordChanged(p.bus, VERSIONS_RESOURCE, saved.id);
      return ok(saved);
    },
  );

  r.post(
    `${V}/updateDoc`,
    {
      schema: {
        tags,
        summary: 'Change the release notes text',
        body: versionDocBody,
        response: { 200: envelope(emptyData) },
      },
      config: editor,
    },
    async (req) => {
      await updateDoc(p.db, req.body.id, req.body.content);
      await publishRecordChanged(p.bus, VERSIONS_RESOURCE, req.body.id);
      return ok(null);
    },
  );

  r.post(
    `${V}/deleteDoc`,
    {
      schema: { tags, summary: 'Delete a version record', body: versionIdBody, response: { 200: envelope(emptyData) } },
      config: editor,
    },
    async (req) => {
      await deleteVersion(p.db, req.body.id);
      await publishRecordChanged(p.bus, VERSIONS_RESOURCE, req.body.id);
      return ok(null);
    },
  );

  // ---- ding notices: the list and export are the kernel's
  await mountResource(app, p, dingNoticeList);

  r.get(
    `${D}/detail`,
    {
      schema: {
        tags,
        summary: 'One ding notice (an unpublished one only to notice managers)',
        querystring: versionIdQuery,
        response: { 200: envelope(dingNoticeRow) },
      },
      config: authed,
    },
    async (req) => {
      const row = await dingById(p.db, req.query.id);
      // an unpublished (switched off) notice is seen only by those who manage notices
      if (!row.enabled && !req.auth!.perms.has(Perm.NOTICE_CONFIG)) throw new AppError('NOT_FOUND');
      return ok(toDingRow(row, localeOf(req.headers)));
    },
  );

  r.post(
    `${D}/save`,
    {
      schema: {
        tags,
        summary: 'Create or change a ding notice',
        body: dingNoticeSaveBody,
        response: { 200: envelope(dingNoticeRow) },
      },
      config: { ...editor, checkRepeat: true },
    },
    async (req) => {
      const saved = await saveDing(p.db, req.auth!.userId, req.body, localeOf(req.headers));
      await publishRecordChanged(p.bus, DING_RESOURCE, saved.id);
      return ok(saved);
    },
  );

  r.post(
    `${D}/enable`,
    {
      schema: {
        tags,
        summary: 'Switch a ding notice on (pushes it) or off',
        body: dingNoticeEnableBody,
        response: { 200: envelope(emptyData) },
      },
      config: editor,
    },
    async (req) => {
      const pushed = await setDingEnabled(p.db, req.body.id, req.body.enabled);
      await publishRecordChanged(p.bus, DING_RESOURCE, req.body.id);
      if (pushed) {
        await p.notifier.send({
          userIds: await activeStaffIds(p.db),
          type: 'notice',
          ...templated('notice.ding', {
            title: { zh: pushed.title, en: pushed.titleEn },
            content: pushed.content,
          }),
          ...(pushed.link ? { link: pushed.link } : {}),
          source: { kind: 'dingNotice', id: String(pushed.id) },
        });
        if (dingRobotUrl()) await p.jobs.send(DING_WEBHOOK_JOB, { id: pushed.id });
      }
      return ok(null);
    },
  );
}
