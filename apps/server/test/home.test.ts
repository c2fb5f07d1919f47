import { Errors, HOME_FIGURES_RESOURCE, IDEMPOTENCE_HEADER, LIVE_RESOURCES } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceHomeFigures } from '../src/modules/home/index.js';
import { rowsOf } from '../src/platform/db/index.js';
import { definePorts, type TrafficDayFigure, type TrafficPort, type TrafficSum } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { openSse, type SseEvent } from './live-client.js';

describe('home overview', () => {
  let t: TestApp & { url: string };
  let sales: Tokens;
  let ops: Tokens;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    [sales, ops] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.ops01)]);
  });
  afterAll(async () => t?.close());

  const get = (url: string, tok: Tokens) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json());
  const post = (url: string, tok: Tokens, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tok), payload }).then((r) => r.json());

  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.p.db.execute(q))[0]!;
  const idOf = async (username: string) =>
    (await one<{ id: number }>(sql`select id from staff_users where username = ${username}`)).id;

  it('computes every figure from the owning rooms’ tables, in the caller’s own scope', async () => {
    const s = (await get('/v2/sys/staff/home/summary', sales)).data;
    const o = (await get('/v2/sys/staff/home/summary', ops)).data;
    expect(s.isSimbank).toBe(false);
    expect(o.isSimbank).toBe(true);
    const me = await idOf('sales01');
    const start = t.clock.now();
    start.setHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + 86_400_000);
    const crm = await one<{ mine: number; today: number; due: number }>(sql`select count(*)::int as mine,
        (count(*) filter (where owned_at >= ${start} and owned_at < ${end}))::int as today,
        (count(*) filter (where next_contact_at < ${end}))::int as due
      from crm_customers where owner_id = ${me} and state = 'private'`);
    const wf = await one<{ todo: number; apply: number; handle: number; cc: number }>(sql`select
      (select count(*)::int from wf_tasks where assignee_id = ${me} and status = 'pending') as todo,
      (select count(*)::int from wf_instances where initiator_id = ${me} and status in ('running', 'returned')) as apply,
      (select count(*)::int from wf_tasks where assignee_id = ${me} and status in ('agreed', 'rejected', 'transmitted')) as handle,
      (select count(*)::int from wf_copies where user_id = ${me}) as cc`);
    expect(crm.mine).toBeGreaterThan(0);
    expect(s.myCustomer).toBe(crm.mine);
    expect(s.todayCustomer).toBe(crm.today);
    expect(s.followUpDue).toBe(crm.due);
    expect([s.todoNum, s.applyNum, s.handleNum, s.ccNum]).toEqual([wf.todo, wf.apply, wf.handle, wf.cc]);
    expect(s.task).toBe(crm.due + wf.todo);
    expect(s.linkPromotion).toMatch(/^\d+ \/ \d+$/);
    // ops01 holds no CRM screen: no customer figures, and the task is the approval to-dos alone
    expect(o).not.toHaveProperty('myCustomer');
    expect(o.task).toBe(o.todoNum);
    // the traffic room is mounted: today's sends are a number (sales hold sendRcdQuery), nothing waits
    expect(typeof s.todaySend).toBe('number');
    expect(s.waiting).toBeUndefined();
    expect(s.quickAccess).toEqual([]);
  });

  it('moves the task figure when one of my follow-ups falls due', async () => {
    const me = await idOf('sales01');
    const before = (await get('/v2/sys/staff/home/summary', sales)).data;
    const c = await one<{ id: number }>(sql`select id from crm_customers where owner_id = ${me} and state = 'private'
      and (next_contact_at is null or next_contact_at >= ${new Date(t.clock.now().getTime() + 2 * 86_400_000)})
      order by id limit 1`);
    await t.p.db.execute(
      sql`update crm_customers set next_contact_at = ${new Date(t.clock.now().getTime() - 3_600_000)} where id = ${c.id}`,
    );
    const after = (await get('/v2/sys/staff/home/summary', sales)).data;
    expect(after.followUpDue).toBe(before.followUpDue + 1);
    expect(after.task).toBe(before.task + 1);
  });

  it('reads today’s sends and the 30-day charts from the traffic port, my own figures only', async () => {
    const me = await idOf('sales01');
    const other = await idOf('sales02');
    const now = t.clock.now();
    const day = (back: number) => new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const rows: TrafficDayFigure[] = [
      [0, me, 120, '1.50', 'USD'],
      [0, me, 5, '0.25', 'USD'],
      [0, other, 999, '99', 'USD'],
      [1, me, 30, '2.10', 'EUR'],
      [29, me, 7, '0.07', 'USD'],
      [30, me, 1000, '10', 'USD'],
    ].map(([back, ownerId, count, revenue, currency], i) => ({
      day: day(back as number),
      product: 'sms',
      accountId: 100 + i,
      customerId: 200 + i,
      ownerId: ownerId as number,
      count: count as number,
      delivered: count as number,
      revenue: revenue as string,
      costs: [],
      currency: currency as string,
    }));
    const asked: Parameters<NonNullable<TrafficPort['sums']>>[0][] = [];
    // a double of the traffic room's port: sums by day and currency like the real one, by day range and owner
    definePorts({
      traffic: () => ({
        byDay: async () => [],
        async sums(q) {
          asked.push(q);
          const from = q.from.toISOString().slice(0, 10);
          const to = q.to.toISOString().slice(0, 10);
          const out = new Map<string, TrafficSum>();
          for (const r of rows) {
            // a scope of one's own customers is the owner (sales); the admin's is everyone's
            const owners = q.ownerIds ?? (q.scope?.scope.kind === 'own' ? [q.scope.userId] : undefined);
            if (r.day < from || r.day >= to || (owners && !owners.includes(r.ownerId ?? -1))) continue;
            const s = out.get(`${r.day}|${r.currency}`) ?? {
              key: null,
              day: r.day,
              current: true,
              currency: r.currency,
              count: 0,
              delivered: 0,
              revenue: '0',
              costs: [],
              seconds: 0,
              firstDay: r.day,
              sessions: 0,
              read: 0,
              dlrMs: 0,
              dlrCount: 0,
            };
            s.count += r.count;
            s.delivered += r.delivered;
            s.revenue = new Decimal(s.revenue).plus(r.revenue).toString();
            out.set(`${r.day}|${r.currency}`, s);
          }
          return [...out.values()];
        },
      }),
    });
    try {
      const s = (await get('/v2/sys/staff/home/summary', sales)).data;
      // the trend is my own accounts'; today's sends are my data scope's (a sales: the same)
      expect(asked.find((q) => q.ownerIds)?.ownerIds).toEqual([me]);
      expect(asked.find((q) => q.scope)?.scope?.userId).toBe(me);
      expect(s.todaySend).toBe(125);
      const everyone = (await get('/v2/sys/staff/home/summary', await signIn(t.app, DEMO.admin))).data;
      expect(everyone.todaySend).toBe(125 + 999);
      expect(everyone.trend.count.at(-1)).toBe(0);
      expect(s).not.toHaveProperty('waiting');
      expect(s.trend.days).toHaveLength(30);
      expect(s.trend.days.at(-1)).toBe(day(0));
      expect(s.trend.days[0]).toBe(day(29));
      expect(s.trend.count.at(-1)).toBe(125);
      expect(s.trend.count.at(-2)).toBe(30);
      expect(s.trend.count[0]).toBe(7);
      expect(s.trend.count.reduce((a: number, b: number) => a + b, 0)).toBe(162);
      const usd = s.trend.revenue.find((r: { currency: string }) => r.currency === 'USD');
      const eur = s.trend.revenue.find((r: { currency: string }) => r.currency === 'EUR');
      expect(usd.values.at(-1)).toBe('1.75');
      expect(usd.values[0]).toBe('0.07');
      expect(eur.values.at(-2)).toBe('2.1');
      expect(eur.values.at(-1)).toBe('0');
    } finally {
      definePorts({ traffic: undefined });
    }
  });

  it('tells only the user concerned over the live channel when their figures change', async () => {
    const [me, adminId] = await Promise.all([idOf('sales01'), idOf('admin')]);
    const admin = await signIn(t.app, DEMO.admin);
    const [s, a] = await Promise.all(
      [sales, admin].map(async (who) => {
        const st = await openSse(`${t.url}/v2/sys/mc/sse/connection`, who.token);
        await st.next((e) => e.event === 'connection');
        return st;
      }),
    );
    try {
      const figures = (e: SseEvent) =>
        e.event === 'record.changed' && JSON.parse(e.data).resource === HOME_FIGURES_RESOURCE;
      await announceHomeFigures(t.p.bus, [me]);
      expect(JSON.parse((await s!.next(figures)).data).id).toBe(String(me));
      await announceHomeFigures(t.p.bus, [adminId]);
      // admin's first figures event is about admin: sales01's change never reached them
      expect(JSON.parse((await a!.next(figures)).data).id).toBe(String(adminId));
      // a request sales01 starts is announced to them (the overview's applyNum follows it)
      const processes = await get('/v2/workflow/process/sponsor', sales);
      const key = (await get('/v2/sys/staff/common/request/idempotence', sales)).data.key as string;
      const started = await t.app.inject({
        method: 'POST',
        url: '/v2/workflow/start',
        headers: { ...bearer(sales), [IDEMPOTENCE_HEADER]: key },
        payload: {
          processId: processes.data.find((p: { name: string }) => p.name === '通用申请').id,
          title: 'Home live',
          formData: { subject: 'Live', amount: 100, reason: 'figures' },
        },
      });
      const instanceId = started.json().data.instanceId as number;
      const change = await s!.next(
        (e) => e.event === 'record.changed' && JSON.parse(e.data).resource === LIVE_RESOURCES.approvalInstances,
      );
      expect(JSON.parse(change.data).id).toBe(String(instanceId));
    } finally {
      s?.close();
      a?.close();
    }
  });

  it('saves quick entrances in order, keeping only paths the user may open', async () => {
    const menu = (await get('/v2/sys/staff/overseas/getResourceByMenu?mobileFlag=false', sales)).data;
    const routers: string[] = [];
    const walk = (ns: { router: string | null; children: unknown[] }[]) => {
      for (const n of ns) {
        if (n.router) routers.push(n.router);
        walk(n.children as never);
      }
    };
    walk(menu);
    expect(routers.length).toBeGreaterThan(1);
    const mine = [routers[1]!, routers[0]!];
    const res = await post('/v2/sys/staff/quickEntrance/patchSaveQuickEntrance', sales, {
      paths: [...mine, '/setModule/authManage/user'],
    });
    expect(res.code).toBe(0);
    expect(res.data.map((e: { path: string }) => e.path)).toEqual(mine);
    expect(
      (await get('/v2/sys/staff/home/summary', sales)).data.quickAccess.map((e: { path: string }) => e.path),
    ).toEqual(mine);
    const bad = await post('/v2/sys/staff/quickEntrance/patchSaveQuickEntrance', sales, { paths: ['not a path'] });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get('/v2/sys/staff/quickEntrance/getUserQuickEntranceList', sales)).data).toHaveLength(2);
  });

  it('keeps personal settings per user and type', async () => {
    expect((await get('/v2/sys/staff/user/setting?type=guide', sales)).data).toBeNull();
    const saved = await post('/v2/sys/staff/user/setting', sales, {
      type: 'guide',
      remark: 'tour',
      content: { businessOperations: true },
    });
    expect(saved.code).toBe(0);
    expect((await get('/v2/sys/staff/user/setting?type=guide', sales)).data.content).toEqual({
      businessOperations: true,
    });
    expect((await get('/v2/sys/staff/user/setting?type=guide', ops)).data).toBeNull();
    expect((await get('/v2/sys/staff/user/setting?type=nope', sales)).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('gives the promotion link only for the caller’s own job number', async () => {
    const info = (await get('/v2/sys/staff/overseas/getUserInfo', sales)).data;
    const own = await get(`/kunlun/crm/main/get/promotionLink?jobNumber=${info.jobNumber}`, sales);
    expect(own.code).toBe(0);
    // without PROMOTION_URL the link opens the portal's own landing page (crm-data.test counts its visits)
    expect(own.data.link).toMatch(new RegExp(`/promo/${info.jobNumber}$`));
    expect((await get('/kunlun/crm/main/get/promotionLink?jobNumber=E9999', sales)).code).toBe(
      Errors.NO_PERMISSION.code,
    );
  });

  it('has no sign-in prompt until one is configured', async () => {
    // ops01 holds no CRM screen, so no room has a prompt for them either
    expect((await get('/kunlun/crm/sysLoginPrompt/genQuery/one', ops)).data).toBeNull();
  });
});
