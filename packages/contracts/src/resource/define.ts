import type { FieldKind, FieldRules } from '../fields/kinds.js';

/** A text in both languages, as definitions carry their labels. */
export interface Label {
  zh: string;
  en: string;
}

/** `label('产品', 'Product')`: how definitions write a Label. */
export const label = (zh: string, en: string): Label => ({ zh, en });

/** One choice of an `enum` field: text, or a number where the spec's answer holds one (a message's state: 0 unread, 1 read). */
export interface EnumOption<V extends string | number = string> {
  value: V;
  label: Label;
  /** antd tag colour */
  color?: string;
}

/** One field of a record: its kind, label, rules and where it appears. */
export interface ResourceField {
  kind: FieldKind;
  label: Label;
  /** must be given on create (and may not be cleared on update) */
  required?: boolean;
  rules?: FieldRules;
  /** dictionary code of a `dict` field, e.g. `crm.customer_level` */
  dict?: string;
  /** the choices of an `enum` field */
  options?: readonly EnumOption<string | number>[];
  /** the id of a record of a table with no field kind of its own (`role`): an int id, picked by an override */
  ref?: string;
  /** a list of values (e.g. several departments) */
  multiple?: boolean;
  /** at most this many values in a list (default 50) */
  maxItems?: number;
  /** shown, never written through create or update (server-set, or changed by a command) */
  readOnly?: boolean;
  /** written on create only */
  createOnly?: boolean;
  /** written, never read back (a password): absent from rows, details, exports and history */
  secret?: boolean;
  /** changes are written to the record history */
  track?: boolean;
  /** field-level permission: callers without this key never see the field */
  perm?: string;
  /** a `text` field holding an exact decimal amount (ledger money, a rate): read with thousands separators */
  decimal?: boolean;
  /** a `number` field counting things (rows, messages, seconds, keys): read with thousands separators (a
   * plain number may be a port, a year or a code, read as written) */
  quantity?: boolean;
  /** what a list cell and an export show for no value (a draft's publication time: "Draft") */
  emptyLabel?: Label;
}

export type FilterOp = 'eq' | 'in' | 'range' | 'like' | 'set';

/**
 * One filter of the list: `eq`/`in`/`range` on one field, `like` (keyword, contains, case
 * insensitive) over one or more text fields, `set` ('yes' / 'no': the field has a value or none).
 */
export interface ResourceFilter {
  op: FilterOp;
  /** the field filtered (eq, in, range) */
  field?: string;
  /** the fields searched (like) */
  fields?: readonly string[];
  /** label in the search form; defaults to the field's label */
  label?: Label;
  /** a range taken as two query keys (`from`, `to`) instead of one pair, where a spec path fixes them */
  bounds?: readonly [string, string];
  /** a `set` filter's two choices as the search form names them (default: yes, no) */
  choices?: { yes: Label; no: Label };
}

/**
 * The list key of a personal resource (own downloads, own messages, own feedback): any signed-in
 * user lists it, and sees only the records whose owner field is themselves, whatever their data scope.
 */
export const SIGNED_IN = 'authenticated';

export interface ResourceCommand {
  label: Label;
  /** the question asked before running it */
  confirm?: Label;
  /** the command's input besides the record id */
  input?: Record<string, ResourceField>;
  /** permission key (a button resource) */
  perm: string;
  /** a spec-fixed path instead of `<api>/<name>` */
  path?: string;
  /** record history entry for it (default true) */
  history?: boolean;
  /** offered only on rows whose field holds one of these values (the handler still checks the state) */
  when?: { field: string; in: readonly (string | number)[] };
}

export type ResourceVerb = 'page' | 'detail' | 'save' | 'update' | 'delete' | 'export' | 'timeline' | 'comment';

