import { z } from 'zod';
import { text } from '../validation/scalars.js';

/**
 * Per-user preferences the platform keeps on the server (`user_prefs`): a scope names the screen
 * part they belong to (`table:<list id>`), a key names the preference. Every key has one value
 * schema here, so the server stores only shapes the web knows how to read; arrays are capped so
 * one row stays small.
 */
export const PREF_SCOPE_PATTERN = /^[a-z][a-zA-Z0-9_.:/-]{0,119}$/;
export const prefScope = z.string().regex(PREF_SCOPE_PATTERN, 'a scope such as table:system.users');

/** How many preference rows one user may hold (all scopes together). */
export const PREF_ROWS_PER_USER = 500;

const columnKey = z.string().regex(/^[\w.:-]{1,64}$/);
/** A table's columns: their order (keys) and which of them are hidden. */
export const tableColumnsPref = z.object({
  order: z.array(columnKey).max(100),
  hidden: z.array(columnKey).max(100),
});
export type TableColumnsPref = z.infer<typeof tableColumnsPref>;

export const TABLE_DENSITIES = ['middle', 'small'] as const;
export const tableDensityPref = z.enum(TABLE_DENSITIES);
export type TableDensity = z.infer<typeof tableDensityPref>;

const filterScalar = z.union([text().max(200), z.number().finite(), z.boolean()]);
/** The values of a search form, as the form holds them (scalars or short lists of them). */
export const filterValues = z
  .record(z.string().regex(/^[\w.-]{1,64}$/), z.union([filterScalar, z.array(filterScalar).max(50), z.null()]))
  .refine((v) => Object.keys(v).length <= 30, { message: 'at most 30 filter fields' });
export const savedFilter = z.object({ name: text().trim().min(1).max(40), values: filterValues });
export type SavedFilter = z.infer<typeof savedFilter>;
export const MAX_SAVED_FILTERS = 20;
export const tableFiltersPref = z
  .array(savedFilter)
  .max(MAX_SAVED_FILTERS)
  .refine((list) => new Set(list.map((f) => f.name)).size === list.length, { message: 'filter names repeat' });

/**
 * The user's language (scope `ui`, saved when they switch it): what the server answers a signed-in
 * request in when it names no language itself (no `X-Lang` / `Accept-Language`, decision 0068).
 */
export const LOCALE_PREF_SCOPE = 'ui';
export const localePref = z.enum(['zh-CN', 'en']);

/** Every preference key and its value schema. */
export const prefSaveBody = z.discriminatedUnion('key', [
  z.object({ scope: prefScope, key: z.literal('table.columns'), value: tableColumnsPref }),
  z.object({ scope: prefScope, key: z.literal('table.density'), value: tableDensityPref }),
  z.object({ scope: prefScope, key: z.literal('table.filters'), value: tableFiltersPref }),
  z.object({ scope: z.literal(LOCALE_PREF_SCOPE), key: z.literal('ui.locale'), value: localePref }),
]);
export type PrefSaveBody = z.infer<typeof prefSaveBody>;
export type PrefKey = PrefSaveBody['key'];
export const PREF_KEYS = prefSaveBody.options.map((o) => o.shape.key.value) as PrefKey[];

export const prefGetQuery = z.object({ scope: prefScope });
export const prefDeleteBody = z.object({ scope: prefScope, key: z.enum(PREF_KEYS as [PrefKey, ...PrefKey[]]) });

/** A scope's preferences: each key present once saved. */
export const prefValues = z.object({
  'table.columns': tableColumnsPref.optional(),
  'table.density': tableDensityPref.optional(),
  'table.filters': tableFiltersPref.optional(),
  'ui.locale': localePref.optional(),
});
export type PrefValues = z.infer<typeof prefValues>;
