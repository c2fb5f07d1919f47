import {
  coerceInt32,
  emptyData,
  envelope,
  formField,
  option,
  Perm,
  pageResult,
  processDetail,
  processNotify,
  processNotifyBody,
  processQuery,
  processRow,
  processSaveBody,
  processVersionDetail,
  sponsorProcess,
  stateUpdateBody,
  text,
  versionRow,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { nameIn } from '../../platform/i18n/names.js';
import type { Platform } from '../../platform/platform.js';
import { hostOf, webhookHostAllowed } from '../../platform/webhooks.js';
import { fieldsOf } from './forms.service.js';
import {
  processDetail as detailOf,
  listProcesses,
  notifyOf,
  processOptions,
  saveNotify,
  saveProcess,
  serviceNameOptions,
  setProcessEnabled,
  sponsorList,
  versionDetail as versionOf,
  versionsOf,
} from './processes.service.js';
import { wfForms, wfProcesses } from './schema.js';

const P = '/v2/workflow';
const tags = ['workflow'];
const configer = { perm: Perm.PROCESS_CONFIG } as const;
const idParam = z.object({ id: coerceInt32().positive() });

/** Spec 7 "Process" and the process selects; notify settings for setModule/process/notify. */
export async function processRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${P}/process/queryPage`,
    {
      schema: { tags, summary: 'Processes', body: processQuery, response: { 200: envelope(pageResult(processRow)) } },
      config: { access: configer, audit: false },
    },
    async (req) => ok(await listProcesses(p.db, req.body)),
  );
  r.post(
    `${P}/process/save`,
    {
      schema: {
        tags,
        summary: 'Create or edit a process (a changed definition publishes a new version)',
        body: processSaveBody,
        response: { 200: envelope(processDetail) },
      },
      config: { access: configer, checkRepeat: true },
    },
    async (req) => ok(await saveProcess(p.db, req.body, req.auth!.userId)),
  );
  r.post(
    `${P}/process/stateUpdate`,
    {
      schema: {
        tags,
        summary: 'Enable or disable a process',
        body: stateUpdateBody,
        response: { 200: envelope(emptyData) },
      },
      config: { access: configer },
    },
    async (req) => {
      await setProcessEnabled(p.db, req.body.id, req.body.enabled);
      return ok(null);
    },
  );
  r.get(
    `${P}/process/update/:id`,
    {
      schema: {
        tags,
        summary: 'A process with its current definition',
        params: idParam,
        response: { 200: envelope(processDetail) },
      },
      config: { access: configer },
    },
    async (req) => ok(await detailOf(p.db, req.params.id)),
  );
  r.get(
    `${P}/historyVersion/:id`,
    {
      schema: {
        tags,
        summary: "A process's versions, newest first",
        params: idParam,
        response: { 200: envelope(z.array(versionRow)) },
      },
      config: { access: configer },
    },
    async (req) => ok(await versionsOf(p.db, req.params.id)),
  );
  r.get(
    `${P}/historyVersion/view/:id`,
    {
      schema: {
        tags,
        summary: 'One version with its definition',
        params: idParam,
        response: { 200: envelope(processVersionDetail) },
      },
      config: { access: configer },
    },
    async (req) => ok(await versionOf(p.db, req.params.id)),
  );
  r.get(
    `${P}/process/formField/:id`,
    {
      schema: {
        tags,
        summary: "The fields of a process's form",
        params: idParam,
        response: { 200: envelope(z.array(formField)) },
      },
      config: { access: { perm: Perm.APPROVAL_SPONSOR } },
    },
    async (req) => {
      const [proc] = await p.db
        .select({ formId: wfProcesses.formId })
        .from(wfProcesses)
        .where(eq(wfProcesses.id, req.params.id));
      if (!proc) throw new AppError('NOT_FOUND');
      return ok(await fieldsOf(p.db, proc.formId));
    },
  );
  r.get(
    `${P}/process/formAuditField/:formId`,
    {
      schema: {
        tags,
        summary: 'Fields of a form that branch conditions may test (numbers, money, choices, dates)',
        params: z.object({ formId: coerceInt32().positive() }),
        response: { 200: envelope(z.array(formField)) },
      },
      config: { access: configer },
    },
    async (req) => {
      const [form] = await p.db.select({ id: wfForms.id }).from(wfForms).where(eq(wfForms.id, req.params.formId));
      if (!form) throw new AppError('NOT_FOUND');
      const fields = await fieldsOf(p.db, req.params.formId);
      return ok(fields.filter((f) => ['number', 'money', 'select', 'date', 'text'].includes(f.type)));
    },
  );
  r.get(
    `${P}/process/sponsor`,
    {
      schema: {
        tags,
        summary: 'Processes I may start',
        querystring: z.object({ keyword: text().trim().max(64).optional() }),
        response: { 200: envelope(z.array(sponsorProcess)) },
      },
      config: { access: { perm: Perm.APPROVAL_SPONSOR }, audit: false },
    },
    async (req) => ok(await sponsorList(p.db, req.query.keyword)),
  );

  r.get(
    `${P}/select/process`,
    {
      schema: { tags, summary: 'Process choices', response: { 200: envelope(z.array(option)) } },
      config: { access: 'authenticated' },
    },
    async () => ok(await processOptions(p.db)),
  );
  r.get(
    `${P}/select/serviceName`,
    {
      schema: {
        tags,
        summary: 'Service names (businesses owning processes)',
        response: { 200: envelope(z.array(option)) },
      },
      config: { access: 'authenticated' },
    },
    async () => ok(await serviceNameOptions(p.db)),
  );
  r.get(
    `${P}/select/processNode`,
    {
      schema: {
        tags,
        summary: "Nodes of a process's current version",
        querystring: z.object({ processId: coerceInt32().positive() }),
        response: { 200: envelope(z.array(option)) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const d = await detailOf(p.db, req.query.processId);
      const locale = localeOf(req.headers);
      return ok(d.definition.nodes.map((n) => ({ value: n.key, label: nameIn(locale, n.name, n.nameEn) })));
    },
  );

  r.get(
    `${P}/process/notify/:id`,
    {
      schema: {
        tags,
        summary: "A process's notification settings",
        params: idParam,
        response: { 200: envelope(processNotify) },
      },
      config: { access: { perm: Perm.PROCESS_NOTIFY } },
    },
    async (req) => ok(await notifyOf(p.db, req.params.id)),
  );
  r.post(
    `${P}/process/notify/save`,
    {
      schema: {
        tags,
        summary: 'Which events notify, and the workplace-chat webhook',
        body: processNotifyBody,
        response: { 200: envelope(processNotify) },
      },
      config: { access: { perm: Perm.PROCESS_NOTIFY }, checkRepeat: true },
    },
    async (req) => {
      const url = req.body.webhookUrl;
      if (url && !webhookHostAllowed(url, p.config.webhookAllowedHosts)) {
        throw new AppError('WF_WEBHOOK_HOST', { vars: { host: hostOf(url) ?? url } });
      }
      return ok(await saveNotify(p.db, req.body));
    },
  );
}
