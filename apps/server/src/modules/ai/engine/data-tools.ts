import { Decimal } from 'decimal.js';
import { addCost, costList } from '../../../platform/cost-amounts.js';
import type { Db } from '../../../platform/db/index.js';
import { portOf, type TrafficDayFigure } from '../../../platform/ports.js';
import { todoPage } from '../../approval/index.js';
import { canOpenCustomer, customerProfile, customersReturningSoon, openableCustomer } from '../../crm/index.js';
import { mayOpen, screenLink } from './links.js';
import { type Period, previousPeriod } from './period.js';
import { customerNameOf, type DataTool, type ToolInput, type ToolResult } from './tools.js';

/**
 * The assistant's data tools: each reads through the owning room's service with the asking
 * user's permissions and data scope, answers with figures it computed, and cites the screen that
 * shows them (a link that opens it in a tab). A user never gets a figure of a record they could
 * not open on a screen; a tool whose room is not connected says it has no data yet.
 */

/** The screens the tools cite (each is in the route registry: links.ts refuses any other). */
export const SCREENS = {
  todo: '/general/my-agent',
  myCustomers: '/crm/client-partner/my-client',
  customer: '/crm/customer/detail',
  openSea: '/crm/open-sea',
  profit: '/reportAnalysis/smsProfitAnalysis',
  performance: '/businessInquiry/smsPerformance',
  accounts: '/financial/account/consumer/consumer',
} as const;

/** Days ahead "returning to the open sea soon" looks. */
export const RETURN_SOON_DAYS = 7;

const HOW_TO = /怎么|怎样|如何|在哪|哪里|步骤|\bhow (do|to|can|does)\b|\bwhere\b/i;

const result = (tool: string, available: boolean, text: string, data?: unknown): ToolResult => ({
  tool,
  available,
  text,
  ...(data === undefined ? {} : { data }),
});

const day = (d: Date, zh: boolean) =>
  zh
    ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })
    : d.toLocaleString('en-GB', { timeZone: 'Asia/Shanghai', hour12: false });

const refusal = (tool: string, zh: boolean, what: { zh: string; en: string }) =>
  result(
    tool,
    false,
    zh
      ? `抱歉，${what.zh}不在您可以查看的范围内，我不能提供它的任何信息或数据。如需了解，请联系该客户的负责人或您的主管。`
      : `Sorry, ${what.en} is outside what you may open, so I cannot give any of its details or figures. Ask its owner or your manager.`,
  );

/* ---- my pending approvals ---- */

const MY_TODOS =
  /(我|我的).{0,6}(待办|待审批|待处理|要审批)|(哪些|多少|几个|几条).{0,8}(待办|待审批|审批)|\b(my|me)\b.{0,20}\b(pending|open|waiting)\b.{0,12}\b(approvals?|to-?dos?)\b|\bpending approvals?\b|\bapprovals? (are )?waiting for me\b|\bmy to-?dos?\b/i;

function pendingApprovalsTool(db: Db): DataTool {
  return {
    name: 'myPendingApprovals',
    matches: (q) => MY_TODOS.test(q) && !HOW_TO.test(q),
    async run({ auth, locale }) {
      const zh = locale === 'zh-CN';
      if (!mayOpen(auth, SCREENS.todo))
        return refusal('myPendingApprovals', zh, { zh: '审批待办', en: 'the approval to-do list' });
      const page = await todoPage(db, auth.userId, { page: 1, size: 5 }, locale);
      const link = screenLink(SCREENS.todo, zh);
      if (page.total === 0)
        return result(
          'myPendingApprovals',
          true,
          zh ? `您目前没有待审批的事项。详见${link}。` : `You have no approvals waiting for you. See ${link}.`,
          { total: 0 },
        );
      const lines = page.records.map((r, i) =>
        zh
          ? `${i + 1}. ${r.title}（${r.processName}，${r.taskNodeName ?? r.currentNodeName ?? ''}，发起人 ${r.initiatorName}）`
          : `${i + 1}. ${r.title} (${r.processName}, ${r.taskNodeName ?? r.currentNodeName ?? ''}, from ${r.initiatorName})`,
      );
      const head = zh
        ? `您有 **${page.total}** 条待审批事项${page.total > lines.length ? `，最近的 ${lines.length} 条` : ''}：`
        : `You have **${page.total}** approvals waiting${page.total > lines.length ? `; the latest ${lines.length}` : ''}:`;
      const tail = zh ? `在${link}中处理。` : `Handle them in ${link}.`;
      return result('myPendingApprovals', true, [head, lines.join('\n'), tail].join('\n\n'), {
        total: page.total,
        ids: page.records.map((r) => r.id),
      });
    },
  };
}

