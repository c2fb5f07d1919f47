import type { FieldChange } from '@portal/contracts/history';
import { type ResourceField, versionKeyOf } from '@portal/contracts/resource';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.js';
import type { Tx } from '../db/index.js';
import { appendRecordEvents, type NewRecordEvent } from '../history/service.js';
import { AppError } from '../http/errors.js';
import { publishRecordChanged } from '../live/record-changes.js';
import type { Platform } from '../platform.js';
import { type BoundResource, type Link, type Values, versionColumnOf, type WriteContext } from './bind.js';
import { isColumn, isLink, loadRecord, outputValue } from './query.js';

/** Every stored field of a record (secrets have no column): what writes compare and hooks see. */
const storedFields = (b: BoundResource) => Object.keys(b.def.fields).filter((k) => !b.def.fields[k]!.secret);

/** The table's property name of a column (drizzle's `set` and `values` take property names). */
export function propOf(b: BoundResource, col: PgColumn): string {
  const hit = Object.entries(getTableColumns(b.table)).find(([, c]) => c === col);
  if (!hit) throw new Error(`resource ${b.def.key}: column ${col.name} is not in its table`);
  return hit[0];
}

const toColumnValue = (f: ResourceField, v: unknown) =>
  f.kind === 'datetime' && typeof v === 'string' ? new Date(v) : v === undefined ? null : v;

/** Field values to the table's column values (links and read-only expressions are written elsewhere). */
function columnValues(b: BoundResource, values: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) {
    const src = b.columns[k];
    if (src && isColumn(src)) out[propOf(b, src)] = toColumnValue(b.def.fields[k]!, v);
  }
  return out;
}

/** The link fields among `values` must name existing records: refused with the field, like any bad input. */
async function checkLinkTargets(tx: Tx, b: BoundResource, values: Values) {
  const problems: { field: string; message: string }[] = [];
  for (const [k, v] of Object.entries(values)) {
    const src = b.columns[k];
    if (!src || !isLink(src) || !src.target || !Array.isArray(v) || !v.length) continue;
    const ids = [...new Set(v as number[])];
    const found = await tx.select({ id: src.target }).from(src.target.table).where(inArray(src.target, ids));
    const absent = ids.filter((i) => !found.some((r) => r.id === i));
    if (absent.length) problems.push({ field: `body.${k}`, message: `unknown ids: ${absent.join(', ')}` });
  }
  if (problems.length) throw new AppError('VALIDATION_FAILED', { data: problems });
}

async function writeLinks(tx: Tx, b: BoundResource, id: number, values: Values, replace: boolean) {
  for (const [k, v] of Object.entries(values)) {
    const src = b.columns[k];
    if (!src || !isLink(src) || v === undefined) continue;
    const l: Link = src;
    if (replace) await tx.delete(l.link).where(eq(l.owner, id));
    const ids = [...new Set((v ?? []) as unknown[])];
    if (ids.length) {
      const owner = Object.entries(getTableColumns(l.link)).find(([, c]) => c === l.owner)![0];
      const value = Object.entries(getTableColumns(l.link)).find(([, c]) => c === l.value)![0];
      await tx.insert(l.link).values(ids.map((x) => ({ ...l.extra, [owner]: id, [value]: x })));
    }
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** a value as history compares it: lists unordered, an empty text the same as none */
const norm = (f: ResourceField, v: unknown) => {
  const out = outputValue(f, v);
  if (out === '') return null;
  return Array.isArray(out) ? [...out].sort() : out;
};

/** The tracked fields `patch` changes, from the record's values before. */
export function trackedChanges(b: BoundResource, before: Values, patch: Values): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [k, v] of Object.entries(patch)) {
    const f = b.def.fields[k];
    if (!f?.track || f.secret || v === undefined) continue;
    const from = norm(f, before[k]);
    const to = norm(f, v);
    if (!same(from, to)) out.push({ field: k, from, to });
  }
  return out;
}

