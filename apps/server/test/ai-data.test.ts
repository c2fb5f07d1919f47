import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AI_API, routeByPath } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../knowledge/eval/run-eval.js';
import { SCREENS } from '../src/modules/ai/engine/data-tools.js';
import { screenLink, screenOf } from '../src/modules/ai/engine/links.js';
import { parsePeriod, previousPeriod } from '../src/modules/ai/engine/period.js';
import { trafficModule } from '../src/modules/traffic/index.js';
import { rowsOf } from '../src/platform/db/index.js';
import { type ConsumerAccountRef, definePorts, type TrafficDayFigure } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/** The links an answer cites: markdown `[label](path)`. */
const linksOf = (answer: string) => [...answer.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);

describe('AI assistant: data answers through the rooms, in the asking user’s scope', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let sales: Tokens;
  const cited: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ listen: true, env: { AI_EMBEDDED_PAUSE_MS: '0' } });
    [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
  });
  afterAll(async () => t?.close());
  afterEach(() => definePorts({ traffic: undefined, accounts: undefined, ledger: undefined }));

  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.p.db.execute(q))[0]!;
  const idOf = async (username: string) =>
    (await one<{ id: number }>(sql`select id from staff_users where username = ${username}`)).id;

  /** The answer to one question in a new conversation, and which tools' kind of answer it was. */
  const ask = async (tok: Tokens, content: string) => {
    const conv = await t.app.inject({
      method: 'POST',
      url: `${AI_API}/conversations`,
      headers: bearer(tok),
      payload: { initialQuestion: content },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${AI_API}/chat/sse`,
      headers: bearer(tok),
      payload: { stream: true, content, conversationUuid: conv.json().data.uuid },
    });
    const events = res.body
      .split('\n\n')
      .filter((b) => b.trim())
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
      }));
    const answer = events
      .filter((e) => e.event === 'message')
      .map((e) => e.data.content)
      .join('');
    cited.push(...linksOf(answer));
    return { answer, kbdocs: events.filter((e) => e.event === 'kbdocs').length };
  };

  /** A private customer of `owner` (not of class A), made to return to the open sea in two days. */
  const dueSoon = async (owner: number) => {
    const c = await one<{ id: number; code: string; name: string }>(sql`select id, code, name from crm_customers
      where owner_id = ${owner} and state = 'private' and level is distinct from 'A' order by id limit 1`);
    const now = t.clock.now().getTime();
    await t.p.db.execute(sql`update crm_customers set locked = false, dealt = false,
      owned_at = ${new Date(now - 100 * 86_400_000)}, last_contact_at = ${new Date(now - 88 * 86_400_000)}
      where id = ${c.id}`);
    return c;
  };

  it('lists my pending approvals, as many as the to-do list holds, with a link to it', async () => {
    const me = await idOf('sales01');
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from wf_tasks where assignee_id = ${me} and status = 'pending'`,
    );
    const { answer, kbdocs } = await ask(sales, '我有哪些待办审批？');
    expect(kbdocs).toBe(0);
    expect(answer).toContain(n ? `您有 **${n}** 条待审批事项` : '您目前没有待审批的事项');
    expect(answer).toContain('[我的待办](/general/my-agent)');
    const en = await ask(admin, 'Which approvals are waiting for me?');
    expect(en.answer).toContain('(/general/my-agent)');
    // a how-to question is for the knowledge base, not the tool
    expect((await ask(sales, '怎么处理我的待办？')).answer).not.toContain('待审批事项');
  });

  it('names my customers returning to the open sea soon, never another sales’ ones', async () => {
    const [me, other] = await Promise.all([idOf('sales01'), idOf('sales02')]);
    const [mine, theirs] = await Promise.all([dueSoon(me), dueSoon(other)]);
    const { answer } = await ask(sales, '我哪些客户快掉公海了？');
    expect(answer).toMatch(/您有 \*\*\d+\*\* 个客户将在未来 7 天内/);
    expect(answer).toContain(`${mine.name}（${mine.code}）`);
    expect(answer).toContain(`(/crm/customer/detail?id=${mine.id}&`);
    expect(answer).not.toContain(theirs.code);
    const en = await ask(sales, 'Which of my customers are returning to the open sea soon?');
    expect(en.answer).toContain(mine.code);
  });

  it('gives a customer’s profile only when the user could open that customer', async () => {
    const [me, other] = await Promise.all([idOf('sales01'), idOf('sales02')]);
    const mine = await one<{ id: number; code: string; name: string }>(
      sql`select id, code, name from crm_customers where owner_id = ${me} and state = 'private' order by id limit 1`,
    );
    const theirs = await one<{ id: number; code: string; name: string }>(
      sql`select id, code, name from crm_customers where owner_id = ${other} and state = 'private' order by id limit 1`,
    );
    const own = await ask(sales, `客户「${mine.name}」的资料`);
    expect(own.answer).toContain(`编号：${mine.code}`);
    expect(own.answer).toContain(`(/crm/customer/detail?id=${mine.id}&`);
    const refused = await ask(sales, `客户「${theirs.name}」的资料`);
    expect(refused.answer).toContain('不在您可以查看的范围内');
    expect(refused.answer).not.toContain(theirs.code);
    expect(linksOf(refused.answer)).toEqual([]);
    // the same question from the administrator (all data) is answered
    expect((await ask(admin, `客户「${theirs.name}」的资料`)).answer).toContain(theirs.code);
    // and a customer's profit is refused the same way, before any figure is looked for
    const profit = await ask(sales, `客户「${theirs.name}」上月的利润是多少`);
    expect(profit.answer).toContain('不在您可以查看的范围内');
    expect(profit.answer).not.toMatch(/\d/);
    expect((await ask(sales, '客户「无此公司ZZZ」的资料')).answer).toContain('没有找到');
  });

  it('computes my performance from the traffic port for the period asked, against the previous one', async () => {
    const me = await idOf('admin');
    // the administrator owns no account: no traffic of their own last week, so no figure and no number
    const none = await ask(admin, '我上周的利润是多少');
    expect(none.answer).toContain('暂时没有您上周的数据');
    expect(none.answer).not.toMatch(/\d/);
    // a colleague without a profit or performance screen (the purchasing manager) gets no figure at all
    const buyer = await signIn(t.app, { username: 'purchasemgr', password: 'Purchase#2026' });
    const refused = await ask(buyer, '我上周的利润是多少');
    expect(refused.answer).toContain('没有可以查看业绩或利润报表的权限');

    const week = parsePeriod('上周', t.clock.now());
    const prev = previousPeriod(week);
    const rows: TrafficDayFigure[] = [
      [week.from, me, 100, '12.50', '7.25'],
      [week.to, me, 40, '3.10', '1.05'],
      [week.to, me + 1000, 999, '999', '1'],
      [prev.from, me, 10, '5.00', '2.00'],
    ].map(([day, ownerId, count, revenue, cost], i) => ({
      day: day as string,
      product: 'sms',
      accountId: 10 + i,
      customerId: 20 + i,
      ownerId: ownerId as number,
      count: count as number,
      delivered: count as number,
      revenue: revenue as string,
      costs: [{ currency: 'USD', amount: cost as string }],
      currency: 'USD',
    }));
    definePorts({
      traffic: () => ({
        async byDay(q) {
          const from = q.from.toISOString().slice(0, 10);
          const to = q.to.toISOString().slice(0, 10);
          return rows.filter(
            (r) =>
              r.day >= from &&
              r.day <= to && // both days included, as the traffic port reads them
              (!q.ownerIds || q.ownerIds.includes(r.ownerId ?? -1)) &&
              (!q.customerIds || q.customerIds.includes(r.customerId)),
          );
        },
      }),
    });
    const { answer } = await ask(admin, '我上周的利润是多少');
    const profit = new Decimal('12.50').minus('7.25').plus('3.10').minus('1.05');
    expect(answer).toContain(`发送 **140** 条`);
    expect(answer).toContain(`利润 **${profit.toFixed(2)}**`);
    expect(answer).toContain('上一期：发送 10 条，USD 利润 3.00');
    expect(answer).toContain(`(/reportAnalysis/smsProfitAnalysis?from=${week.from}&to=${week.to})`);
  });

  it('gives sales01 for “my profit last week” the profit report’s totals of the same week, and its link', async () => {
    // the real traffic port (the tests before stub it, and each one's end removes it)
    definePorts({ traffic: trafficModule.ports!.traffic });
    const me = await idOf('sales01');
    const week = parsePeriod('上周', t.clock.now());
    // sales01's own SMS traffic on two days of last week (beside whatever the demo holds), and another's
    for (const [day, owner, n, revenue, cost] of [
      [week.from, me, 120, '14.400000', '8.100000'],
      [week.to, me, 30, '2.700000', '3.300000'],
      [week.to, me + 1, 500, '50.000000', '10.000000'],
    ] as const)
      await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
          country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
        values (${day}, 'sms', 99001, 99001, ${owner}, 0, 'DE', '', 'delivered', 'USD', 'USD', ${n}, ${n}, ${n}, ${revenue}, ${cost})
        on conflict do nothing`);
    const { answer } = await ask(sales, '我上周的利润是多少');
    const report = await t.app.inject({
      method: 'POST',
      url: '/v2/reports/sms-profit/data',
      headers: bearer(sales),
      payload: { period: 'week', date: week.from },
    });
    const totals = report.json().data.totals as { currency: string; count: number; profit: string }[];
    expect(totals.length).toBeGreaterThan(0);
    expect(answer).toContain(`发送 **${totals.reduce((a, x) => a + x.count, 0)}** 条`);
    for (const tot of totals) expect(answer).toContain(`- ${tot.currency}：`);
    for (const tot of totals) expect(answer).toContain(`利润 **${new Decimal(tot.profit).toFixed(2)}**`);
    expect(answer).toContain(`(/reportAnalysis/smsProfitAnalysis?from=${week.from}&to=${week.to})`);
  });

  it('reads an account’s balance through the ledger port, for those who may open the account', async () => {
    const none = await ask(admin, '账户 AC9001 的余额是多少');
    expect(none.answer).toContain('暂时查不到账户 AC9001 的余额');
    const other = await idOf('sales02');
    const customer = await one<{ id: number }>(
      sql`select id from crm_customers where owner_id = ${other} and state = 'private' order by id limit 1`,
    );
    const account: ConsumerAccountRef = {
      id: 77,
      code: 'AC9001',
      customerId: customer.id,
      ownerId: other,
      currency: 'USD',
      billing: 'prepaid',
      state: 'active',
      products: ['sms'],
    };
    definePorts({
      accounts: () => ({
        byCodes: async (codes) => new Map(codes.includes(account.code) ? [[account.code, account]] : []),
        byIds: async () => new Map(),
        active: async () => [account],
      }),
      ledger: () => ({
        postConsumption: async () => ({ posted: false }),
        balanceOf: async (id) => (id === 77 ? { balance: '1234.5', creditLine: '500', currency: 'USD' } : null),
      }),
    });
    const ok = await ask(admin, '账户 AC9001 的余额是多少');
    expect(ok.answer).toContain('**USD 1234.50**');
    expect(ok.answer).toContain('(/financial/account/consumer/consumer?code=AC9001)');
    const refused = await ask(sales, '账户 AC9001 的余额是多少');
    expect(refused.answer).toContain('不在您可以查看的范围内');
    expect(refused.answer).not.toContain('1234');
  });

  it('answers everyday questions from the right document, pointing at screens that exist', async () => {
    const en = await ask(sales, 'how do I export a list?');
    expect(en.answer).toMatch(/^From the knowledge base document "Exports and the download center"/);
    expect(en.answer).toContain('click Export');
    expect(en.answer).not.toMatch(/send record/i);
    const zh = await ask(sales, '怎么导出列表？');
    expect(zh.answer).toMatch(/^根据知识库文档《导出与下载中心》/);
    expect(zh.answer).toContain('“导出”按钮');
    const todo = await ask(sales, '怎么处理我的待办审批？');
    expect(todo.answer).toContain('[流程审批 › 我的待办](/general/my-agent)');
    expect(todo.answer).not.toMatch(/我处理的|通用审批|我的代理/);
    const sea = await ask(sales, '我的客户为什么被退回公海了');
    expect(sea.answer).toContain('故障处理：客户回到了公海');
  });

  it('keeps every link of the knowledge base on a screen of the route registry, titled as the screen', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../knowledge');
    let links = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      const body = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of body.matchAll(/\[([^\]]+)\]\((\/[^)\s]*)\)/g)) {
        links++;
        const route = routeByPath(m[2]!.split('?')[0]!);
        expect(route, `${file}: ${m[0]}`).toBeDefined();
        const last = m[1]!.split(' › ').at(-1)!;
        expect(
          [route!.title.zh, route!.title.en].map((x) => x.toLowerCase()),
          `${file}: ${m[0]}`,
        ).toContain(last.toLowerCase());
      }
    }
    expect(links).toBeGreaterThan(80);
  });

  it('finds the expected document in the first three for at least 95% of the held-out questions', () => {
    const r = evaluate();
    expect(r.total).toBeGreaterThanOrEqual(110);
    expect(r.hit3 / r.total, r.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    const questions: { doc: string }[] = JSON.parse(
      fs.readFileSync(new URL('../knowledge/eval/questions.json', import.meta.url), 'utf8'),
    );
    const asked = new Set(questions.map((q) => q.doc));
    for (const doc of [
      'module-downloads',
      'module-approval',
      'module-crm',
      'module-open-sea',
      'module-srm',
      'module-channels',
      'module-mail',
      'module-settings',
      'fault-sms-not-delivered',
      'fault-dlr-missing',
      'fault-balance-not-updated',
      'fault-customer-returned-open-sea',
    ])
      expect(asked.has(doc), doc).toBe(true);
  });

  it('cites only screens that exist in the route registry', () => {
    expect(cited.length).toBeGreaterThan(5);
    for (const link of cited) expect(routeByPath(link.split('?')[0]!), link).toBeDefined();
    for (const path of Object.values(SCREENS)) expect(screenOf(path), path).toBeDefined();
    expect(() => screenLink('/crm/no-such-screen', true)).toThrow();
  });
});