/* ---- my customers returning to the open sea soon ---- */

const RETURNING =
  /(掉|回|退|释放|流).{0,4}(公海)|公海.{0,6}(快|即将|马上)|(快|即将|马上).{0,8}(公海|释放)|\b(return(ing)?|released?|go(ing)? back|fall(ing)? back)\b.{0,30}\bopen sea\b|\bopen sea\b.{0,20}\bsoon\b/i;

function returningSoonTool(db: Db): DataTool {
  return {
    name: 'customersReturningSoon',
    matches: (q) => RETURNING.test(q) && !HOW_TO.test(q) && !/为什么|why/i.test(q),
    async run({ auth, locale, now }) {
      const zh = locale === 'zh-CN';
      if (!mayOpen(auth, SCREENS.myCustomers))
        return refusal('customersReturningSoon', zh, { zh: '客户列表', en: 'the customer list' });
      const soon = await customersReturningSoon(db, now, auth.userId, RETURN_SOON_DAYS);
      const list = screenLink(SCREENS.myCustomers, zh);
      if (soon.total === 0)
        return result(
          'customersReturningSoon',
          true,
          zh
            ? `未来 ${RETURN_SOON_DAYS} 天内您没有会回到公海的客户。详见${list}。`
            : `None of your customers returns to the open sea in the next ${RETURN_SOON_DAYS} days. See ${list}.`,
          { total: 0 },
        );
      const lines = soon.rows.map(
        (c, i) =>
          `${i + 1}. ${screenLink(`${SCREENS.customer}?id=${c.id}&name=${encodeURIComponent(c.name)}`, zh, `${c.name}（${c.code}）`)} — ${
            zh ? `${day(c.returnAt, true)} 回到公海` : `returns ${day(c.returnAt, false)}`
          }`,
      );
      const head = zh
        ? `您有 **${soon.total}** 个客户将在未来 ${RETURN_SOON_DAYS} 天内按公海规则回到公海（按时间先后）：`
        : `**${soon.total}** of your customers return to the open sea within ${RETURN_SOON_DAYS} days under the pool rules (soonest first):`;
      const tail = zh
        ? `写一条跟进记录会重新计时；已成交或锁定的客户不会回到公海。全部客户见${list}。`
        : `A follow-up restarts the clock; dealt or locked customers never return. All customers: ${list}.`;
      return result('customersReturningSoon', true, [head, lines.join('\n'), tail].join('\n\n'), {
        total: soon.total,
        ids: soon.rows.map((r) => r.id),
      });
    },
  };
}

/* ---- a named customer's profile ---- */

const PROFILE =
  /(客户|client|customer).{0,30}(资料|信息|档案|情况|详情|负责人|联系人|跟进|profile|details|info|owner|who owns)|(查|看|介绍).{0,4}(一下)?客户/i;
const PROFIT_WORDS = /利润|毛利|盈利|收入|成本|业绩|profit|margin|revenue|cost|performance/i;

