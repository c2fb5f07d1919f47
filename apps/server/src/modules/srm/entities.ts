import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { reference } from '../system/reference/index.js';

/**
 * The process's reference reader, warmed before each supplier write (srm index): on PGlite's one
 * connection, loading the reader's cache from inside the write's transaction would wait for itself.
 */
let reader: ReturnType<typeof reference> | undefined;
export const useEntityReader = (p: Platform) => {
  reader = reference(p);
  return reader;
};

/** Our contracting entity must be an enabled one of the reference data (read through its reader). */
export async function checkEntity(p: Platform, id: number) {
  const all = await (reader ?? reference(p)).entities();
  if (!all.some((e) => e.id === id)) throw new AppError('SRM_ENTITY_UNKNOWN', { vars: { value: String(id) } });
}
