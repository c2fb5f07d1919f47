/**
 * The one LIKE pattern for a user's keyword: `%` and `_` (and the escape character) match
 * themselves, and the keyword may stand anywhere in the text. Used with `ilike`.
 */
export const containsPattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