function customerProfileTool(db: Db): DataTool {
  return {
    name: 'customerProfile',
    matches: (q) => PROFILE.test(q) && !PROFIT_WORDS.test(q) && !HOW_TO.test(q) && !!customerNameOf(q),
    async run({ question, auth, locale }) {
      const zh = locale === 'zh-CN';
      const named = customerNameOf(question) ?? '';
      const found = await openableCustomer(db, auth, named);
      if (found.status === 'refused')
        return refusal('customerProfile', zh, { zh: `客户「${named}」`, en: `customer "${named}"` });
      if (found.status === 'unknown')
        return result(
          'customerProfile',
          false,
          zh
            ? `在您可以查看的客户中没有找到「${named}」。请核对名称、简称或客户编号，或在${screenLink(SCREENS.myCustomers, true)}中搜索。`
            : `I found no customer "${named}" among those you may open. Check the name, alias or code, or search ${screenLink(SCREENS.myCustomers, false)}.`,
        );
      const c = await customerProfile(db, found.id);
      if (!c) return result('customerProfile', false, zh ? '该客户已不存在。' : 'That customer no longer exists.');
      const link = screenLink(`${SCREENS.customer}?id=${c.id}&name=${encodeURIComponent(c.name)}`, zh, c.name);
      const state = {
        private: zh ? '私海' : 'private',
        open_sea: zh ? '公海' : 'open sea',
        blacklist: zh ? '黑名单' : 'blacklisted',
      }[c.state];
      const none = zh ? '无' : 'none';
      const rows = zh
        ? [
            `- 编号：${c.code}；简称：${c.alias}；类型：${c.type === 'C' ? 'C 端直客' : 'R 端伙伴'}；国家：${c.country}`,
            `- 状态：${state}${c.dealt ? '（已成交）' : ''}；负责人：${c.ownerName ?? none}；等级：${c.level ?? none}；行业：${c.industry ?? none}`,
            `- 最近跟进：${c.lastContactAt ? day(c.lastContactAt, true) : none}；下次跟进：${c.nextContactAt ? day(c.nextContactAt, true) : none}`,
            `- 联系人 ${c.contacts} 位，进行中的商机 ${c.openOpportunities} 个${c.returnAt ? `；按公海规则将于 ${day(c.returnAt, true)} 回到公海` : ''}`,
          ]
        : [
            `- Code ${c.code}; alias ${c.alias}; ${c.type === 'C' ? 'direct (C-end)' : 'partner (R-end)'}; country ${c.country}`,
            `- State: ${state}${c.dealt ? ' (dealt)' : ''}; owner: ${c.ownerName ?? none}; level: ${c.level ?? none}; industry: ${c.industry ?? none}`,
            `- Last follow-up: ${c.lastContactAt ? day(c.lastContactAt, false) : none}; next: ${c.nextContactAt ? day(c.nextContactAt, false) : none}`,
            `- ${c.contacts} contacts, ${c.openOpportunities} open opportunities${c.returnAt ? `; returns to the open sea ${day(c.returnAt, false)} under the pool rules` : ''}`,
          ];
      return result(
        'customerProfile',
        true,
        [zh ? `客户 ${link} 的资料：` : `Customer ${link}:`, rows.join('\n')].join('\n\n'),
        { id: c.id },
      );
    },
  };
}

/* ---- money from the traffic rollups: my performance, a customer's profit ---- */

interface Money {
  count: number;
  delivered: number;
  /** per price currency: revenue, and the cost per cost currency (decision 0109: never netted across them) */
  byCurrency: Map<string, { revenue: Decimal; costs: Map<string, Decimal> }>;
}

/** the profit in the price's currency; null where some cost is in another currency (nothing converted) */
const profitOf = (cur: string, v: { revenue: Decimal; costs: Map<string, Decimal> }): Decimal | null =>
  costList(v.costs).every((c) => c.currency === cur) ? v.revenue.minus(v.costs.get(cur) ?? 0) : null;

function totals(rows: TrafficDayFigure[]): Money {
  const m: Money = { count: 0, delivered: 0, byCurrency: new Map() };
  for (const r of rows) {
    m.count += r.count;
    m.delivered += r.delivered;
    const c = m.byCurrency.get(r.currency) ?? { revenue: new Decimal(0), costs: new Map<string, Decimal>() };
    c.revenue = c.revenue.plus(r.revenue);
    for (const x of r.costs) addCost(c.costs, x.currency, x.amount);
    m.byCurrency.set(r.currency, c);
  }
  return m;
}

const range = (p: { from: string; to: string }) => ({
  from: new Date(`${p.from}T00:00:00.000Z`),
  // the port's days run from `from` to `to`, both included (as the reports read it): the period's
  // last day, not the day after (that counted a day more than the report the answer cites)
  to: new Date(`${p.to}T00:00:00.000Z`),
});

