import type {
  MinxPlanCreate,
  MinxPlanRow,
  MinxPlanState,
  MinxPlanUpdate,
  MinxQuery,
  MinxStep,
  minxPlanPage,
} from '@portal/contracts/traffic';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { fail } from '../../platform/http/errors.js';
import { type ConsumerAccountRef, portOf } from '../../platform/ports.js';
import { type StepFigures, stepFiguresSql } from './minx-results.js';
import { requireRange } from './queries.js';
import { trafficMinxPlans as mp } from './schema.js';

/** the entity a plan's history is kept under */
export const MINX_ENTITY = 'traffic.minxPlan';
type Plan = typeof mp.$inferSelect;

/** the server's rules of the steps: no channel twice in a row, each one the account carries */
function checkSteps(steps: MinxStep[], account: ConsumerAccountRef) {
  steps.forEach((s, i) => {
    if (i > 0 && steps[i - 1]!.kind === s.kind) fail('TRF_MINX_STEP_REPEATED', { vars: { value: i + 1 } });
    if (!(account.products as string[]).includes(s.kind)) fail('TRF_MINX_PRODUCT', { vars: { value: i + 1 } });
  });
}

/** an account I may see (its owner in my data scope), or TRF_ACCOUNT_UNKNOWN */
async function visibleAccount(db: Db, auth: AuthContext, accountId: number): Promise<ConsumerAccountRef> {
  const account = (await portOf(db, 'accounts')?.byIds([accountId]))?.get(accountId);
  const scope = dataScopeWhere(auth, sql`${account?.ownerId ?? 0}::int`);
  const visible = !scope || rowsOf(await db.execute(sql`select 1 where ${scope}`)).length > 0;
  if (!account || !visible) return fail('TRF_ACCOUNT_UNKNOWN', { vars: { value: accountId } });
  return account;
}

/** another plan of the account is active (the partial unique index holds it; this answers it clearly) */
async function assertNoOtherActive(tx: DbOrTx, accountId: number, exceptId = 0) {
  const [other] = await tx
    .select({ id: mp.id })
    .from(mp)
    .where(and(eq(mp.accountId, accountId), eq(mp.state, 'active'), sql`${mp.id} <> ${exceptId}`));
  if (other) fail('TRF_MINX_ACTIVE_EXISTS', { vars: { value: accountId } });
}

/** a unique violation of the one-active index (two writers at once) answers as the check does */
const activeRace = (accountId: number) => (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  if (e.code === '23505' || e.cause?.code === '23505') fail('TRF_MINX_ACTIVE_EXISTS', { vars: { value: accountId } });
  throw err;
};

/** a new plan, active at once, for an account in my data scope that has no active plan */
export async function createMinxPlan(db: Db, auth: AuthContext, input: MinxPlanCreate, now: Date) {
  const account = await visibleAccount(db, auth, input.accountId);
  checkSteps(input.steps, account);
  const id = await db
    .transaction(async (tx) => {
      await assertNoOtherActive(tx, account.id);
      const [row] = await tx
        .insert(mp)
        .values({
          accountId: account.id,
          customerId: account.customerId,
          ownerId: account.ownerId ?? 0,
          name: input.name,
          steps: input.steps,
          activeFrom: now,
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: mp.id });
      await appendRecordEvents(
        tx,
        [{ entity: MINX_ENTITY, recordId: row!.id, actorId: auth.userId, kind: 'created' }],
        now,
      );
      return row!.id;
    })
    .catch(activeRace(account.id));
  return minxPlan(db, auth, id, now);
}

/** one plan in my data scope, locked for a change, with the version the caller saw */
async function planForChange(tx: DbOrTx, auth: AuthContext, id: number, version: number): Promise<Plan> {
  const [row] = await tx
    .select()
    .from(mp)
    .where(and(eq(mp.id, id), dataScopeWhere(auth, mp.ownerId)) as SQL)
    .for('update');
  if (!row) return fail('NOT_FOUND');
  if (row.version !== version) return fail('CONFLICT');
  return row;
}

/** a plan's name and steps (the account stays); the change goes to its history */
export async function updateMinxPlan(db: Db, auth: AuthContext, input: MinxPlanUpdate, now: Date) {
  // the account's check reads through the accounts port: before the transaction (PGlite has one connection)
  const [current] = await db
    .select({ accountId: mp.accountId })
    .from(mp)
    .where(and(eq(mp.id, input.id), dataScopeWhere(auth, mp.ownerId)) as SQL);
  if (!current) return fail('NOT_FOUND');
  checkSteps(input.steps, await visibleAccount(db, auth, current.accountId));
  await db.transaction(async (tx) => {
    const row = await planForChange(tx, auth, input.id, input.version);
    const changes = [
      ...(row.name !== input.name ? [{ field: 'name', from: row.name, to: input.name }] : []),
      ...(JSON.stringify(row.steps) !== JSON.stringify(input.steps)
        ? [{ field: 'steps', from: row.steps, to: input.steps }]
        : []),
    ];
    await tx
      .update(mp)
      .set({ name: input.name, steps: input.steps, version: row.version + 1, updatedAt: now })
      .where(eq(mp.id, row.id));
    if (changes.length)
      await appendRecordEvents(
        tx,
        [{ entity: MINX_ENTITY, recordId: row.id, actorId: auth.userId, kind: 'updated', changes }],
        now,
      );
  });
  return minxPlan(db, auth, input.id, now);
}

