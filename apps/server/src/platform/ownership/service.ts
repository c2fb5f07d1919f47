import type { FieldChange } from '@portal/contracts/history';
import type { KeepAs, MemberAccess, OwnerChangeKind } from '@portal/contracts/ownership';
import { SYSTEM_RETURN_REASON } from '@portal/contracts/ownership';
import { and, asc, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../access/data-scope.js';
import { staffUsers, userDepartments } from '../access/schema.js';
import type { AuthContext } from '../auth/context.js';
import type { Tx } from '../db/index.js';
import { appendRecordEvents } from '../history/service.js';
import { AppError } from '../http/errors.js';
import { publishRecordChanged } from '../live/record-changes.js';
import type { Platform } from '../platform.js';
import { versionColumnOf } from '../resource/bind.js';
import { propOf } from '../resource/write.js';
import type { GuardContext, OwnershipBinding, OwnershipRules } from './bind.js';
import { removeMember, upsertMembers } from './members.js';
import { ownerChanges, recordMembers } from './schema.js';

const DAY_MS = 86_400_000;

interface Row {
  id: number;
  owner: number | null;
  state: string;
  locked: boolean;
}

/**
 * One owner change in one transaction (the check-repeat effect: it answers the reply itself); the
 * records' changes published once it committed.
 */
async function inTransaction(p: Platform, ob: OwnershipBinding, fn: (tx: Tx) => Promise<number[]>) {
  const out = await p.db.transaction(async (tx) => ({ ids: await fn(tx) }));
  for (const id of out.ids) await publishRecordChanged(p.bus, ob.b.def.key, id);
  return out;
}

/** The room's own refusal (bind `guard`), once the records are locked. */
async function guard(
  tx: Tx,
  p: Platform,
  ob: OwnershipBinding,
  rows: Row[],
  verb: GuardContext['verb'],
  members?: GuardContext['members'],
) {
  if (ob.opts.guard) await ob.opts.guard({ tx, p, ids: rows.map((r) => r.id), verb, members });
}

/** The records found, locked in id order (no deadlock between two bulk changes), within `scope`. */
async function lockFound(tx: Tx, ob: OwnershipBinding, ids: readonly number[], scope?: SQL) {
  const { b, cols } = ob;
  const rows = await tx
    .select({
      id: b.table.id,
      owner: cols.owner,
      state: cols.state,
      locked: cols.locked ? sql<boolean>`coalesce(${cols.locked}, false)` : sql<boolean>`false`,
    })
    .from(b.table)
    .where(and(inArray(b.table.id, [...ids]), scope))
    .orderBy(asc(b.table.id))
    .for('update', { of: b.table });
  return rows as Row[];
}

/** The records locked, each once; one outside the caller's reach does not exist for them. */
async function lockRows(tx: Tx, ob: OwnershipBinding, ids: readonly number[], scope?: SQL) {
  const unique = [...new Set(ids)];
  const byId = new Map((await lockFound(tx, ob, unique, scope)).map((r) => [r.id, r]));
  for (const id of unique) if (!byId.has(id)) throw new AppError('NOT_FOUND');
  return unique.map((id) => byId.get(id)!);
}

/** The receiving user must be an active member of staff. */
async function activeUser(tx: Tx, userId: number) {
  const [u] = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, userId), eq(staffUsers.status, 'active')));
  if (!u) throw new AppError('OWNERSHIP_USER_INVALID');
}

interface Change {
  kind: OwnerChangeKind;
  to: number | null;
  actorId: number | null;
  reason?: string | null;
  related?: string[];
  keepAs?: KeepAs | null;
}

/** Writes the owner, owner time and state of `rows`, the owner log and the record history. */
async function applyChange(tx: Tx, p: Platform, ob: OwnershipBinding, rows: Row[], c: Change) {
  if (!rows.length) return;
  const { b, cols, opts } = ob;
  const now = p.clock.now();
  const state = c.to === null ? opts.poolState : opts.ownedState;
  await tx
    .update(b.table)
    .set({
      [propOf(b, cols.owner)]: c.to,
      [propOf(b, cols.ownerTime)]: c.to === null ? null : now,
      [propOf(b, cols.state)]: state,
      // one row update per change: each update of a many-indexed table writes every index again
      ...(cols.pooledAt && c.to === null ? { [propOf(b, cols.pooledAt)]: now } : {}),
      [propOf(b, versionColumnOf(b))]: sql`${versionColumnOf(b)} + 1`,
    })
    .where(
      inArray(
        b.table.id,
        rows.map((r) => r.id),
      ),
    );
  if (c.kind !== 'transfer') await opts.ownerChanged?.({ tx, p, ids: rows.map((r) => r.id), kind: c.kind, to: c.to });
  await tx.insert(ownerChanges).values(
    rows.map((r) => ({
      entity: b.def.key,
      recordId: r.id,
      kind: c.kind,
      fromUserId: r.owner,
      toUserId: c.to,
      actorId: c.actorId,
      reason: c.reason ?? null,
      related: c.related?.length ? c.related : null,
      keepAs: c.keepAs ?? null,
      at: now,
    })),
  );
  const f = opts.fields;
  await appendRecordEvents(
    tx,
    rows.map((r) => {
      const changes: FieldChange[] = [{ field: f.owner, from: r.owner, to: c.to }];
      if (r.state !== state) changes.push({ field: f.state, from: r.state, to: state });
      return {
        entity: b.def.key,
        recordId: r.id,
        actorId: c.actorId,
        kind: 'state' as const,
        changes,
        ...(c.reason ? { body: c.reason } : {}),
        data: {
          ownership: c.kind,
          ...(c.related?.length ? { related: c.related } : {}),
          ...(c.keepAs ? { keepAs: c.keepAs } : {}),
        },
      };
    }),
    now,
  );
}