function moneyLines(m: Money, zh: boolean): string[] {
  if (!m.byCurrency.size) return [zh ? '- 没有话务' : '- no traffic'];
  return [...m.byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cur, v]) => {
      const profit = profitOf(cur, v);
      const cost = profit
        ? (v.costs.get(cur) ?? new Decimal(0)).toFixed(2)
        : costList(v.costs)
            .map((c) => `${new Decimal(c.amount).toFixed(2)} ${c.currency}`)
            .join(zh ? '、' : ', ');
      if (!profit)
        return zh
          ? `- ${cur}：收入 ${v.revenue.toFixed(2)}，成本 ${cost}，利润 -（成本币种不同，不作换算）`
          : `- ${cur}: revenue ${v.revenue.toFixed(2)}, cost ${cost}, profit - (cost in another currency, not converted)`;
      const margin = v.revenue.isZero() ? null : profit.div(v.revenue).times(100).toFixed(1);
      return zh
        ? `- ${cur}：收入 ${v.revenue.toFixed(2)}，成本 ${cost}，利润 **${profit.toFixed(2)}**${margin === null ? '' : `（毛利率 ${margin}%）`}`
        : `- ${cur}: revenue ${v.revenue.toFixed(2)}, cost ${cost}, profit **${profit.toFixed(2)}**${margin === null ? '' : ` (margin ${margin}%)`}`;
    });
}

function compareLine(now: Money, before: Money, zh: boolean): string {
  const parts = [...new Set([...now.byCurrency.keys(), ...before.byCurrency.keys()])].sort().map((cur) => {
    const a = now.byCurrency.get(cur);
    const b = before.byCurrency.get(cur);
    const pa = a ? profitOf(cur, a) : new Decimal(0);
    const pb = b ? profitOf(cur, b) : new Decimal(0);
    if (!pb) return zh ? `${cur} 利润 -` : `${cur} profit -`;
    const change = !pa || pb.isZero() ? null : pa.minus(pb).div(pb.abs()).times(100).toFixed(1);
    return zh
      ? `${cur} 利润 ${pb.toFixed(2)}${change === null ? '' : `（本期变化 ${Number(change) >= 0 ? '+' : ''}${change}%）`}`
      : `${cur} profit ${pb.toFixed(2)}${change === null ? '' : ` (change ${Number(change) >= 0 ? '+' : ''}${change}%)`}`;
  });
  return zh
    ? `上一期：发送 ${before.count} 条${parts.length ? `，${parts.join('；')}` : ''}。`
    : `Previous period: ${before.count} sent${parts.length ? `; ${parts.join('; ')}` : ''}.`;
}

/** The first of these screens the user may open (the figures are cited there), if any. */
const citable = (input: ToolInput, ...paths: string[]) => paths.find((p) => mayOpen(input.auth, p));

const noTraffic = (tool: string, zh: boolean, period: Period, what: { zh: string; en: string }) =>
  result(
    tool,
    false,
    zh
      ? `暂时没有${what.zh}${period.label.zh}的数据：这些数字来自话务汇总，话务模块接入后即可查询。我不会估算或编造数字。`
      : `There is no data yet for ${what.en} (${period.label.en}): the figures come from the traffic rollups, which are not connected yet. I will not estimate or invent numbers.`,
  );

const MY_PERFORMANCE =
  /(我|本人|个人).{0,8}(业绩|销售额|销量|提成|利润|毛利|收入|发送量)|业绩.{0,4}(查询|多少|怎么样)|\bmy\b.{0,30}\b(performance|sales|revenue|profit|margin|figures|commission|volume)\b|\b(performance|sales figures)\b.{0,20}\b(me|mine)\b/i;

