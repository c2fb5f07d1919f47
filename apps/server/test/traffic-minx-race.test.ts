import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { minxStepFields } from '@portal/contracts/traffic';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finAccounts } from '../src/modules/finance/schema.js';
import { trafficMinxPlans as mp } from '../src/modules/traffic/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { testAccount } from './support/finance-fixture.js';

const B = '/v2/traffic/minx-plans';
const steps = minxStepFields([{ kind: 'voice', waitMinutes: 10 }]);

/**
 * One active minx plan an account (decision 0149) when creates race on PostgreSQL: the check before the
 * insert cannot see a plan not yet committed, the partial unique index refuses the loser, and the loser
 * hears the room's TRF_MINX_ACTIVE_EXISTS, not the kernel's DUPLICATE (decision 0152). PGlite has one
 * connection: nothing contends there.
 */
describe.skipIf(!onPostgres)('minx plans: racing creates (PostgreSQL)', () => {
  let t: TestApp;
  let admin: Tokens;
  let ownerId: number;
  const tag = { customer: 'MXRC', name: 'Minx race', alias: 'mxrace', account: 'MXRA' };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, DEMO.admin);
    const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
    ownerId = me!.id;
  }, 300_000);
  afterAll(async () => t?.close());

  const create = async (accountId: number, name: string) => {
    const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) })).json()
      .data.key;
    const res = await t.app.inject({
      method: 'POST',
      url: `${B}/save`,
      headers: { ...bearer(admin), [IDEMPOTENCE_HEADER]: key },
      payload: { accountId, name, ...steps },
    });
    return res.json() as { code: number; msg: string };
  };
  /** an account of admin's that carries SMS and voice, with no plan yet */
  const newAccount = async () => {
    const id = await testAccount(t.p.db, ownerId, tag);
    await t.p.db
      .update(finAccounts)
      .set({ products: ['sms', 'voice'] })
      .where(eq(finAccounts.id, id));
    return id;
  };
  const active = async (accountId: number) =>
    t.p.db
      .select({ id: mp.id, name: mp.name })
      .from(mp)
      .where(and(eq(mp.accountId, accountId), eq(mp.state, 'active')));

  it('a create whose insert waits on another uncommitted plan answers TRF_MINX_ACTIVE_EXISTS', async () => {
    const accountId = await newAccount();
    let answer: Promise<{ code: number; msg: string }> | undefined;
    await t.p.db.transaction(async (tx) => {
      const now = new Date();
      await tx.insert(mp).values({
        accountId,
        customerId: 0,
        ownerId,
        name: 'first',
        steps: [{ kind: 'voice', waitMinutes: 10 }],
        activeFrom: now,
        createdAt: now,
        updatedAt: now,
      });
      // the create passes its check (the plan above is not committed) and its insert waits on the index
      answer = create(accountId, 'second');
      for (let i = 0; i < 200; i++) {
        const waiting = rowsOf<{ n: number }>(
          await t.p.db.execute(sql`select count(*)::int as n from pg_locks where not granted`),
        );
        if (Number(waiting[0]!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    const lost = await answer!;
    expect(lost.code, lost.msg).toBe(Errors.TRF_MINX_ACTIVE_EXISTS.code);
    expect((await active(accountId)).map((p) => p.name)).toEqual(['first']);
  });

  it('of creates fired at once for one account, one plan is made and the others hear the room’s code', async () => {
    const accountId = await newAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(accountId, `racer ${i}`)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0)).toEqual(Array(5).fill(Errors.TRF_MINX_ACTIVE_EXISTS.code));
    expect(await active(accountId)).toHaveLength(1);
  });
});
