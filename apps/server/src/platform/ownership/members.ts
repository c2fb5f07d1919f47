import type { Locale } from '@portal/contracts';
import type { MemberAccess, RecordMember } from '@portal/contracts/ownership';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { staffUsers } from '../access/schema.js';
import type { DbOrTx } from '../db/index.js';
import { nameInSql } from '../i18n/names.js';
import { recordMembers } from './schema.js';

/**
 * Records of `entity` the user is a member of (any access, or `write` only): the part of the
 * data scope sharing adds. A correlated EXISTS probing the primary key, like the owner scope.
 */
export function memberWhere(entity: string, id: PgColumn, userId: number, mode: 'read' | 'write'): SQL {
  return sql`exists (select 1 from record_members scope_rm where scope_rm.entity = ${entity}
    and scope_rm.record_id = ${id} and scope_rm.user_id = ${userId}${mode === 'write' ? sql` and scope_rm.access = 'write'` : sql``})`;
}

/** Adds members or changes their access. */
export async function upsertMembers(
  tx: DbOrTx,
  entity: string,
  recordId: number,
  members: readonly { userId: number; access: MemberAccess }[],
  grantedBy: number | null,
  at: Date,
) {
  if (!members.length) return;
  await tx
    .insert(recordMembers)
    .values(members.map((m) => ({ entity, recordId, userId: m.userId, access: m.access, grantedBy, grantedAt: at })))
    .onConflictDoUpdate({
      target: [recordMembers.entity, recordMembers.recordId, recordMembers.userId],
      set: { access: sql`excluded.access`, grantedBy: sql`excluded.granted_by`, grantedAt: sql`excluded.granted_at` },
    });
}

/** Removes one member; answers whether there was one. */
export async function removeMember(tx: DbOrTx, entity: string, recordId: number, userId: number) {
  const gone = await tx
    .delete(recordMembers)
    .where(
      and(eq(recordMembers.entity, entity), eq(recordMembers.recordId, recordId), eq(recordMembers.userId, userId)),
    )
    .returning({ access: recordMembers.access });
  return gone[0]?.access as MemberAccess | undefined;
}

/** A record's members, names in the reader's language when `locale` is given. */
export async function membersOf(
  db: DbOrTx,
  entity: string,
  recordId: number,
  locale?: Locale,
): Promise<RecordMember[]> {
  const rows = await db
    .select({
      userId: recordMembers.userId,
      name: locale ? nameInSql(locale, staffUsers.name, staffUsers.nameEn) : staffUsers.name,
      access: recordMembers.access,
      grantedBy: recordMembers.grantedBy,
      grantedAt: recordMembers.grantedAt,
    })
    .from(recordMembers)
    .innerJoin(staffUsers, eq(staffUsers.id, recordMembers.userId))
    .where(and(eq(recordMembers.entity, entity), eq(recordMembers.recordId, recordId)))
    .orderBy(asc(recordMembers.grantedAt), asc(recordMembers.userId));
  return rows.map((r) => ({ ...r, access: r.access as MemberAccess, grantedAt: r.grantedAt.toISOString() }));
}
