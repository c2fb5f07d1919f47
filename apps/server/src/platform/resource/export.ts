import type { Locale } from '@portal/contracts';
import { type ResourceField, resourceSchemas, SIGNED_IN } from '@portal/contracts/resource';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.js';
import { type Cell, defineExportSource, type ExportSource, utcTimeCell } from '../exports/source.js';
import type { BoundResource, ReadContext, Values } from './bind.js';
import { isColumn, listOrder, listWhere, readExpr, visibleFields } from './query.js';

const WIDTH: Partial<Record<ResourceField['kind'], number>> = {
  email: 26,
  datetime: 20,
  date: 12,
  enum: 10,
  boolean: 8,
};

/** A column rendered with its table: inside a select's SQL drizzle would drop the table name. */
const qualified = (col: PgColumn): SQL => sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;

const exportColumns = (def: BoundResource['def']) => def.list.exportColumns ?? def.list.columns;

/** The export's columns the caller may see. */
const exportFields = (b: BoundResource, auth: AuthContext) => {
  const visible = new Set(visibleFields(b.def, auth));
  return exportColumns(b.def).filter((c) => visible.has(c));
};

/**
 * What the file shows for a field: dictionary items and users by their labels (looked up in the
 * same query, both languages, the cell picks), everything else as read.
 */
function exportExpr(b: BoundResource, field: string, locale: Locale): PgColumn | SQL {
  const f = b.def.fields[field]!;
  const src = b.columns[field]!;
  if (!f.multiple && isColumn(src)) {
    if (f.kind === 'dict' && f.dict) {
      return sql`(select json_build_array(di.label, di.label_en) from dict_items di where di.type_code = ${f.dict} and di.value = ${qualified(src)})`;
    }
    if (f.kind === 'user') {
      return sql`(select json_build_array(su.name, nullif(btrim(su.name_en), '')) from staff_users su where su.id = ${qualified(src)})`;
    }
    if (f.kind === 'department') {
      return sql`(select json_build_array(d.name, d.name_en) from departments d where d.id = ${qualified(src)})`;
    }
  }
  return readExpr(b, field, locale);
}

function cell(f: ResourceField, v: unknown, locale: Locale): Cell {
  const zh = locale === 'zh-CN';
  if (v === null || v === undefined) return f.emptyLabel ? (zh ? f.emptyLabel.zh : f.emptyLabel.en) : null;
  if (Array.isArray(v) && f.multiple) return v.map((x) => cell({ ...f, multiple: false }, x, locale) ?? '').join(', ');
  if (Array.isArray(v)) return String((zh ? v[0] : v[1]) ?? v[0] ?? '');
  if (f.kind === 'enum') {
    const o = f.options?.find((x) => x.value === v);
    return o ? (zh ? o.label.zh : o.label.en) : String(v);
  }
  if (f.kind === 'boolean') return v ? (zh ? '是' : 'Yes') : zh ? '否' : 'No';
  if (f.kind === 'datetime') return utcTimeCell(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return String(v);
}

const sources = new WeakMap<BoundResource, ExportSource<Values>>();

/**
 * The export of a resource's list, derived from its definition (once per bound resource: stored
 * tasks find it by key): the list's columns the caller may see, labels in the caller's language,
 * the page's filters, data scope and order.
 */
export function resourceExport(b: BoundResource): ExportSource<Values> {
  const hit = sources.get(b);
  if (hit) return hit;
  const source = deriveExport(b);
  sources.set(b, source);
  return source;
}

function deriveExport(b: BoundResource): ExportSource<Values> {
  const { def } = b;
  const header = (k: string) => {
    const f = def.fields[k]!;
    const utc = f.kind === 'datetime' ? ' (UTC)' : '';
    return { zh: `${f.label.zh}${utc}`, en: `${f.label.en}${utc}`, width: f.multiple ? 24 : (WIDTH[f.kind] ?? 16) };
  };
  return defineExportSource<Values>({
    key: def.export?.key ?? def.key,
    perm: def.access.export ?? (def.access.list === SIGNED_IN ? undefined : def.access.list),
    query: resourceSchemas(def).listQuery as never,
    title: { 'zh-CN': def.export?.fileName?.zh ?? def.title.zh, en: def.export?.fileName?.en ?? def.title.en },
    columns: exportColumns(def).map(header),
    columnsFor: (auth) => exportFields(b, auth).map(header),
    async count(db, auth, q) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(b.table)
        .where(listWhere(b, auth, q));
      return row?.n ?? 0;
    },
    select(db, auth, q, locale) {
      const fields = exportFields(b, auth);
      // the `readAlso` values after the fields, for `afterRead` (cells)
      const also = Object.entries(b.readAlso ?? {}).map(([k, src]) => [`__also_${k}`, src]);
      return db
        .select(Object.fromEntries([...fields.map((k) => [k, exportExpr(b, k, locale)]), ...also]))
        .from(b.table)
        .where(listWhere(b, auth, q))
        .orderBy(...listOrder(b, auth, q))
        .toSQL();
    },
    cells(row, locale, auth) {
      const fields = exportFields(b, auth);
      const values = readValues(b, fields, row, { locale, auth });
      return fields.map((k) => cell(def.fields[k]!, values[k], locale));
    },
  });
}

/** One exported row by field, through the binding's `afterRead` (its `readAlso` values follow the fields). */
function readValues(b: BoundResource, fields: string[], row: unknown[], ctx: ReadContext): Values {
  const out: Values = Object.fromEntries(fields.map((k, i) => [k, row[i]]));
  if (!b.afterRead) return out;
  Object.keys(b.readAlso ?? {}).forEach((k, j) => {
    out[k] = row[fields.length + j];
  });
  return b.afterRead([out], ctx)[0]!;
}
