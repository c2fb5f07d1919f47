import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { platformSecrets } from './schema.js';

/** A secret shared by every process on the database: the first process creates it, all read it. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(platformSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}