/**
 * A unique index refusing a write is the catalogue's DUPLICATE with the value PostgreSQL names, or the
 * room's own code for that index (`unique`).
 */
function duplicateOf(b: BoundResource, err: unknown): AppError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; detail?: string; constraint?: string; message?: string };
    if (pg.code === '23505') {
      const value = /=\((.*)\) already exists/.exec(pg.detail ?? '')?.[1] ?? '';
      const index = pg.constraint ?? /unique constraint "([^"]+)"/.exec(pg.message ?? '')?.[1];
      return new AppError((index && b.unique?.[index]) || 'DUPLICATE', { vars: { value } });
    }
  }
  return undefined;
}

/**
 * One write: one transaction (the check-repeat effect), history inside it, the record's change
 * published and the hooks' after-commit work run once it committed.
 */
async function inTransaction<T>(
  b: BoundResource,
  p: Platform,
  auth: AuthContext,
  fn: (ctx: WriteContext) => Promise<{ result: T; id: number }>,
): Promise<T> {
  const after: (() => Promise<void>)[] = [];
  let id = 0;
  let result: T;
  try {
    // the transaction answers the reply itself: check-repeat records it with the effect
    result = await p.db.transaction(async (tx) => {
      const out = await fn({ tx, auth, p, afterCommit: (f) => after.push(f) });
      id = out.id;
      return out.result;
    });
  } catch (err) {
    throw duplicateOf(b, err) ?? err;
  }
  await publishRecordChanged(p.bus, b.def.key, id);
  for (const f of after) await f();
  return result;
}

const event = (b: BoundResource, auth: AuthContext, id: number, e: Partial<NewRecordEvent>): NewRecordEvent => ({
  entity: b.def.key,
  recordId: id,
  actorId: auth.userId,
  kind: 'updated',
  ...e,
});

function refuseHidden(b: BoundResource, auth: AuthContext, values: Values) {
  const hidden = Object.keys(values).filter((k) => {
    const perm = b.def.fields[k]?.perm;
    return perm && !auth.perms.has(perm);
  });
  if (hidden.length) throw new AppError('NO_PERMISSION');
}

export async function createRecord(b: BoundResource, p: Platform, auth: AuthContext, input: Values) {
  refuseHidden(b, auth, input);
  const prepared = (await b.hooks?.prepareCreate?.(input, auth, p)) ?? {};
  return inTransaction(b, p, auth, async (ctx) => {
    const id = await insertRecord(ctx, b, input, prepared);
    return { id, result: { id } };
  });
}

async function insertRecord(ctx: WriteContext, b: BoundResource, input: Values, prepared: Values) {
  await checkLinkTargets(ctx.tx, b, input);
  const extra = (await b.hooks?.beforeCreate?.(ctx, input)) ?? {};
  const [row] = await ctx.tx
    .insert(b.table)
    .values({ ...columnValues(b, input), ...prepared, ...extra })
    .returning({ id: b.table.id });
  const id = row!.id as number;
  await writeLinks(ctx.tx, b, id, input, false);
  await b.hooks?.afterCreate?.(ctx, id, input);
  const changes = trackedChanges(b, {}, input).filter((c) => c.to !== null && !same(c.to, []));
  await appendRecordEvents(ctx.tx, [event(b, ctx.auth, id, { kind: 'created', changes })], ctx.p.clock);
  return id;
}

/**
 * A create of `b` inside another record's write (a command making a record of another resource:
 * a sign-up converted into a customer): the same checks, hooks and history as its own create, in
 * the caller's transaction; its change is published once that commits.
 */
export async function createWithin(ctx: WriteContext, b: BoundResource, input: Values): Promise<number> {
  refuseHidden(b, ctx.auth, input);
  const prepared = (await b.hooks?.prepareCreate?.(input, ctx.auth, ctx.p)) ?? {};
  const id = await insertRecord(ctx, b, input, prepared);
  ctx.afterCommit(() => publishRecordChanged(ctx.p.bus, b.def.key, id));
  return id;
}

