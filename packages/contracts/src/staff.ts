import { z } from 'zod';
import { Perm } from './permissions.js';
import { coerceInt32, int32, text } from './validation/scalars.js';

/**
 * The staff picker (`GET /v2/sys/staff/user/pick`): active staff within the caller's data scope
 * whose name or job number contains the keyword, for any signed-in user. `holds` keeps only the
 * holders of one permission key (a to-do can go only to holders of Perm.APPROVAL_TODO). Answers
 * names, job numbers and departments — never login names or contact details.
 */
export const STAFF_PICK_PATH = '/v2/sys/staff/user/pick';
export const STAFF_PICK_MAX = 20;

const permKeys = Object.values(Perm) as [string, ...string[]];

export const staffPickQuery = z.object({
  keyword: text().trim().max(64).optional(),
  limit: coerceInt32().min(1).max(STAFF_PICK_MAX).default(STAFF_PICK_MAX),
  holds: z.enum(permKeys).optional(),
});
export type StaffPickQuery = z.infer<typeof staffPickQuery>;

export const staffPick = z.object({
  id: int32(),
  name: text(),
  jobNumber: text(),
  deptNames: z.array(text()),
});
export type StaffPick = z.infer<typeof staffPick>;
