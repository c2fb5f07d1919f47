/**
 * The modules that own dictionaries, without schemas: the web's router imports this, so the
 * first page carries no zod (dict/index.ts has the payload schemas).
 */
export const DICT_MODULES = ['crm', 'csc', 'purchase'] as const;
export type DictModule = (typeof DICT_MODULES)[number];

/** The permission key of a module's dictionary settings screen (`/setModule/<module>/dictionary`). */
export const dictPermOf = (module: DictModule) => `setModule:${module}:dictionary`;
