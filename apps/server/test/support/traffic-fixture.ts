import type { sql } from 'drizzle-orm';
import { rollUp } from '../../src/modules/traffic/rollups.js';
import { staffUsers } from '../../src/platform/access/schema.js';
import { rowsOf } from '../../src/platform/db/index.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from '../harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
export type Answer = { code: number; msg: string; data: any };
export const DAY = 86_400_000;

/**
 * The traffic views' tests' world (agents, agent query and customers, gifts, promoters, apps): the demo app
 * clear of UTC midnight, admin, sales01 and finance01 signed in, sales01's id, and the demo traffic's rollups
 * brought up to date (the screens read them, the tests recompute from the records and the full daily rollup).
 */
export async function trafficWorld() {
  const t: TestApp = await startTestApp();
  clearOfMidnight(t.clock);
  const [admin, sales, finance]: Tokens[] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, DEMO.finance01),
  ]);
  const users = await t.p.db.select({ id: staffUsers.id, u: staffUsers.username }).from(staffUsers);
  const salesId = users.find((x) => x.u === 'sales01')!.id;
  await rollUp(t.p.db, t.clock.now());
  return { t, admin: admin!, sales: sales!, finance: finance!, salesId };
}

/** the calls the traffic view tests make on the world `app()` answers once it is up */
export function trafficCalls(app: () => TestApp) {
  return {
    get: (tok: Tokens, url: string) =>
      app()
        .app.inject({ url, headers: bearer(tok) })
        .then((r) => r.json() as Answer),
    q: <T>(s: ReturnType<typeof sql>) =>
      app()
        .p.db.execute(s)
        .then((r) => rowsOf<T>(r)),
    /** the last 30 days to a minute from now, and as a query string */
    range: () => {
      const to = new Date(app().clock.now().getTime() + 60_000);
      const from = new Date(to.getTime() - 30 * DAY);
      return { from, to, q: `from=${from.toISOString()}&to=${to.toISOString()}` };
    },
  };
}
