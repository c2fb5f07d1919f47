import type { ErrorName } from '@portal/contracts';
import {
  DICT_MODULES,
  type DictDef,
  type DictItem,
  type DictModule,
  type DictPageQuery,
  type DictSaveBody,
} from '@portal/contracts/dict';
import { allDicts } from '@portal/contracts/dict/all';
import type { ResourceDef } from '@portal/contracts/resource';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.js';
import { containsPattern } from '../db/like.js';
import type { EventBus } from '../events/bus.js';
import { AppError } from '../http/errors.js';
import { dictItems, dictTypes } from './schema.js';

export const DICT_CHANGED = 'dict.changed';

const typeRow = {
  code: dictTypes.code,
  module: dictTypes.module,
  name: dictTypes.name,
  nameEn: dictTypes.nameEn,
  updatedAt: dictTypes.updatedAt,
  itemCount: sql<number>`(select count(*)::int from dict_items i where i.type_code = ${dictTypes.code})`,
  enabledCount: sql<number>`(select count(*)::int from dict_items i where i.type_code = ${dictTypes.code} and i.enabled)`,
};
/** An item's columns, in the order the export writes them. */
export const itemRow = {
  value: dictItems.value,
  label: dictItems.label,
  labelEn: dictItems.labelEn,
  sort: dictItems.sort,
  color: dictItems.color,
  enabled: dictItems.enabled,
};
type TypeRow = { code: string; module: string; updatedAt: Date } & Record<string, unknown>;
const typeOut = <T extends TypeRow>(r: T) => ({
  ...r,
  module: r.module as DictModule,
  updatedAt: r.updatedAt.toISOString(),
});

/** The dictionary module of a code (`crm.industry` → `crm`), or NOT_FOUND. */
export function moduleOf(code: string): DictModule {
  const m = code.split('.')[0] as DictModule;
  if (!DICT_MODULES.includes(m)) throw new AppError('NOT_FOUND');
  return m;
}

/** The module's dictionaries the keyword finds: the settings screen's list and its export. */
export function dictTypesWhere(q: Pick<DictPageQuery, 'module' | 'keyword'>): SQL | undefined {
  return and(
    eq(dictTypes.module, q.module),
    q.keyword
      ? or(
          ilike(dictTypes.code, containsPattern(q.keyword)),
          ilike(dictTypes.name, containsPattern(q.keyword)),
          ilike(dictTypes.nameEn, containsPattern(q.keyword)),
        )
      : undefined,
  );
}

export async function pageDictTypes(db: Db, q: DictPageQuery) {
  const where = dictTypesWhere(q);
  const [counted] = await db.select({ total: count() }).from(dictTypes).where(where);
  const rows = await db
    .select(typeRow)
    .from(dictTypes)
    .where(where)
    .orderBy(asc(dictTypes.code))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { records: rows.map(typeOut), total: counted?.total ?? 0, page: q.page, size: q.size };
}

export async function dictWithItems(db: Db, code: string) {
  const [type] = await db.select(typeRow).from(dictTypes).where(eq(dictTypes.code, code));
  if (!type) throw new AppError('NOT_FOUND');
  const items = await db
    .select(itemRow)
    .from(dictItems)
    .where(eq(dictItems.typeCode, code))
    .orderBy(asc(dictItems.sort), asc(dictItems.value));
  return { type: typeOut(type), items: items as DictItem[] };
}

/**
 * Saves a dictionary's item list as the settings screen edits it, in one transaction: listed
 * values are inserted or updated; values left out are disabled, never deleted (records keep them).
 */