export interface ResourceDef {
  /** `area.record`, e.g. `system.user`; also the `entity` of the record history */
  key: string;
  title: Label;
  /** API base, e.g. `/v2/sys/staff/user`; each verb is `<api>/<verb>` unless `paths` says otherwise */
  api: string;
  paths?: Partial<Record<ResourceVerb, string>>;
  /** the screens in the route registry */
  routes: { list: string; detail?: string; create?: string };
  /** the field naming a record (detail header, history, pickers) */
  titleField: string;
  /**
   * the row key of the optimistic version (default `version`), where a spec's answer already has a
   * field of that name (a release's version text): rows, updates and deletes carry it under this key
   */
  versionKey?: string;
  fields: Record<string, ResourceField>;
  list: {
    columns: readonly string[];
    /** the export's columns when they differ from the screen's (a spec-fixed file layout); default `columns` */
    exportColumns?: readonly string[];
    filters: Record<string, ResourceFilter>;
    sortable: readonly string[];
    defaultSort: { field: string; order: 'ascend' | 'descend' };
  };
  form: { sections: readonly { title?: Label; fields: readonly string[] }[] };
  detail?: { header: readonly string[]; tabs?: readonly { key: string; title: Label }[] };
  access: {
    /** the list's key (a menu resource), or SIGNED_IN; also guards detail, export and timeline unless set */
    list: string;
    create?: string;
    update?: string;
    /** edit is offered only on rows whose field holds one of these values (the update hook still checks) */
    updateWhen?: { field: string; in: readonly (string | number)[] };
    /** delete is offered only when declared */
    delete?: string;
    export?: string;
    /** the field (or `id`) holding the owning user's id, for data scope; none: no data scope */
    owner?: string;
  };
  commands?: Record<string, ResourceCommand>;
  /** the export's task key and file name, when they predate the definition (stored tasks name the key) */
  export?: { key?: string; fileName?: Label };
  /**
   * record history: timeline, comments with @mentions, follow-ups typed by a dictionary when
   * declared, and the labels of names the room writes into history that are neither fields nor
   * commands (a value a rule compared, a step another record took)
   */
  history?: { followUp?: { dict: string }; labels?: Record<string, Label> } | false;
}

/** Checks a definition's inner references at load (a typo fails the import, not a request). */
export function defineResource<const D extends ResourceDef>(def: D): D {
  const has = (f: string) => f === 'id' || f in def.fields;
  const bad = [
    def.titleField,
    ...def.list.columns,
    ...(def.list.exportColumns ?? []),
    ...def.list.sortable,
    def.list.defaultSort.field,
    ...Object.values(def.list.filters).flatMap((f) => [...(f.field ? [f.field] : []), ...(f.fields ?? [])]),
    ...def.form.sections.flatMap((s) => s.fields),
    ...(def.detail?.header ?? []),
    ...(def.access.owner ? [def.access.owner] : []),
    ...Object.values(def.commands ?? {}).flatMap((c) => (c.when ? [c.when.field] : [])),
    ...(def.access.updateWhen ? [def.access.updateWhen.field] : []),
  ].filter((f) => !has(f));
  if (bad.length) throw new Error(`resource ${def.key}: unknown fields ${bad.join(', ')}`);
  // a row's own keys: its optimistic version and the names of the ids it holds (decisions 0019, 0068);
  // an `id` field is the row's id shown as a column
  const reserved = [versionKeyOf(def), 'names'].filter((k) => k in def.fields);
  if (reserved.length) throw new Error(`resource ${def.key}: no field may be named ${reserved.join(', ')}`);
  for (const [name, f] of Object.entries(def.list.filters)) {
    if (f.op === 'like' ? !f.fields?.length : !f.field)
      throw new Error(`resource ${def.key}: filter ${name} names no field`);
    if (f.bounds && f.op !== 'range') throw new Error(`resource ${def.key}: filter ${name} has bounds but no range`);
    if (f.choices && f.op !== 'set')
      throw new Error(`resource ${def.key}: filter ${name} has choices but is no set filter`);
  }
  if (def.access.list === SIGNED_IN && !def.access.owner)
    throw new Error(`resource ${def.key}: a personal resource needs an owner field`);
  return def;
}

/** The row key of a resource's optimistic version. */
export const versionKeyOf = (def: Pick<ResourceDef, 'versionKey'>): string => def.versionKey ?? 'version';

