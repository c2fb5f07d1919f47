import { Errors, emptyData, envelope, int32 } from '@portal/contracts';
import {
  actionPerm,
  commandPath,
  resourcePath,
  resourceSchemas,
  SIGNED_IN,
  versionKeyOf,
} from '@portal/contracts/resource';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../audit/subject.js';
import { exportRoute } from '../exports/list-export.js';
import { departmentNames, staffNames, type ValueNamer } from '../history/names.js';
import { mountRecordHistory, type RecordHistoryOptions } from '../history/routes.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { localeOf } from '../http/locale.js';
import type { Platform } from '../platform.js';
import type { BoundResource, Values } from './bind.js';
import { resourceExport } from './export.js';
import { resourcePage } from './page.js';
import { loadRecord, readExpr, readRecord } from './query.js';
import { createRecord, deleteRecord, runCommand, updateRecord } from './write.js';

/**
 * Registers a bound resource's routes: page, detail, export, and (when declared) save, update,
 * delete, each command, timeline and comment; every one with its schemas, key and data scope.
 */
export async function mountResource(app: FastifyInstance, p: Platform, b: BoundResource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { def } = b;
  const s = resourceSchemas(def);
  const tags = [def.key.split('.')[0]!];
  const title = def.title.en;
  const readPerm = def.access.list === SIGNED_IN ? SIGNED_IN : { perm: def.access.list };
  /** the audit row's subject (decision 0151): set before the call, so a refusal keeps it too */
  const stamp = (req: FastifyRequest) => stampAuditSubject(req, def.key, (req.body as { id: number }).id);

  r.post(
    resourcePath(def, 'page'),
    {
      schema: {
        tags,
        summary: `${title}: paged list (data scope applied)`,
        body: s.listQuery,
        response: { 200: envelope(s.page) },
      },
      config: { access: readPerm, audit: false },
    },
    async (req) => ok(await resourcePage(b, p, req.auth!, req.body as Values, localeOf(req.headers))),
  );

  r.post(
    resourcePath(def, 'detail'),
    {
      schema: { tags, summary: `${title}: one record`, body: s.id, response: { 200: envelope(s.detail) } },
      config: { access: readPerm, audit: false },
    },
    async (req) =>
      ok(
        await readRecord(p.db, b, (req.body as { id: number }).id, {
          auth: req.auth!,
          locale: localeOf(req.headers),
        }),
      ),
  );

  exportRoute(
    app,
    p,
    resourcePath(def, 'export'),
    resourceExport(b),
    s.listQuery,
    `${title}: export (same filters, order and data scope as the page): the file, or a download-center task`,
  );

  const create = actionPerm(def, 'create');
  if (create) {
    r.post(
      resourcePath(def, 'save'),
      {
        schema: {
          tags,
          summary: `${title}: create`,
          body: s.create,
          response: { 200: envelope(z.object({ id: int32() })) },
        },
        config: { access: { perm: create }, checkRepeat: true },
      },
      async (req) => {
        const saved = await createRecord(b, p, req.auth!, req.body as Values);
        stampAuditSubject(req, def.key, saved.id);
        return ok(saved);
      },
    );
  }

  const update = actionPerm(def, 'update');
  if (update) {
    r.post(
      resourcePath(def, 'update'),
      {
        schema: {
          tags,
          summary: `${title}: update (a stale version answers CONFLICT)`,
          body: s.update,
          response: { 200: envelope(z.object({ id: int32(), [versionKeyOf(def)]: int32() })) },
        },
        config: { access: { perm: update }, checkRepeat: true },
      },
      async (req) => {
        stamp(req);
        return ok(await updateRecord(b, p, req.auth!, req.body as Values));
      },
    );
  }

  const del = actionPerm(def, 'delete');
  if (del) {
    r.post(
      resourcePath(def, 'delete'),
      {
        schema: { tags, summary: `${title}: delete`, body: s.idVersion, response: { 200: envelope(emptyData) } },
        config: { access: { perm: del }, checkRepeat: true },
      },
      async (req) => {
        stamp(req);
        return ok(await deleteRecord(b, p, req.auth!, req.body as Values & { id: number }));
      },
    );
  }

  for (const [name, cmd] of Object.entries(def.commands ?? {})) {
    r.post(
      commandPath(def, name),
      {
        schema: {
          tags,
          summary: `${title}: ${cmd.label.en}`,
          body: s.commands[name]!,
          response: { 200: envelope(emptyData) },
        },
        config: { access: { perm: cmd.perm }, checkRepeat: true },
      },
      async (req) => {
        stamp(req);
        return ok(await runCommand(b, p, req.auth!, name, req.body as Values));
      },
    );
  }

  if (!def.history) return;
  mountRecordHistory(app, p, recordHistoryOf(b, tags));
}

/** The record-history options of a resource with history: its timeline, comments and follow-ups. */
export function recordHistoryOf(
  b: BoundResource,
  tags: string[] = [b.def.key.split('.')[0]!],
): RecordHistoryOptions<number> & { tags: string[] } {
  const def = b.def;
  if (!def.history) throw new Error(`${def.key} has no history`);
  return {
    base: def.api,
    entity: def.key,
    live: def.key,
    perm: def.access.list,
    tags,
    canRead: (db, auth, id) =>
      loadRecord(db, b, auth, id, []).then(
        () => true,
        (e) => (e instanceof AppError && e.def === Errors.NOT_FOUND ? false : Promise.reject(e)),
      ),
    async describe(db, id) {
      const [row] = await db
        .select({ title: readExpr(b, def.titleField) })
        .from(b.table)
        .where(eq(b.table.id, id));
      return { title: String(row?.title ?? id), link: `${def.routes.list}?history=${id}` };
    },
    ...(def.history.followUp ? { followUp: { typeDict: def.history.followUp.dict, ...b.followUp } } : {}),
    valueNames: valueNamesOf(b),
  };
}

/** Users and departments by name in the timeline; a room names its own kinds (`historyNames`). */
export function valueNamesOf(b: BoundResource): Record<string, ValueNamer> {
  const out: Record<string, ValueNamer> = {};
  for (const [key, f] of Object.entries(b.def.fields)) {
    if (f.kind === 'user') out[key] = staffNames;
    else if (f.kind === 'department') out[key] = departmentNames;
  }
  return { ...out, ...b.historyNames };
}
