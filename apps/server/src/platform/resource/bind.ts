import type { ErrorName, Locale } from '@portal/contracts';
import { type ResourceDef, SIGNED_IN, versionKeyOf } from '@portal/contracts/resource';
import { Column, eq, is, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.js';
import type { Tx } from '../db/index.js';
import type { RecordHistoryOptions } from '../history/entries.js';
import type { ValueNamer } from '../history/names.js';
import { type Audience, declareLiveResource } from '../live/record-changes.js';
import type { Platform } from '../platform.js';
import { resourceExport } from './export.js';
import { columnOf } from './query.js';

/**
 * A list field stored in a link table (user ↔ departments): read as an array, filtered by
 * membership, written by replacing the record's links. `target` is the id column the values
 * must exist in (there are no foreign keys).
 */
export interface Link {
  link: PgTable;
  owner: PgColumn;
  value: PgColumn;
  target?: PgColumn;
  /** constant columns of every link row this binding writes (the kind of the record's own rows) */
  extra?: Record<string, unknown>;
}
export const link = (l: Link): Link => l;

/** A read-only SQL expression in the reader's language (names kept in zh and en). */
export interface Localized {
  localized: (locale: Locale) => SQL;
}
export const localized = (fn: (locale: Locale) => SQL): Localized => ({ localized: fn });

/**
 * Where a field's value lives: a column of the table, a link table, or a read-only SQL expression
 * (one for every reader, or one per language).
 */
export type FieldSource = PgColumn | Link | SQL | Localized;

/** What hooks and command handlers get: the open transaction and who asks. */
export interface WriteContext {
  tx: Tx;
  auth: AuthContext;
  p: Platform;
  /** work to run after the transaction committed (sessions to revoke, events) */
  afterCommit(fn: () => Promise<void>): void;
}

export type Values = Record<string, unknown>;

/** Who reads rows, and in which language: what `afterRead` gets. */
export interface ReadContext {
  locale: Locale;
  auth: AuthContext;
}

export interface ResourceHooks {
  /**
   * slow work before the transaction (hashing; checks against cached reference data, which an
   * embedded database cannot load while the write's transaction holds its one connection): its
   * result is merged into the insert
   */
  prepareCreate?(input: Values, auth: AuthContext, p: Platform): Promise<Values>;
  /** the same before an update's transaction, with the fields it changes; its result is merged into the update */
  prepareUpdate?(patch: Values, auth: AuthContext, p: Platform): Promise<Values>;
  /** inside the transaction, before the insert: checks (throw AppError) and extra column values */
  beforeCreate?(ctx: WriteContext, input: Values): Promise<Values | undefined>;
  afterCreate?(ctx: WriteContext, id: number, input: Values): Promise<void>;
  /** inside the transaction, with the record as it was (read values) and the fields to change */
  beforeUpdate?(ctx: WriteContext, before: Values, patch: Values): Promise<Values | undefined>;
  afterUpdate?(ctx: WriteContext, id: number, before: Values, patch: Values): Promise<void>;
  beforeDelete?(ctx: WriteContext, before: Values): Promise<void>;
}

/**
 * A command's work inside its transaction: the record (read values, in scope, locked) and the
 * input. What it returns under `set` is written like an update (tracked diffs, version bump).
 */
export type CommandHandler = (
  ctx: WriteContext,
  record: Values,
  input: Values,
) => Promise<{ set?: Values } | undefined>;

export interface BindOptions {
  /**
   * the record's table; it has `id` (serial) and the optimistic version (integer) under the
   * definition's version key (`version` unless `versionKey` names another)
   */
  table: PgTable & { id: PgColumn };
  /** where each field of the definition lives (secret fields have none: hooks turn them into columns) */
  columns: Record<string, FieldSource>;
  /**
   * the rows of the table this resource holds, when several resources share one table under their
   * own list keys (one kind each): applied on every path like the data scope; `beforeCreate` sets it
   */
  rows?: SQL;
  /** each keyword (`like`) filter's search column (`searchColumn`, platform/db/search.ts) */
  search?: Record<string, PgColumn>;
  /**
   * what a keyword filter also matches besides its search column, OR-ed with it (a templated
   * message's English words, which no stored column holds); checked row by row, never by an index
   */
  searchAlso?: Record<string, (keyword: string) => SQL | undefined>;
  /** values read with every answered row for `afterRead` only, never answered themselves */
  readAlso?: Record<string, PgColumn | SQL>;
  /**
   * the rows as answered, rewritten once read: the page, the detail and the export alike (a
   * message rendered from its template in the reader's language). Each row carries its fields and
   * the `readAlso` values, which are dropped afterwards; an export's rows hold the values as read,
   * before the file's cells. Synchronous: an export runs it row by row as it streams.
   */
  afterRead?: (rows: Values[], ctx: ReadContext) => Values[];
  hooks?: ResourceHooks;
  commands?: Record<string, CommandHandler>;
  /**
   * the caller as this resource's data scope sees them (e.g. finance staff see every account
   * whatever their role's scope): applied on every path — pages, records, exports run later
   */
  scopeOf?: (auth: AuthContext) => AuthContext;
  /** follow-ups (definitions with `history.followUp`): the record's contacts and the record's own effect */
  followUp?: Pick<NonNullable<RecordHistoryOptions['followUp']>, 'contactsOf' | 'recorded'>;
  /** the timeline's names of the room's own record ids, by field (user and department fields are named already) */
  historyNames?: Readonly<Record<string, ValueNamer>>;
  /**
   * every signed-in user hears of its changes, not only holders of the list key: its records also
   * feed a screen everyone reads (published release notes feed the timeline)
   */
  changesToAll?: boolean;
  /**
   * the room's own answer when one of its unique indexes (by name) refuses a write, instead of the
   * catalogue's DUPLICATE: the rule a hook checks first, held by the index when two writes race
   */
  unique?: Readonly<Record<string, ErrorName>>;
}

export interface BoundResource<D extends ResourceDef = ResourceDef> extends BindOptions {
  def: D;
  /**
   * records are shared with members (platform/ownership): a member sees the record, a write
   * member may also change it; set by `bindOwnership`
   */
  shared?: boolean;
}

const bound = new Map<string, BoundResource>();

/** Joins a definition to its table; every bound resource is listed for the seed and the index test. */
export function bindResource<D extends ResourceDef>(def: D, opts: BindOptions): BoundResource<D> {
  if (bound.has(def.key)) throw new Error(`resource ${def.key} bound twice`);
  const missing = Object.keys(def.fields).filter((k) => !def.fields[k]!.secret && !(k in opts.columns));
  if (missing.length) throw new Error(`resource ${def.key}: no column for ${missing.join(', ')}`);
  const unsearched = Object.entries(def.list.filters)
    .filter(([name, f]) => f.op === 'like' && !opts.search?.[name])
    .map(([name]) => name);
  if (unsearched.length) throw new Error(`resource ${def.key}: no search column for ${unsearched.join(', ')}`);
  const clash = Object.keys(opts.readAlso ?? {}).filter((k) => k in def.fields || k === 'id' || k === 'names');
  if (clash.length) throw new Error(`resource ${def.key}: readAlso ${clash.join(', ')} is a row key`);
  if (opts.readAlso && !opts.afterRead) throw new Error(`resource ${def.key}: readAlso without afterRead`);
  const noHandler = Object.keys(def.commands ?? {}).filter((c) => !opts.commands?.[c]);
  if (noHandler.length) throw new Error(`resource ${def.key}: no handler for ${noHandler.join(', ')}`);
  if (!is((opts.table as unknown as Record<string, unknown>)[versionKeyOf(def)], Column))
    throw new Error(`resource ${def.key}: its table has no ${versionKeyOf(def)} column`);
  const b = { ...opts, def };
  bound.set(def.key, b);
  // the export source exists from load on: a stored export task finds it by key
  resourceExport(b);
  // open lists of holders of the list key refresh when a record changes; of a personal one, its owner's
  if (def.access.list === SIGNED_IN) declareLiveResource(def.key, null, ownerOf(b));
  else declareLiveResource(def.key, opts.changesToAll ? null : def.access.list);
  return b;
}

/** The owner of a record of a personal resource: who hears of its changes. */
const ownerOf =
  (b: BoundResource): Audience =>
  async (db, id) => {
    const owner = columnOf(b, b.def.access.owner!);
    const rows = await db
      .select({ owner })
      .from(b.table)
      .where(eq(b.table.id, Number(id)));
    return rows.map((r) => Number(r.owner));
  };

/** The column of a record's optimistic version (the table's property under the version key). */
export const versionColumnOf = (b: BoundResource): PgColumn =>
  (b.table as unknown as Record<string, PgColumn>)[versionKeyOf(b.def)]!;

export const boundResources = (): BoundResource[] => [...bound.values()];
export const boundResource = (key: string): BoundResource | undefined => bound.get(key);
