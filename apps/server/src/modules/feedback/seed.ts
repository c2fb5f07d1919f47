import { Perm } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { resources } from '../../platform/access/schema.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { scoreConfigs } from './schema.js';

/** A rated menu item for the demo (the user list asks for a score). Idempotent. */
export async function seedFeedbackDemo({ db }: SeedContext): Promise<void> {
  const [users] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.international, Perm.SYS_USER_LIST));
  if (users) {
    await db
      .insert(scoreConfigs)
      .values({
        resourceId: users.id,
        question: '用户管理好用吗？',
        questionEn: 'How useful is user management?',
      })
      .onConflictDoNothing();
  }
}
