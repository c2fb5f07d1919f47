import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { userDepartments } from './schema.js';

/** The department a user's records belong to: their first department (null for a user in none). */
export async function homeDepartment(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: userDepartments.departmentId })
    .from(userDepartments)
    .where(eq(userDepartments.userId, userId))
    .orderBy(asc(userDepartments.departmentId))
    .limit(1);
  return row?.id ?? null;
}