/** Records held as owner that count toward a limit: owned, and not dealt unless dealt ones count. */
function ownedCount(tx: Tx, ob: OwnershipBinding, rules: OwnershipRules, owners: ReturnType<typeof sql>) {
  const { b, cols, opts } = ob;
  return tx
    .select({ n: count() })
    .from(b.table)
    .where(
      and(
        sql`${cols.owner} in (${owners})`,
        eq(cols.state, opts.ownedState),
        cols.dealt && !rules.countDealt ? sql`coalesce(${cols.dealt}, false) = false` : undefined,
      ),
    )
    .then((r) => Number(r[0]?.n ?? 0));
}

/** The claim rules against one claimant taking `rows`; the claimant's advisory lock is held. */
async function checkRules(tx: Tx, p: Platform, ob: OwnershipBinding, userId: number, rows: Row[]) {
  const rules = await ob.opts.rules({ tx, p, userId });
  const entity = ob.b.def.key;
  const now = p.clock.now();
  if (rules.userLimit !== null) {
    const held = await ownedCount(tx, ob, rules, sql`${userId}`);
    if (held + rows.length > rules.userLimit)
      throw new AppError('OWNERSHIP_OWNER_LIMIT', { vars: { count: held, limit: rules.userLimit } });
  }
  if (rules.departmentLimit !== null) {
    const depts = await tx
      .select({ id: userDepartments.departmentId })
      .from(userDepartments)
      .where(eq(userDepartments.userId, userId))
      .orderBy(asc(userDepartments.departmentId));
    if (depts.length) {
      // the department's count is shared by its members: one lock per department, in order
      for (const d of depts)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${entity}:dept`}), ${d.id})`);
      const ids = sql.join(
        depts.map((d) => sql`${d.id}`),
        sql`, `,
      );
      const held = await ownedCount(
        tx,
        ob,
        rules,
        sql`select user_id from user_departments where department_id in (${ids})`,
      );
      if (held + rows.length > rules.departmentLimit)
        throw new AppError('OWNERSHIP_DEPT_LIMIT', { vars: { count: held, limit: rules.departmentLimit } });
    }
  }
  if (rules.dailyClaimCap !== null) {
    const dayStart = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${rules.timeZone}) at time zone ${rules.timeZone})`;
    const [r] = await tx
      .select({ n: count() })
      .from(ownerChanges)
      .where(
        and(
          eq(ownerChanges.entity, entity),
          eq(ownerChanges.toUserId, userId),
          eq(ownerChanges.kind, 'claim'),
          gte(ownerChanges.at, dayStart),
        ),
      );
    if (Number(r?.n ?? 0) + rows.length > rules.dailyClaimCap)
      throw new AppError('OWNERSHIP_DAILY_CAP', { vars: { cap: rules.dailyClaimCap } });
  }
  if (rules.cooldownDays > 0 || rules.embargoDays > 0) {
    const returns = await tx
      .selectDistinctOn([ownerChanges.recordId], {
        recordId: ownerChanges.recordId,
        from: ownerChanges.fromUserId,
        at: ownerChanges.at,
      })
      .from(ownerChanges)
      .where(
        and(
          eq(ownerChanges.entity, entity),
          inArray(
            ownerChanges.recordId,
            rows.map((r) => r.id),
          ),
          eq(ownerChanges.kind, 'return'),
        ),
      )
      .orderBy(ownerChanges.recordId, sql`${ownerChanges.at} desc`);
    for (const r of returns) {
      const embargoEnd = r.at.getTime() + rules.embargoDays * DAY_MS;
      if (embargoEnd > now.getTime())
        throw new AppError('OWNERSHIP_EMBARGO', {
          vars: { id: r.recordId, until: new Date(embargoEnd).toISOString() },
        });
      const coolEnd = r.at.getTime() + rules.cooldownDays * DAY_MS;
      if (r.from === userId && coolEnd > now.getTime())
        throw new AppError('OWNERSHIP_COOLDOWN', { vars: { id: r.recordId, until: new Date(coolEnd).toISOString() } });
    }
  }
}

/** Pool records only: an owned one was taken by someone first; another state cannot be taken. */
function assertInPool(ob: OwnershipBinding, rows: Row[]) {
  for (const r of rows) {
    if (r.state === ob.opts.poolState) continue;
    throw new AppError(r.state === ob.opts.ownedState ? 'OWNERSHIP_NOT_IN_POOL' : 'OWNERSHIP_NOT_CLAIMABLE', {
      vars: { id: r.id },
    });
  }
}

/**
 * The caller claims pool records: all or none. The claimant's advisory lock serialises their
 * claims (the owner limit and daily cap hold under parallel requests); the row locks make two
 * claimants of one record meet, the second finding it no longer in the pool.
 */
export async function claim(p: Platform, ob: OwnershipBinding, auth: AuthContext, ids: readonly number[]) {
  const admin = auth.perms.has(ob.o.perms.admin);
  return inTransaction(p, ob, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ob.b.def.key}), ${auth.userId})`);
    const rows = await lockRows(tx, ob, ids);
    assertInPool(ob, rows);
    await guard(tx, p, ob, rows, 'claim');
    if (!admin) await checkRules(tx, p, ob, auth.userId, rows);
    await applyChange(tx, p, ob, rows, { kind: 'claim', to: auth.userId, actorId: auth.userId });
    return rows.map((r) => r.id);
  });
}