/** The path of each verb: `<api>/<verb>` unless the spec fixes another. */
export function resourcePath(def: ResourceDef, verb: ResourceVerb): string {
  return def.paths?.[verb] ?? `${def.api}/${verb}`;
}

export function commandPath(def: ResourceDef, name: string): string {
  return def.commands?.[name]?.path ?? `${def.api}/${name}`;
}

/** The fields a row and a detail carry (secrets never). */
export const readableFields = (def: ResourceDef): string[] =>
  Object.keys(def.fields).filter((k) => !def.fields[k]!.secret);

/** The fields a create body takes. */
export const creatableFields = (def: ResourceDef): string[] =>
  Object.keys(def.fields).filter((k) => !def.fields[k]!.readOnly);

/** The fields an update body may change. */
export const updatableFields = (def: ResourceDef): string[] =>
  Object.keys(def.fields).filter((k) => !def.fields[k]!.readOnly && !def.fields[k]!.createOnly);

const VERB_LABEL: Record<'create' | 'update' | 'delete' | 'export', Label> = {
  update: { zh: '编辑', en: 'Edit' },
  create: { zh: '新建', en: 'Create' },
  delete: { zh: '删除', en: 'Delete' },
  export: { zh: '导出', en: 'Export' },
};

/** A button resource a definition needs: its key, names, and the menu it hangs under. */
export interface ResourceButton {
  key: string;
  parentKey: string;
  name: Label;
}

/**
 * The button keys of a resource (actions, commands, field keys), each once, under the list's
 * menu key. A key shared by several actions is named after the first (update, create, delete,
 * export, then commands in order, then fields).
 */
export function resourceButtons(def: ResourceDef): ResourceButton[] {
  const out = new Map<string, ResourceButton>();
  const add = (key: string | undefined, name: Label) => {
    if (key && key !== def.access.list && !out.has(key)) out.set(key, { key, parentKey: def.access.list, name });
  };
  const title = def.title;
  for (const verb of ['update', 'create', 'delete', 'export'] as const) {
    const l = VERB_LABEL[verb];
    add(def.access[verb], { zh: `${l.zh}${title.zh}`, en: `${l.en} ${title.en.toLowerCase()}` });
  }
  for (const c of Object.values(def.commands ?? {}))
    add(c.perm, { zh: `${c.label.zh}（${title.zh}）`, en: `${c.label.en} (${title.en.toLowerCase()})` });
  for (const f of Object.values(def.fields))
    add(f.perm, { zh: `查看${f.label.zh}（${title.zh}）`, en: `See ${f.label.en} (${title.en.toLowerCase()})` });
  return [...out.values()];
}

/** The key an action needs; create, update and delete exist only when their key is declared. */
export function actionPerm(
  def: ResourceDef,
  action: 'list' | 'create' | 'update' | 'delete' | 'export',
): string | undefined {
  if (action === 'export') return def.access.export ?? def.access.list;
  return def.access[action];
}

/** The TypeScript value of each field kind as rows carry it. */
interface KindValue {
  text: string;
  textarea: string;
  email: string;
  phone: string;
  number: number;
  money: number;
  percent: number;
  date: string;
  datetime: string;
  boolean: boolean;
  enum: string;
  dict: string;
  user: number;
  department: number;
  customer: number | string;
  supplier: number | string;
  country: string;
  operator: string;
  attachment: string[];
}
type FieldValue<F extends ResourceField> = F extends { multiple: true }
  ? KindValue[F['kind']][]
  : F extends { options: readonly { value: infer V }[] }
    ? V
    : KindValue[F['kind']];

/** A row's id and optimistic version, under the definition's version key. */
type RowKeys<D extends ResourceDef> = { id: number } & (D extends { versionKey: infer K extends string }
  ? Record<K, number>
  : { version: number });

/** A row of a resource as the page and detail answer it (field-permitted fields may be absent). */
export type ResourceRow<D extends ResourceDef> = RowKeys<D> & {
  -readonly [K in keyof D['fields'] as D['fields'][K] extends { secret: true } ? never : K]:
    | FieldValue<D['fields'][K]>
    | (D['fields'][K] extends { required: true } | { multiple: true } ? never : null);
};
