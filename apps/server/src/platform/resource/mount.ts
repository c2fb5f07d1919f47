import type { Locale } from '@portal/contracts';
import { Errors, emptyData, envelope, int32 } from '@portal/contracts';
import { actionPerm, commandPath, resourcePath, resourceSchemas, SIGNED_IN } from '@portal/contracts/resource';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cappedCount, estimateCaps, tableEstimate } from '../db/count.js';
import { exportRoute } from '../exports/list-export.js';
import { mountRecordHistory, type RecordHistoryOptions } from '../history/routes.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { localeOf } from '../http/locale.js';
import type { Platform } from '../platform.js';
import type { BoundResource, Values } from './bind.js';
import { resourceExport } from './export.js';
import { listOrder, listWhere, loadRecord, readExpr, rowSelect, toRow, visibleFields } from './query.js';
import { createRecord, deleteRecord, runCommand, updateRecord } from './write.js';

/**
 * A page of a resource's list: filters, data scope, order and the fields the caller may see.
 * The page is read first: a page that is not full ends the list, so its total needs no count.
 * A list nothing narrows (no filter, an unlimited scope) carries the table's row estimate in the
 * same statement, and far above the cap that settles "at least cap" without counting. Otherwise
 * the count is capped, lower when each counted row must be checked (a keyword, a department data
 * scope) than when an index answers it alone. A deep page (offset) picks its ids first, walking
 * only the order's index, and reads the fields (link arrays, localized names) of those rows only
 * (decision 0047).
 */
export async function resourcePage(
  b: BoundResource,
  p: Platform,
  auth: Parameters<typeof listWhere>[1],
  q: Values,
  locale?: Locale,
) {
  const fields = visibleFields(b.def, auth);
  const where = listWhere(b, auth, q);
  const order = listOrder(b, auth, q);
  const page = q.page as number;
  const size = q.size as number;
  const offset = (page - 1) * size;
  const select = where
    ? rowSelect(b, fields, locale)
    : { ...rowSelect(b, fields, locale), [ESTIMATE]: tableEstimate(b.table) };
  const query = p.db.select(select).from(b.table);
  const rows = await (offset === 0
    ? query
        .where(where)
        .orderBy(...order)
        .limit(size)
    : query
        .where(
          inArray(
            b.table.id,
            p.db
              .select({ id: b.table.id })
              .from(b.table)
              .where(where)
              .orderBy(...order)
              .limit(size)
              .offset(offset),
          ),
        )
        .orderBy(...order));
  const ended = rows.length < size && (rows.length > 0 || page === 1);
  const cap = searched(b, auth, q) ? p.config.listSearchCountCap : p.config.listCountCap;
  const count = ended
    ? { total: offset + rows.length, capped: false }
    : !where && estimateCaps((rows[0] as Values | undefined)?.[ESTIMATE], cap)
      ? { total: cap, capped: true }
      : await cappedCount(p.db, b.table, where, cap);
  return {
    records: rows.map((r) => toRow(b, fields, r as Values)),
    total: count.total,
    page,
    size,
    ...(count.capped ? { totalCapped: true } : {}),
  };
}

/** The key the row estimate travels under in a page's rows (no field is named so). */
const ESTIMATE = '__estimate';

/**
 * Whether counting the list checks each row: a keyword given, a department data scope, or a
 * shared resource read in a limited scope (own records or those one is a member of: an OR no
 * index answers alone).
 */
function searched(b: BoundResource, auth: Parameters<typeof listWhere>[1], q: Values): boolean {
  const keyword = Object.entries(b.def.list.filters).some(([name, f]) => f.op === 'like' && q[name]);
  const scope = auth.scope.kind;
  if (keyword || !b.def.access.owner || scope === 'all') return keyword;
  return (!!b.shared && b.def.access.list !== SIGNED_IN) || (scope !== 'own' && auth.scope.departmentIds.length > 0);
}

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
        await loadRecord(
          p.db,
          b,
          req.auth!,
          (req.body as { id: number }).id,
          visibleFields(def, req.auth!),
          false,
          localeOf(req.headers),
        ),
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
      async (req) => ok(await createRecord(b, p, req.auth!, req.body as Values)),
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
          response: { 200: envelope(z.object({ id: int32(), version: int32() })) },
        },
        config: { access: { perm: update }, checkRepeat: true },
      },
      async (req) => ok(await updateRecord(b, p, req.auth!, req.body as Values)),
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
      async (req) => ok(await deleteRecord(b, p, req.auth!, req.body as { id: number; version: number })),
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
      async (req) => ok(await runCommand(b, p, req.auth!, name, req.body as Values)),
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
  };
}