/** A pool administrator assigns pool records to a user (the claim rules do not apply). */
export async function distribute(
  p: Platform,
  ob: OwnershipBinding,
  auth: AuthContext,
  ids: readonly number[],
  userId: number,
) {
  return inTransaction(p, ob, async (tx) => {
    await activeUser(tx, userId);
    const rows = await lockRows(tx, ob, ids);
    assertInPool(ob, rows);
    await guard(tx, p, ob, rows, 'distribute');
    await applyChange(tx, p, ob, rows, { kind: 'distribute', to: userId, actorId: auth.userId });
    return rows.map((r) => r.id);
  });
}

async function toPool(tx: Tx, p: Platform, ob: OwnershipBinding, rows: Row[], actorId: number | null, reason: string) {
  await applyChange(tx, p, ob, rows, { kind: 'return', to: null, actorId, reason });
  // a record in the pool is nobody's: its team goes with its owner
  await tx.delete(recordMembers).where(
    and(
      eq(recordMembers.entity, ob.b.def.key),
      inArray(
        recordMembers.recordId,
        rows.map((r) => r.id),
      ),
    ),
  );
}

/** Returns owned records (within the caller's data scope) to the pool with a reason. */
export async function returnToPool(
  p: Platform,
  ob: OwnershipBinding,
  auth: AuthContext,
  ids: readonly number[],
  reason: string,
) {
  return inTransaction(p, ob, async (tx) => {
    const rows = await lockRows(tx, ob, ids, dataScopeWhere(auth, ob.cols.owner));
    for (const r of rows) {
      if (r.state !== ob.opts.ownedState) throw new AppError('OWNERSHIP_NOT_OWNED', { vars: { id: r.id } });
      if (r.locked) throw new AppError('OWNERSHIP_LOCKED', { vars: { id: r.id } });
    }
    await guard(tx, p, ob, rows, 'returnToPool');
    await toPool(tx, p, ob, rows, auth.userId, reason);
    return rows.map((r) => r.id);
  });
}

/**
 * What the rooms' scheduled jobs call for records that fell due: each in its own transaction, with
 * the reason "system"; a record no longer owned, or locked, by then is left alone. Answers the
 * records returned.
 */
export async function returnDue(p: Platform, ob: OwnershipBinding, ids: readonly number[]): Promise<number[]> {
  const done: number[] = [];
  let next = 0;
  // a few transactions at once: each is ~10 short statements bound by round trips, and two
  // records' transactions lock nothing in common (decision 0047)
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const { ids: returned } = await inTransaction(p, ob, async (tx) => {
        const [row] = await lockFound(tx, ob, [id]);
        if (!row || row.state !== ob.opts.ownedState || row.locked) return [];
        await toPool(tx, p, ob, [row], null, SYSTEM_RETURN_REASON);
        return [id];
      });
      done.push(...returned);
    }
  };
  await Promise.all(Array.from({ length: Math.min(RETURNS_AT_ONCE, ids.length) }, worker));
  return done;
}

