import {
  MINX_MAX_STEPS,
  type MinxPlanResults,
  type MinxQuery,
  type MinxResultsQuery,
  type MinxStep,
  minxPlanResource,
  minxStepsOf,
} from '@portal/contracts/traffic';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { AppError, fail } from '../../platform/http/errors.js';
import { type ConsumerAccountRef, portOf } from '../../platform/ports.js';
import { bindResource, type Values, type WriteContext } from '../../platform/resource/index.js';
import { type StepFigures, stepFiguresSql } from './minx-results.js';
import { requireRange } from './queries.js';
import { trafficMinxPlans as mp } from './schema.js';

/** the entity a plan's history is kept under (the resource's key) */
export const MINX_ENTITY = minxPlanResource.key;

/** a step's channel and wait as stored in the plan's `steps` list (step n: element n − 1) */
const stepKind = (i: number) => sql<string | null>`(${mp.steps} -> ${sql.raw(String(i))} ->> 'kind')`;
const stepWait = (i: number) => sql<number | null>`((${mp.steps} -> ${sql.raw(String(i))} ->> 'waitMinutes')::int)`;

/**
 * The steps a create or an update leaves (its step fields over the record's): 1–3 in order, each with
 * a channel and a whole number of minutes; a later step only after the one before.
 */
function stepsFrom(values: Values): MinxStep[] {
  const problems: { field: string; message: string }[] = [];
  let ended = false;
  for (let n = 1; n <= MINX_MAX_STEPS; n++) {
    const kind = values[`step${n}Kind`];
    const wait = values[`step${n}Wait`];
    if (kind == null) {
      ended = true;
      if (wait != null) problems.push({ field: `body.step${n}Kind`, message: 'a channel for the wait' });
      continue;
    }
    if (ended) problems.push({ field: `body.step${n}Kind`, message: `step ${n} after an empty step` });
    if (wait == null || !Number.isInteger(wait))
      problems.push({ field: `body.step${n}Wait`, message: 'a whole number of minutes' });
  }
  if (problems.length) throw new AppError('VALIDATION_FAILED', { data: problems });
  return minxStepsOf(values);
}

/** the server's rules of the steps: no channel twice in a row, each one the account carries */
function checkSteps(steps: MinxStep[], account: ConsumerAccountRef) {
  steps.forEach((s, i) => {
    if (i > 0 && steps[i - 1]!.kind === s.kind) fail('TRF_MINX_STEP_REPEATED', { vars: { value: i + 1 } });
    if (!(account.products as string[]).includes(s.kind)) fail('TRF_MINX_PRODUCT', { vars: { value: i + 1 } });
  });
}

/** an account I may see (its owner in my data scope), or TRF_ACCOUNT_UNKNOWN */
async function visibleAccount(db: DbOrTx, auth: AuthContext, accountId: number): Promise<ConsumerAccountRef> {
  const account = (await portOf(db as Db, 'accounts')?.byIds([accountId]))?.get(accountId);
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

/** a plan's state changed by a command: pause an active one, or make a paused one active from now on */
const stateCommand =
  (from: 'active' | 'paused', to: 'active' | 'paused') => async (ctx: WriteContext, record: Values) => {
    if (record.state !== from) fail('TRF_MINX_STATE');
    if (to === 'active') await assertNoOtherActive(ctx.tx, Number(record.accountId), Number(record.id));
    const now = ctx.p.clock.now();
    return { set: { state: to, updatedAt: now, ...(to === 'active' ? { activeFrom: now } : {}) } };
  };

/**
 * minxSolution's plans on the kernel (decisions 0146, 0149): data scope by the account's owner, the
 * optimistic version, history of the name, steps and state, the export. A new plan is active at once
 * (one active plan an account); the account stays. The steps live in one jsonb list the job reads; the
 * definition shows them as three channel / wait pairs.
 */
export const minxPlans = bindResource(minxPlanResource, {
  table: mp,
  // two creates racing past assertNoOtherActive: the partial unique index refuses the second, in the room's words
  unique: { traffic_minx_plans_active_uq: 'TRF_MINX_ACTIVE_EXISTS' },
  columns: {
    accountId: mp.accountId,
    customerId: mp.customerId,
    ownerId: mp.ownerId,
    name: mp.name,
    step1Kind: stepKind(0),
    step1Wait: stepWait(0),
    step2Kind: stepKind(1),
    step2Wait: stepWait(1),
    step3Kind: stepKind(2),
    step3Wait: stepWait(2),
    state: mp.state,
    createdAt: mp.createdAt,
    updatedAt: mp.updatedAt,
  },
  hooks: {
    // the account is read through the accounts port before the transaction (PGlite has one connection)
    async prepareCreate(input, auth, p) {
      const steps = stepsFrom(input);
      if (!Number.isInteger(input.accountId))
        throw new AppError('VALIDATION_FAILED', { data: [{ field: 'body.accountId', message: 'an account id' }] });
      const account = await visibleAccount(p.db, auth, Number(input.accountId));
      checkSteps(steps, account);
      const now = p.clock.now();
      return {
        customerId: account.customerId,
        ownerId: account.ownerId ?? 0,
        steps,
        state: 'active',
        activeFrom: now,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      };
    },
    async beforeCreate(ctx, input) {
      await assertNoOtherActive(ctx.tx, Number(input.accountId));
      return undefined;
    },
    // the record's account in the transaction (its port on the transaction: one connection on PGlite)
    async beforeUpdate(ctx, before, patch) {
      const touched = Object.keys(patch).some((k) => k.startsWith('step'));
      if (!touched) return { updatedAt: ctx.p.clock.now() };
      const steps = stepsFrom({ ...before, ...patch });
      checkSteps(steps, await visibleAccount(ctx.tx, ctx.auth, Number(before.accountId)));
      return { steps, updatedAt: ctx.p.clock.now() };
    },
  },
  commands: { pause: stateCommand('active', 'paused'), resume: stateCommand('paused', 'active') },
});

/** the results export's filters and data scope (the range is the results', not the plans') */
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

/**
 * The results per step of some plans (a page's) over the range, each in its account's currency; plans
 * outside my data scope or unknown are left out. One statement for the figures.
 */
export async function minxResults(db: Db, auth: AuthContext, q: MinxResultsQuery): Promise<MinxPlanResults[]> {
  const r = requireRange(q);
  const plans = await db
    .select({ id: mp.id, accountId: mp.accountId, steps: mp.steps })
    .from(mp)
    .where(and(inArray(mp.id, q.ids), dataScopeWhere(auth, mp.ownerId)) as SQL);
  if (!plans.length) return [];
  const ids = sql.join(
    plans.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const figures = rowsOf<StepFigures>(await db.execute(stepFiguresSql(ids, r.from, r.to)));
  const byKey = new Map(figures.map((f) => [`${f.plan_id}:${f.step}`, f]));
  const accounts = (await portOf(db, 'accounts')?.byIds([...new Set(plans.map((p) => p.accountId))])) ?? new Map();
  const byId = new Map(plans.map((p) => [p.id, p]));
  return q.ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    return [
      {
        id: p.id,
        currency: accounts.get(p.accountId)?.currency ?? '',
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
      },
    ];
  });
}
