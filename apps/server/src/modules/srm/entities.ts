import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { reference } from '../system/reference/index.js';

/** Our contracting entity must be an enabled one of the reference data (read through its reader). */
export async function checkEntity(p: Platform, id: number) {
  const all = await reference(p).entities();
  if (!all.some((e) => e.id === id)) throw new AppError('SRM_ENTITY_UNKNOWN', { vars: { value: String(id) } });
}
