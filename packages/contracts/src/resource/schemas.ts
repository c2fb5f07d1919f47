import { z } from 'zod';
import type { FieldKind } from '../fields/kinds.js';
import { fieldValueSchema, optionSchema } from '../fields/value.js';
import { pageQuery, pageResult, recordNames } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';
import {
  creatableFields,
  type ResourceDef,
  type ResourceField,
  type ResourceFilter,
  readableFields,
  updatableFields,
  versionKeyOf,
} from './define.js';

/** Users and departments exist as records: a reference to them is their id. */
const ID_KINDS: ReadonlySet<FieldKind> = new Set(['user', 'department']);
const MAX_ITEMS = 50;

/** The value a client sends for one field (one item when the field is a list). */
function inputItem(f: ResourceField): z.ZodType {
  if (ID_KINDS.has(f.kind) || f.ref) return int32Id();
  if (f.secret) {
    // a secret is taken as typed: never trimmed
    let s = text().min(f.rules?.minLength ?? 1);
    if (f.rules?.maxLength !== undefined) s = s.max(f.rules.maxLength);
    return s;
  }
  return fieldValueSchema({ kind: f.kind, required: true, rules: f.rules, options: f.options });
}

/** A field in a create body: required or optional; a list defaults to empty. */
export function fieldInput(f: ResourceField): z.ZodType {
  if (f.multiple) {
    const list = z.array(inputItem(f)).max(f.maxItems ?? MAX_ITEMS);
    return f.required ? list.min(1) : list.default([]);
  }
  return f.required ? inputItem(f) : inputItem(f).nullish();
}

/** The value a server answers for one field: the kind's shape, without input rules (old data stays readable). */
function outputItem(f: ResourceField): z.ZodType {
  if (ID_KINDS.has(f.kind) || f.ref) return int32();
  switch (f.kind) {
    case 'number':
    case 'money':
    case 'percent':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return optionSchema(f.options) ?? text();
    case 'attachment':
      return z.array(text());
    case 'customer':
    case 'supplier':
      return z.union([int32(), text()]);
    default:
      return text();
  }
}

function fieldOutput(f: ResourceField): z.ZodType {
  if (f.multiple) return z.array(outputItem(f));
  return f.required ? outputItem(f) : outputItem(f).nullable();
}

/** Field-permitted fields may be absent from an answer: the caller lacks their key. */
const maybeHidden = (f: ResourceField, s: z.ZodType) => (f.perm ? s.optional() : s);

const pick = (def: ResourceDef, keys: string[], as: (f: ResourceField) => z.ZodType) =>
  Object.fromEntries(keys.map((k) => [k, as(def.fields[k]!)]));

/** The value one filter compares with (numbers coerced: a query may arrive as text, GET or a task replay). */
function filterValue(def: ResourceDef, flt: ResourceFilter): z.ZodType {
  const f = def.fields[flt.field!] ?? { kind: 'number' as const, label: { zh: '', en: '' } };
  // a spec path may take a yes / no flag as the words (`enabled: 'no'`)
  if (f.kind === 'boolean') return z.union([z.boolean(), z.enum(['yes', 'no']).transform((v) => v === 'yes')]);
  const item =
    flt.field === 'id'
      ? int32Id()
      : f.kind === 'enum' || ID_KINDS.has(f.kind) || f.ref
        ? inputItem(f)
        : inputItem({ ...f, rules: undefined });
  return item instanceof z.ZodNumber ? z.coerce.number().pipe(item) : item;
}

/** The query keys of a filter and their schemas: its name, or the two keys of a range with bounds. */
function filterSchemas(def: ResourceDef, name: string): [string, z.ZodType][] {
  const flt = def.list.filters[name]!;
  if (flt.op === 'like') return [[name, text().trim().max(64).optional()]];
  if (flt.op === 'set') return [[name, z.enum(['yes', 'no']).optional()]];
  const value = filterValue(def, flt);
  if (flt.op === 'in') return [[name, z.array(value).min(1).max(MAX_ITEMS).optional()]];
  if (flt.op !== 'range') return [[name, value.optional()]];
  if (flt.bounds) return flt.bounds.map((k) => [k, value.optional()]);
  return [[name, z.tuple([value.nullable(), value.nullable()]).optional()]];
}

/** The zod schemas a definition derives (server validation, web forms, OpenAPI). */
export interface ResourceSchemas {
  /** a list row (also the detail): id, version and the readable fields */
  row: z.ZodObject;
  detail: z.ZodObject;
  page: z.ZodType;
  listQuery: z.ZodObject;
  create: z.ZodObject;
  /** id + version + the fields to change (absent: unchanged) */
  update: z.ZodObject;
  /** `{ id }`: detail, timeline */
  id: z.ZodObject;
  /** `{ id, version }` (the version under the definition's key): delete */
  idVersion: z.ZodObject;
  commands: Record<string, z.ZodObject>;
}

const cache = new WeakMap<ResourceDef, ResourceSchemas>();

/** Derives (once per definition) the schemas of a resource; call it where zod may be loaded. */
export function resourceSchemas(def: ResourceDef): ResourceSchemas {
  const hit = cache.get(def);
  if (hit) return hit;
  const version = versionKeyOf(def);
  const row = z.object({
    id: int32(),
    [version]: int32(),
    ...pick(def, readableFields(def), (f) => maybeHidden(f, fieldOutput(f))),
    /** the names of the people (and other records) its fields hold, in the reader's language */
    names: recordNames.optional(),
  });
  const updatable = updatableFields(def);
  const out: ResourceSchemas = {
    row,
    detail: row,
    page: pageResult(row),
    listQuery: pageQuery.extend(
      Object.fromEntries(Object.keys(def.list.filters).flatMap((k) => filterSchemas(def, k))),
    ),
    create: z.object(pick(def, creatableFields(def), fieldInput)),
    update: z.object({
      id: int32Id(),
      [version]: int32(),
      ...pick(def, updatable, (f) =>
        f.multiple
          ? z
              .array(inputItem(f))
              .max(f.maxItems ?? MAX_ITEMS)
              .optional()
          : f.required
            ? inputItem(f).optional()
            : inputItem(f).nullish(),
      ),
    }),
    id: z.object({ id: int32Id() }),
    idVersion: z.object({ id: int32Id(), [version]: int32() }),
    commands: Object.fromEntries(
      Object.entries(def.commands ?? {}).map(([name, c]) => [
        name,
        z.object({
          id: int32Id(),
          ...Object.fromEntries(Object.entries(c.input ?? {}).map(([k, f]) => [k, fieldInput(f)])),
        }),
      ]),
    ),
  };
  cache.set(def, out);
  return out;
}

/** `POST /v2/sys/staff/resource/field/get`: which fields of a resource the caller may see. */
export const resourceFieldQuery = z.object({
  resource: text()
    .trim()
    .regex(/^[a-z]+\.[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'a resource key such as system.user'),
});
export const resourceFieldAnswer = z.object({ resource: text(), fields: z.array(text()) });
export type ResourceFieldAnswer = z.infer<typeof resourceFieldAnswer>;
