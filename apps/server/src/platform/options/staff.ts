import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { dataScopeWhere } from '../access/data-scope.js';
import { staffUsers } from '../access/schema.js';
import type { AuthContext } from '../auth/context.js';
import { containsPattern } from '../db/like.js';
import { nameInSql } from '../i18n/names.js';
import type { Platform } from '../platform.js';
import { optionsOf } from './registry.js';

/**
 * Staff as records to name or pick: the users the caller's data scope covers (as the staff picker),
 * by job number and name in the reader's language. A search offers active users; a look-up names
 * departed ones too (a sales owner's past figures keep their name).
 */
export function registerStaffOptions(p: Platform) {
  const read = (auth: AuthContext, where: SQL | undefined, locale: Parameters<typeof nameInSql>[0], limit?: number) => {
    const q = p.db
      .select({
        id: staffUsers.id,
        code: staffUsers.jobNumber,
        name: nameInSql(locale, staffUsers.name, staffUsers.nameEn),
      })
      .from(staffUsers)
      .where(and(where, dataScopeWhere(auth, staffUsers.id)))
      .orderBy(asc(staffUsers.id));
    return limit ? q.limit(limit) : q;
  };
  optionsOf(p).register('staff', {
    search: (auth, keyword, limit, locale = 'en') => {
      const pattern = keyword ? containsPattern(keyword) : undefined;
      return read(
        auth,
        and(
          eq(staffUsers.status, 'active'),
          pattern
            ? or(
                ilike(staffUsers.name, pattern),
                ilike(staffUsers.nameEn, pattern),
                ilike(staffUsers.jobNumber, pattern),
              )
            : undefined,
        ),
        locale,
        limit,
      );
    },
    byIds: (auth, ids, locale = 'en') => read(auth, inArray(staffUsers.id, ids), locale),
  });
}
