import type { BookBody, BookRow } from '@portal/contracts/mail';
import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/like.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { mailBook } from './schema.js';

const toRow = (r: typeof mailBook.$inferSelect): BookRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  company: r.company,
  phone: r.phone,
  remark: r.remark,
  updatedAt: r.updatedAt.toISOString(),
});

const keywordOf = (k: string) => {
  const p = containsPattern(k);
  return or(ilike(mailBook.email, p), ilike(mailBook.name, p), ilike(mailBook.company, p));
};

/** A staff member's own address book (adb). Each user reads and writes only their own entries. */
export const addressBook = (p: Platform) => ({
  async all(userId: number): Promise<BookRow[]> {
    const rows = await p.db
      .select()
      .from(mailBook)
      .where(eq(mailBook.userId, userId))
      .orderBy(asc(mailBook.name), asc(mailBook.email))
      .limit(5000);
    return rows.map(toRow);
  },

  async one(userId: number, id: number): Promise<BookRow> {
    const [r] = await p.db
      .select()
      .from(mailBook)
      .where(and(eq(mailBook.id, id), eq(mailBook.userId, userId)));
    if (!r) throw new AppError('NOT_FOUND');
    return toRow(r);
  },

  /** Suggestions for the write screen's address fields. */
  async suggest(userId: number, keyword: string, size: number) {
    return p.db
      .select({ email: mailBook.email, name: mailBook.name })
      .from(mailBook)
      .where(and(eq(mailBook.userId, userId), keywordOf(keyword)))
      .orderBy(asc(mailBook.email))
      .limit(size);
  },

  async save(userId: number, body: BookBody): Promise<BookRow> {
    const [dup] = await p.db
      .select({ id: mailBook.id })
      .from(mailBook)
      .where(
        and(
          eq(mailBook.userId, userId),
          sql`lower(${mailBook.email}) = ${body.email}`,
          body.id ? ne(mailBook.id, body.id) : undefined,
        ),
      );
    if (dup) throw new AppError('MAIL_BOOK_DUPLICATE', { vars: { value: body.email } });
    const values = {
      email: body.email,
      name: body.name,
      company: body.company,
      phone: body.phone,
      remark: body.remark,
      updatedAt: p.clock.now(),
    };
    if (body.id) {
      const [r] = await p.db
        .update(mailBook)
        .set({ ...values, version: sql`${mailBook.version} + 1` })
        .where(and(eq(mailBook.id, body.id), eq(mailBook.userId, userId)))
        .returning();
      if (!r) throw new AppError('NOT_FOUND');
      return toRow(r);
    }
    const [r] = await p.db
      .insert(mailBook)
      .values({ ...values, userId })
      .onConflictDoNothing()
      .returning();
    if (!r) throw new AppError('MAIL_BOOK_DUPLICATE', { vars: { value: body.email } });
    return toRow(r);
  },

  async remove(userId: number, ids: number[]): Promise<number> {
    const r = await p.db
      .delete(mailBook)
      .where(and(eq(mailBook.userId, userId), sql`${mailBook.id} in ${ids}`))
      .returning({ id: mailBook.id });
    if (r.length === 0) throw new AppError('NOT_FOUND');
    return r.length;
  },
});