/** Due records returned at once, each in its own transaction (a share of the pool, not all of it). */
const RETURNS_AT_ONCE = 4;

export interface TransferInput {
  ids: readonly number[];
  userId: number;
  related: readonly string[];
  keepAs: KeepAs;
  reason?: string;
}

/**
 * Moves owned records (within the caller's data scope) to another user with the chosen related
 * records; the old owner may stay as a read or write member.
 */
export async function transfer(p: Platform, ob: OwnershipBinding, auth: AuthContext, t: TransferInput) {
  return inTransaction(p, ob, (tx) => transferWithin(tx, p, ob, auth.userId, dataScopeWhere(auth, ob.cols.owner), t));
}

/**
 * The transfer inside a transaction the caller holds (a room's approval handler carrying out an
 * approved transfer request); `scope` limits the records, `actorId` is written to the owner log.
 */
export async function transferWithin(
  tx: Tx,
  p: Platform,
  ob: OwnershipBinding,
  actorId: number,
  scope: SQL | undefined,
  t: TransferInput,
) {
  const related = [...new Set(t.related)];
  for (const kind of related)
    if (!ob.opts.related?.[kind]) throw new AppError('OWNERSHIP_RELATED_UNKNOWN', { vars: { kind } });
  await activeUser(tx, t.userId);
  const rows = await lockRows(tx, ob, t.ids, scope);
  for (const r of rows) {
    if (r.state !== ob.opts.ownedState || r.owner === null)
      throw new AppError('OWNERSHIP_NOT_OWNED', { vars: { id: r.id } });
    if (r.owner === t.userId) throw new AppError('OWNERSHIP_SAME_OWNER', { vars: { id: r.id } });
  }
  await guard(tx, p, ob, rows, 'transfer');
  const entity = ob.b.def.key;
  const now = p.clock.now();
  for (const r of rows) {
    for (const kind of related)
      await ob.opts.related![kind]!({ tx, p, recordId: r.id, fromUserId: r.owner!, toUserId: t.userId, actorId });
    // the new owner needs no membership; the old one keeps what was chosen
    await removeMember(tx, entity, r.id, t.userId);
    if (t.keepAs !== 'none')
      await upsertMembers(tx, entity, r.id, [{ userId: r.owner!, access: t.keepAs }], actorId, now);
  }
  await applyChange(tx, p, ob, rows, {
    kind: 'transfer',
    to: t.userId,
    actorId,
    reason: t.reason ?? null,
    related,
    keepAs: t.keepAs,
  });
  return rows.map((r) => r.id);
}

/** A record the caller may share: within their owner data scope (members do not pass it on). */
async function shareable(tx: Tx, ob: OwnershipBinding, auth: AuthContext, id: number) {
  const [row] = await lockRows(tx, ob, [id], dataScopeWhere(auth, ob.cols.owner));
  if (row!.state !== ob.opts.ownedState || row!.owner === null)
    throw new AppError('OWNERSHIP_NOT_OWNED', { vars: { id } });
  return row!;
}

/** Adds colleagues as read or write members of a record, or changes their access. */
export async function share(
  p: Platform,
  ob: OwnershipBinding,
  auth: AuthContext,
  id: number,
  members: readonly { userId: number; access: MemberAccess }[],
) {
  return inTransaction(p, ob, async (tx) => {
    const row = await shareable(tx, ob, auth, id);
    await guard(tx, p, ob, [row], 'share', members);
    const byUser = new Map(members.map((m) => [m.userId, m.access]));
    if (byUser.has(row.owner!)) throw new AppError('OWNERSHIP_MEMBER_IS_OWNER');
    for (const userId of byUser.keys()) await activeUser(tx, userId);
    const list = [...byUser].map(([userId, access]) => ({ userId, access }));
    await upsertMembers(tx, ob.b.def.key, id, list, auth.userId, p.clock.now());
    await appendRecordEvents(
      tx,
      [
        {
          entity: ob.b.def.key,
          recordId: id,
          actorId: auth.userId,
          kind: 'command',
          data: { command: 'share', input: { members: list } },
        },
      ],
      p.clock,
    );
    return [id];
  });
}

export async function unshare(p: Platform, ob: OwnershipBinding, auth: AuthContext, id: number, userId: number) {
  return inTransaction(p, ob, async (tx) => {
    await shareable(tx, ob, auth, id);
    const was = await removeMember(tx, ob.b.def.key, id, userId);
    if (!was) throw new AppError('NOT_FOUND');
    await appendRecordEvents(
      tx,
      [
        {
          entity: ob.b.def.key,
          recordId: id,
          actorId: auth.userId,
          kind: 'command',
          data: { command: 'unshare', input: { userId } },
        },
      ],
      p.clock,
    );
    return [id];
  });
}