/** pause an active plan or make a paused one active again (from now on: older messages are not its business) */
export async function setMinxPlanState(db: Db, auth: AuthContext, input: MinxPlanState, now: Date) {
  await db
    .transaction(async (tx) => {
      const row = await planForChange(tx, auth, input.id, input.version);
      if (row.state === input.state) fail('TRF_MINX_STATE');
      if (input.state === 'active') await assertNoOtherActive(tx, row.accountId, row.id);
      await tx
        .update(mp)
        .set({
          state: input.state,
          version: row.version + 1,
          updatedAt: now,
          ...(input.state === 'active' ? { activeFrom: now } : {}),
        })
        .where(eq(mp.id, row.id));
      await appendRecordEvents(
        tx,
        [
          {
            entity: MINX_ENTITY,
            recordId: row.id,
            actorId: auth.userId,
            kind: 'state',
            changes: [{ field: 'state', from: row.state, to: input.state }],
          },
        ],
        now,
      );
    })
    .catch(async (err) => {
      const [row] = await db.select({ accountId: mp.accountId }).from(mp).where(eq(mp.id, input.id));
      return activeRace(row?.accountId ?? 0)(err);
    });
  return minxPlan(db, auth, input.id, now);
}

/** the list's filters and data scope (the range is the results', not the plans') */
export function minxWhere(auth: AuthContext, q: Pick<MinxQuery, 'accountId' | 'customerId' | 'state'>) {
  return and(
    dataScopeWhere(auth, mp.ownerId),
    q.accountId !== undefined ? eq(mp.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(mp.customerId, q.customerId) : undefined,
    q.state ? eq(mp.state, q.state) : undefined,
  );
}

const num = (v: string | undefined) => Number(v ?? 0);
/** delivered per 100 sent, 2 decimals */
export const rateOf = (delivered: number, sent: number) => (sent ? ((delivered * 100) / sent).toFixed(2) : null);

/** plans with their results per step over [from, to) */
async function withResults(db: Db, plans: Plan[], from: Date, to: Date): Promise<MinxPlanRow[]> {
  if (!plans.length) return [];
  const ids = sql.join(
    plans.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const figures = rowsOf<StepFigures>(await db.execute(stepFiguresSql(ids, from, to)));
  const byKey = new Map(figures.map((f) => [`${f.plan_id}:${f.step}`, f]));
  const accounts = (await portOf(db, 'accounts')?.byIds([...new Set(plans.map((p) => p.accountId))])) ?? new Map();
  return plans.map((p) => ({
    id: p.id,
    version: p.version,
    accountId: p.accountId,
    customerId: p.customerId,
    ownerId: p.ownerId,
    name: p.name,
    steps: p.steps,
    state: p.state,
    currency: accounts.get(p.accountId)?.currency ?? '',
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    results: p.steps.map((s, i) => {
      const f = byKey.get(`${p.id}:${i + 1}`);
      const sent = num(f?.sent);
      const delivered = num(f?.delivered);
      return {
        step: i + 1,
        kind: s.kind,
        waitMinutes: s.waitMinutes,
        fellBack: num(f?.fell_back),
        sent,
        delivered,
        rate: rateOf(delivered, sent),
        cost: f?.cost ?? '0.000000',
      };
    }),
  }));
}

/** minxSolution: the plans in my data scope, newest first, with their results over the required range */
export async function minxPlans(db: Db, auth: AuthContext, q: MinxQuery): Promise<z.infer<typeof minxPlanPage>> {
  const r = requireRange(q);
  const where = minxWhere(auth, q);
  const [plans, [tot]] = await Promise.all([
    db
      .select()
      .from(mp)
      .where(where)
      .orderBy(desc(mp.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<string>`count(*)` }).from(mp).where(where),
  ]);
  return {
    records: await withResults(db, plans, r.from, r.to),
    total: Number(tot?.n ?? 0),
    page: q.page,
    size: q.size,
  };
}

/** one plan in my data scope with the last 7 days' results (what a write answers) */
export async function minxPlan(db: Db, auth: AuthContext, id: number, now: Date): Promise<MinxPlanRow> {
  const [row] = await db
    .select()
    .from(mp)
    .where(and(eq(mp.id, id), dataScopeWhere(auth, mp.ownerId)) as SQL);
  if (!row) return fail('NOT_FOUND');
  const [out] = await withResults(
    db,
    [row],
    new Date(now.getTime() - 7 * 86_400_000),
    new Date(now.getTime() + 60_000),
  );
  return out!;
}

/** whether I may read a plan (its history) */
export async function canReadMinxPlan(db: DbOrTx, auth: AuthContext, id: number) {
  const rows = await db
    .select({ id: mp.id })
    .from(mp)
    .where(and(eq(mp.id, id), dataScopeWhere(auth, mp.ownerId)) as SQL);
  return rows.length > 0;
}
