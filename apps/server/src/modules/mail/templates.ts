import type { TemplateBody, TemplateRow } from '@portal/contracts/mail';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { sanitizeMailHtml } from './html.js';
import { mailTemplates } from './schema.js';

const T = mailTemplates;

/** Mail templates: my own, and colleagues' shared ones (usable by all, changed only by their author). */
export const mailTemplateStore = (p: Platform) => {
  const visible = (userId: number) => or(eq(T.userId, userId), eq(T.shared, true));
  const select = (userId: number) =>
    p.db
      .select({ t: T, authorName: staffUsers.name, mine: sql<boolean>`${T.userId} = ${userId}` })
      .from(T)
      .leftJoin(staffUsers, eq(staffUsers.id, T.userId));
  const toRow = (r: { t: typeof T.$inferSelect; authorName: string | null; mine: boolean }): TemplateRow => ({
    id: r.t.id,
    name: r.t.name,
    subject: r.t.subject,
    content: r.t.content,
    shared: r.t.shared,
    mine: r.mine,
    authorName: r.authorName,
    updatedAt: r.t.updatedAt.toISOString(),
  });
  return {
    /** My templates first, then colleagues' shared ones: what the write step offers. */
    async includeShared(userId: number): Promise<TemplateRow[]> {
      const rows = await select(userId)
        .where(visible(userId))
        .orderBy(desc(sql`${T.userId} = ${userId}`), asc(T.name), asc(T.id))
        .limit(500);
      return rows.map(toRow);
    },

    async one(userId: number, id: number): Promise<TemplateRow> {
      const [r] = await select(userId).where(and(eq(T.id, id), visible(userId)));
      if (!r) throw new AppError('NOT_FOUND');
      return toRow(r);
    },

    async save(userId: number, body: TemplateBody): Promise<TemplateRow> {
      const values = {
        name: body.name,
        subject: body.subject,
        content: sanitizeMailHtml(body.content),
        shared: body.shared,
        updatedAt: p.clock.now(),
      };
      let id = body.id;
      if (id) {
        const r = await p.db
          .update(T)
          .set({ ...values, version: sql`${T.version} + 1` })
          .where(and(eq(T.id, id), eq(T.userId, userId)))
          .returning({ id: T.id });
        if (r.length === 0) throw new AppError('NOT_FOUND');
      } else {
        const [r] = await p.db
          .insert(T)
          .values({ ...values, userId })
          .returning({ id: T.id });
        id = r!.id;
      }
      return this.one(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      const r = await p.db
        .delete(T)
        .where(and(eq(T.id, id), eq(T.userId, userId)))
        .returning({ id: T.id });
      if (r.length === 0) throw new AppError('NOT_FOUND');
    },
  };
};
