import type { Locale, RecordNames } from '@portal/contracts';
import type { RecordEvent } from '@portal/contracts/history';
import { inArray } from 'drizzle-orm';
import { departments, staffUsers } from '../access/schema.js';
import type { DbOrTx } from '../db/index.js';

/** The names of record ids (users, departments, a room's records) in the reader's language. */
export type ValueNamer = (db: DbOrTx, ids: number[], locale: Locale) => Promise<Map<number, string>>;

/** Staff users by id: the English name for English readers when there is one. */
export const staffNames: ValueNamer = async (db, ids, locale) => {
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name, nameEn: staffUsers.nameEn })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
  return new Map(rows.map((r) => [r.id, (locale === 'en' && r.nameEn) || r.name]));
};

/** Departments by id, in the reader's language. */
export const departmentNames: ValueNamer = async (db, ids, locale) => {
  const rows = await db
    .select({ id: departments.id, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(inArray(departments.id, ids));
  return new Map(rows.map((r) => [r.id, (locale === 'en' && r.nameEn) || r.name]));
};

const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
/** The record ids a change's value holds: one id, or a list of them (a field with `multiple`). */
const idsOf = (v: unknown): number[] =>
  (Array.isArray(v) ? v : [v]).map(idOf).filter((id): id is number => id !== null);

/**
 * Field changes whose values are record ids (an owner, a department, a customer; one or a list)
 * read as names: each event gets `names[field][id]`, read now in the caller's language (a renamed
 * user shows the new name; an id no longer found keeps its number). Lists and details carry the
 * same `names` for their user and department fields (`rowSelect`, decision 0068).
 */
export async function withValueNames(
  db: DbOrTx,
  namers: Readonly<Record<string, ValueNamer>> | undefined,
  records: RecordEvent[],
  locale: Locale,
): Promise<RecordEvent[]> {
  if (!namers) return records;
  const wanted = new Map<string, Set<number>>();
  for (const e of records)
    for (const c of e.changes ?? []) {
      if (!namers[c.field]) continue;
      const set = wanted.get(c.field) ?? new Set<number>();
      for (const id of [...idsOf(c.from), ...idsOf(c.to)]) set.add(id);
      if (set.size) wanted.set(c.field, set);
    }
  if (!wanted.size) return records;
  const found = new Map<string, Map<number, string>>();
  for (const [field, ids] of wanted) found.set(field, await namers[field]!(db, [...ids], locale));
  return records.map((e) => {
    const names: RecordNames = {};
    for (const c of e.changes ?? []) {
      const known = found.get(c.field);
      if (!known) continue;
      for (const id of [...idsOf(c.from), ...idsOf(c.to)]) {
        const name = known.get(id);
        if (name !== undefined) names[c.field] = { ...names[c.field], [String(id)]: name };
      }
    }
    return Object.keys(names).length ? { ...e, names } : e;
  });
}