export async function saveDict(db: Db, bus: EventBus, body: DictSaveBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [type] = await tx.select().from(dictTypes).where(eq(dictTypes.code, body.code)).for('update');
    if (!type) throw new AppError('NOT_FOUND');
    const values = new Set<string>();
    for (const item of body.items) {
      if (values.has(item.value)) throw new AppError('DUPLICATE', { vars: { value: item.value } });
      values.add(item.value);
    }
    const now = new Date();
    await tx
      .update(dictTypes)
      .set({ name: body.name ?? type.name, nameEn: body.nameEn ?? type.nameEn, updatedAt: now })
      .where(eq(dictTypes.code, body.code));
    await tx
      .update(dictItems)
      .set({ enabled: false, updatedAt: now })
      .where(
        and(eq(dictItems.typeCode, body.code), values.size ? sql`${dictItems.value} not in ${[...values]}` : undefined),
      );
    for (const item of body.items)
      await tx
        .insert(dictItems)
        .values({ typeCode: body.code, ...item, updatedAt: now })
        .onConflictDoUpdate({
          target: [dictItems.typeCode, dictItems.value],
          set: { ...item, updatedAt: now },
        });
  });
  await bus.publish(DICT_CHANGED, body.code);
}

/**
 * Per-process cache of dictionary items for display and for checking written values; an entry is
 * dropped when any process publishes `dict.changed` for its code.
 */
export function dictCache(db: Db, bus: EventBus) {
  const cache = new Map<string, Promise<DictItem[]>>();
  bus.subscribe(DICT_CHANGED, (code) => cache.delete(code));
  const itemsOf = (code: string): Promise<DictItem[]> => {
    let hit = cache.get(code);
    if (!hit) {
      hit = db
        .select(itemRow)
        .from(dictItems)
        .where(eq(dictItems.typeCode, code))
        .orderBy(asc(dictItems.sort), asc(dictItems.value))
        .then((rows) => rows as DictItem[]);
      hit.catch(() => cache.delete(code));
      cache.set(code, hit);
    }
    return hit;
  };
  return {
    itemsOf,
    async read(codes: string[]): Promise<Record<string, DictItem[]>> {
      const out: Record<string, DictItem[]> = {};
      for (const code of codes) out[code] = await itemsOf(code);
      return out;
    },
    /** Writes accept enabled values only (records already holding a disabled one still show it). */
    async isEnabledValue(code: string, value: string): Promise<boolean> {
      return (await itemsOf(code)).some((i) => i.value === value && i.enabled);
    },
  };
}
export type DictCache = ReturnType<typeof dictCache>;

/** Inside a transaction (no cache): is `value` an enabled item of dictionary `code`? */
export async function isEnabledDictValue(tx: DbOrTx, code: string, value: string): Promise<boolean> {
  const [item] = await tx
    .select({ value: dictItems.value })
    .from(dictItems)
    .where(and(eq(dictItems.typeCode, code), eq(dictItems.value, value), eq(dictItems.enabled, true)));
  return !!item;
}

/**
 * Inside a transaction: every dictionary field of `fields` given a value in `values` must hold an
 * enabled item of its dictionary, else the room's own error (`error`, a catalogue entry with the
 * vars `value` and `field`). Fields of other kinds, null and absent values are left alone.
 */
export async function checkDictValues(
  tx: DbOrTx,
  fields: ResourceDef['fields'],
  values: Record<string, unknown>,
  error: ErrorName,
): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const f = fields[name];
    if (f?.kind !== 'dict' || !f.dict || value === null || value === undefined) continue;
    if (!(await isEnabledDictValue(tx, f.dict, String(value))))
      throw new AppError(error, { vars: { value: String(value), field: { 'zh-CN': f.label.zh, en: f.label.en } } });
  }
}

/** Every area's declared dictionaries and their seed items; idempotent, admins' edits are kept. */
export async function seedDicts(db: Db): Promise<void> {
  for (const area of allDicts)
    for (const [code, def] of Object.entries(area.dicts as Record<string, DictDef>)) {
      await db
        .insert(dictTypes)
        .values({ code, module: area.module, name: def.zh, nameEn: def.en })
        .onConflictDoNothing();
      await db
        .insert(dictItems)
        .values(
          def.items.map((item, i) => ({
            typeCode: code,
            value: item.value,
            label: item.zh,
            labelEn: item.en,
            sort: (i + 1) * 10,
            color: item.color ?? 'default',
          })),
        )
        .onConflictDoNothing();
    }
}
