import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { int32, text } from '../validation/scalars.js';
import { DICT_MODULES, type DictModule } from './modules.js';

/**
 * Dictionaries: admin-editable lists of values that are only shown, filtered or reported (level,
 * source, industry, payment method…). Values code branches on are enums in contracts instead.
 * Each area declares its dictionaries with `defineDicts` (typed codes and their seed items); the
 * platform stores them in `dict_types` / `dict_items` and serves them through `sysDict`.
 */
export { DICT_MODULES, type DictModule, dictPermOf } from './modules.js';

export interface DictItemSeed {
  value: string;
  zh: string;
  en: string;
  color?: string;
}
export interface DictDef {
  zh: string;
  en: string;
  items: readonly DictItemSeed[];
}

/** An area's dictionaries: codes are `<module>.<name>`, so `DictCodeOf<typeof crmDicts>` is type-checked. */
export function defineDicts<const M extends DictModule, const D extends Record<`${M}.${string}`, DictDef>>(
  module: M,
  dicts: D,
): { module: M; dicts: D } {
  return { module, dicts };
}
export type DictCodeOf<T extends { dicts: object }> = keyof T['dicts'] & string;

const code = z
  .string()
  .trim()
  .regex(/^[a-z]+\.[a-z][a-z0-9_]{0,47}$/, 'a dictionary code such as crm.customer_level');
const label = text().trim().min(1).max(64);
export const DICT_COLORS = ['default', 'blue', 'green', 'gold', 'orange', 'red', 'purple', 'cyan', 'magenta'] as const;

export const dictType = z.object({
  code: text(),
  module: z.enum(DICT_MODULES),
  name: text(),
  nameEn: text(),
  itemCount: int32(),
  enabledCount: int32(),
  updatedAt: text(),
});
export type DictType = z.infer<typeof dictType>;

export const dictItem = z.object({
  value: text(),
  label: text(),
  labelEn: text(),
  sort: int32(),
  color: z.enum(DICT_COLORS),
  enabled: z.boolean(),
});
export type DictItem = z.infer<typeof dictItem>;

export const dictPageQuery = pageQuery.extend({
  module: z.enum(DICT_MODULES),
  keyword: text().trim().max(64).optional(),
});
export type DictPageQuery = z.infer<typeof dictPageQuery>;
export const dictPage = pageResult(dictType);
/** A module's dictionaries (those the keyword finds) with all their items, as a file. */
export const dictExportQuery = dictPageQuery.omit({ page: true, size: true });
export type DictExportQuery = z.infer<typeof dictExportQuery>;

export const dictItemsQuery = z.object({ code });
export const dictItems = z.object({ type: dictType, items: z.array(dictItem) });

/** A type's whole item list as the settings screen edits it: values are kept, never renamed. */
export const dictSaveBody = z.object({
  code,
  name: label.optional(),
  nameEn: label.optional(),
  items: z
    .array(
      z.object({
        value: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'letters, digits, _ . -'),
        label,
        labelEn: label,
        sort: int32().min(0).max(9999).default(0),
        color: z.enum(DICT_COLORS).default('default'),
        enabled: z.boolean().default(true),
      }),
    )
    .max(500),
});
export type DictSaveBody = z.infer<typeof dictSaveBody>;

/** Screens read several dictionaries at once: `codes=crm.customer_level,crm.industry`. */
export const dictReadQuery = z.object({
  codes: z
    .string()
    .max(1000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(code).min(1).max(20)),
});
export const dictRead = z.record(text(), z.array(dictItem));