/** Writes `patch` (field values) and `raw` (column values by property) with the version bumped. */
async function applyPatch(
  ctx: WriteContext,
  b: BoundResource,
  id: number,
  version: number,
  patch: Values,
  raw: Values,
) {
  const col = versionColumnOf(b);
  const [row] = await ctx.tx
    .update(b.table)
    .set({ ...columnValues(b, patch), ...raw, [propOf(b, col)]: sql`${col} + 1` })
    .where(and(eq(b.table.id, id), eq(col, version)))
    .returning({ version: col });
  if (!row) throw new AppError('CONFLICT');
  await writeLinks(ctx.tx, b, id, patch, true);
  return row.version as number;
}

export async function updateRecord(b: BoundResource, p: Platform, auth: AuthContext, body: Values) {
  const vk = versionKeyOf(b.def);
  const { id, [vk]: version, ...rest } = body as Values & { id: number };
  const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  refuseHidden(b, auth, patch);
  const prepared = (await b.hooks?.prepareUpdate?.(patch, auth, p)) ?? {};
  return inTransaction(b, p, auth, async (ctx) => {
    const before = await loadRecord(ctx.tx, b, auth, id, storedFields(b), true);
    if (before[vk] !== version) throw new AppError('CONFLICT');
    await checkLinkTargets(ctx.tx, b, patch);
    const extra = { ...prepared, ...(await b.hooks?.beforeUpdate?.(ctx, before, patch)) };
    const next = await applyPatch(ctx, b, id, version as number, patch, extra);
    await b.hooks?.afterUpdate?.(ctx, id, before, patch);
    const changes = trackedChanges(b, before, patch);
    if (changes.length) await appendRecordEvents(ctx.tx, [event(b, auth, id, { changes })], p.clock);
    return { id, result: { id, [vk]: next } };
  });
}

export async function deleteRecord(b: BoundResource, p: Platform, auth: AuthContext, body: Values & { id: number }) {
  return inTransaction(b, p, auth, async (ctx) => {
    const before = await loadRecord(ctx.tx, b, auth, body.id, storedFields(b), true);
    if (before[versionKeyOf(b.def)] !== body[versionKeyOf(b.def)]) throw new AppError('CONFLICT');
    await b.hooks?.beforeDelete?.(ctx, before);
    for (const src of Object.values(b.columns))
      if (isLink(src)) await ctx.tx.delete(src.link).where(eq(src.owner, body.id));
    await ctx.tx.delete(b.table).where(eq(b.table.id, body.id));
    return { id: body.id, result: null };
  });
}

/**
 * A command in one transaction: the record (in scope, locked), the handler, what it sets written
 * like an update (version bumped, tracked diffs), and one `command` event in the history.
 */
export async function runCommand(b: BoundResource, p: Platform, auth: AuthContext, name: string, body: Values) {
  const { id, ...input } = body as Values & { id: number };
  const cmd = b.def.commands![name]!;
  return inTransaction(b, p, auth, async (ctx) => {
    const before = await loadRecord(ctx.tx, b, auth, id, storedFields(b), true);
    const out = await b.commands![name]!(ctx, before, input);
    const set = out?.set ?? {};
    const fieldPatch = Object.fromEntries(Object.entries(set).filter(([k]) => k in b.def.fields));
    const raw = Object.fromEntries(Object.entries(set).filter(([k]) => !(k in b.def.fields)));
    if (Object.keys(set).length) await applyPatch(ctx, b, id, before[versionKeyOf(b.def)] as number, fieldPatch, raw);
    if (cmd.history !== false) {
      const shown = Object.fromEntries(Object.entries(input).filter(([k]) => !cmd.input?.[k]?.secret));
      const changes = trackedChanges(b, before, fieldPatch);
      await appendRecordEvents(
        ctx.tx,
        [event(b, auth, id, { kind: 'command', changes, data: { command: name, input: shown } })],
        p.clock,
      );
    }
    return { id, result: null };
  });
}