function myPerformanceTool(db: Db): DataTool {
  return {
    name: 'myPerformance',
    matches: (q) => MY_PERFORMANCE.test(q) && !HOW_TO.test(q) && !/客户|customer|client|账户|account/i.test(q),
    async run(input) {
      const { auth, locale, period } = input;
      const zh = locale === 'zh-CN';
      const what = { zh: '您', en: 'your figures' };
      const screen = citable(input, SCREENS.profit, SCREENS.performance);
      if (!screen)
        return result(
          'myPerformance',
          false,
          zh
            ? '您没有可以查看业绩或利润报表的权限，我不能给出这些数字。需要时请向管理员申请“短信利润分析”或“短信业绩”的权限。'
            : 'You hold no screen that shows performance or profit figures, so I cannot give them. Ask an administrator for SMS profit analysis or SMS performance.',
        );
      const traffic = portOf(db, 'traffic');
      if (!traffic) return noTraffic('myPerformance', zh, period, what);
      const prev = previousPeriod(period);
      // SMS only: the figure must be the one the cited screen (SMS profit / SMS performance) shows
      const [rows, before] = await Promise.all([
        traffic.byDay({ ...range(period), ownerIds: [auth.userId], products: ['sms'] }),
        traffic.byDay({ ...range(prev), ownerIds: [auth.userId], products: ['sms'] }),
      ]);
      const mine = (r: TrafficDayFigure) => r.ownerId === auth.userId;
      const now = totals(rows.filter(mine));
      const then = totals(before.filter(mine));
      const link = screenLink(`${screen}?from=${period.from}&to=${period.to}`, zh);
      const head = zh
        ? `您${period.label.zh}（${period.from} 至 ${period.to}）发送 **${now.count}** 条，送达 ${now.delivered} 条：`
        : `Your ${period.label.en} (${period.from} to ${period.to}): **${now.count}** sent, ${now.delivered} delivered:`;
      return result(
        'myPerformance',
        true,
        [
          head,
          moneyLines(now, zh).join('\n'),
          compareLine(now, then, zh),
          zh ? `明细见${link}。` : `Details in ${link}.`,
        ].join('\n\n'),
        {
          period: { from: period.from, to: period.to },
          count: now.count,
          profit: Object.fromEntries([...now.byCurrency].map(([c, v]) => [c, profitOf(c, v)?.toFixed(2) ?? null])),
        },
      );
    },
  };
}

const CUSTOMER_PROFIT =
  /(客户|customer|client).{0,30}(利润|毛利|盈利|收入|成本|profit|margin|revenue|cost)|(利润|毛利|profit|margin).{0,30}(客户|customer|client)/i;

function customerProfitTool(db: Db): DataTool {
  return {
    name: 'customerProfit',
    matches: (q) => CUSTOMER_PROFIT.test(q) && !HOW_TO.test(q),
    async run(input) {
      const { question, auth, locale, period } = input;
      const zh = locale === 'zh-CN';
      const named = customerNameOf(question);
      if (!named)
        return result(
          'customerProfit',
          false,
          zh
            ? '请告诉我是哪个客户（名称、简称或客户编号），例如：客户「某某科技」上月的利润。'
            : 'Which customer? Give its name, alias or code, e.g. profit of customer "Acme" last month.',
        );
      const found = await openableCustomer(db, auth, named);
      if (found.status === 'refused')
        return refusal('customerProfit', zh, { zh: `客户「${named}」`, en: `customer "${named}"` });
      if (found.status === 'unknown')
        return result(
          'customerProfit',
          false,
          zh
            ? `在您可以查看的客户中没有找到「${named}」。`
            : `I found no customer "${named}" among those you may open.`,
        );
      const screen = citable(input, SCREENS.profit);
      if (!screen)
        return result(
          'customerProfit',
          false,
          zh
            ? '您没有查看利润报表的权限，我不能给出客户的利润数字。'
            : 'You may not open the profit report, so I cannot give customer profit figures.',
        );
      const traffic = portOf(db, 'traffic');
      const who = { zh: `客户「${found.name}」`, en: `customer "${found.name}"` };
      if (!traffic) return noTraffic('customerProfit', zh, period, who);
      const prev = previousPeriod(period);
      const [rows, before] = await Promise.all([
        traffic.byDay({ ...range(period), customerIds: [found.id] }),
        traffic.byDay({ ...range(prev), customerIds: [found.id] }),
      ]);
      const its = (r: TrafficDayFigure) => r.customerId === found.id;
      const now = totals(rows.filter(its));
      const then = totals(before.filter(its));
      // the accounts that carried most of the revenue
      const byAccount = new Map<number, number>();
      for (const r of rows.filter(its)) byAccount.set(r.accountId, (byAccount.get(r.accountId) ?? 0) + r.count);
      const top = [...byAccount.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      // the report opens on this period, drilled into the customer (its screen reads the three)
      const link = screenLink(
        `${screen}?customerId=${found.id}&name=${encodeURIComponent(found.name)}&from=${period.from}&to=${period.to}`,
        zh,
      );
      return result(
        'customerProfit',
        true,
        [
          zh
            ? `客户「${found.name}」${period.label.zh}（${period.from} 至 ${period.to}）发送 **${now.count}** 条：`
            : `Customer "${found.name}", ${period.label.en} (${period.from} to ${period.to}): **${now.count}** sent:`,
          moneyLines(now, zh).join('\n'),
          ...(top.length
            ? [
                zh
                  ? `发送量最多的账户：${top.map(([a, n]) => `#${a}（${n} 条）`).join('、')}`
                  : `Busiest accounts: ${top.map(([a, n]) => `#${a} (${n})`).join(', ')}`,
              ]
            : []),
          compareLine(now, then, zh),
          zh ? `明细见${link}。` : `Details in ${link}.`,
        ].join('\n\n'),
        { customerId: found.id, count: now.count },
      );
    },
  };
}

/* ---- an account's balance (ledger) ---- */

const BALANCE = /(账户|账号|account).{0,30}(余额|额度|信用|balance|credit)|(余额|balance).{0,20}(账户|账号|account)/i;
const accountCodeOf = (q: string) => /(?:账户|账号|account)\s*[「“"']?([A-Za-z0-9_-]{2,40})/i.exec(q)?.[1] ?? null;

function accountBalanceTool(db: Db): DataTool {
  return {
    name: 'accountBalance',
    matches: (q) => BALANCE.test(q) && !HOW_TO.test(q) && !/为什么|why/i.test(q),
    async run(input) {
      const { question, auth, locale } = input;
      const zh = locale === 'zh-CN';
      const code = accountCodeOf(question);
      if (!code)
        return result(
          'accountBalance',
          false,
          zh
            ? '请告诉我账户编号，例如：账户 AC1001 的余额。'
            : 'Which account? Give its code, e.g. balance of account AC1001.',
        );
      const accounts = portOf(db, 'accounts');
      const ledger = portOf(db, 'ledger');
      if (!accounts || !ledger)
        return result(
          'accountBalance',
          false,
          zh
            ? `暂时查不到账户 ${code} 的余额：余额来自财务模块的账本，财务模块接入后即可查询。我不会估算或编造数字。`
            : `The balance of account ${code} is not available yet: it comes from the finance room's ledger, which is not connected yet. I will not estimate or invent numbers.`,
        );
      const account = (await accounts.byCodes([code])).get(code);
      if (!account)
        return result('accountBalance', false, zh ? `没有找到账户 ${code}。` : `No account ${code} was found.`);
      const screen = citable(input, SCREENS.accounts);
      if (!screen || !(await canOpenCustomer(db, auth, account.customerId)))
        return refusal('accountBalance', zh, { zh: `账户 ${code}`, en: `account ${code}` });
      const b = await ledger.balanceOf(account.id);
      if (!b)
        return result(
          'accountBalance',
          false,
          zh ? `账户 ${code} 还没有账本记录。` : `Account ${code} has no ledger yet.`,
        );
      const link = screenLink(`${screen}?code=${encodeURIComponent(code)}`, zh);
      return result(
        'accountBalance',
        true,
        zh
          ? `账户 ${code} 的余额为 **${b.currency} ${new Decimal(b.balance).toFixed(2)}**，信用额度 ${b.currency} ${new Decimal(b.creditLine).toFixed(2)}。详见${link}。`
          : `Account ${code} has a balance of **${b.currency} ${new Decimal(b.balance).toFixed(2)}** and a credit line of ${b.currency} ${new Decimal(b.creditLine).toFixed(2)}. See ${link}.`,
        { accountId: account.id },
      );
    },
  };
}

/** The real tools, replacing the placeholders of tools.ts under the same names where they exist. */
export function dataTools(db: Db): DataTool[] {
  return [
    pendingApprovalsTool(db),
    returningSoonTool(db),
    customerProfileTool(db),
    myPerformanceTool(db),
    customerProfitTool(db),
    accountBalanceTool(db),
  ];
}
