import { envelope, exportOptions } from '@portal/contracts';
import {
  type AgentCustomerRow,
  type AgentQueryRow,
  agentCustomersPage,
  agentCustomersQuery,
  agentQueryPage,
  agentQueryQuery,
  TrafficPerm,
} from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utcTimeCell } from '../../platform/exports/source.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { agentCustomers } from './agent-customers.js';
import { agentQuery } from './agent-query.js';
import { type PerfColumn, sendPerformanceFile } from './perf-exports.js';

const B = '/v2/traffic';
const tags = ['traffic'];

/** a line of the file: one agent and one currency of its traffic (an agent without traffic: one line) */
type Line = AgentQueryRow & { t: AgentQueryRow['traffic'][number] | null };
const STATE: Record<string, [string, string]> = {
  private: ['私有', 'Owned'],
  open_sea: ['公海', 'Open sea'],
  blacklist: ['黑名单', 'Blacklist'],
};
const COLUMNS: PerfColumn<Line>[] = [
  ['代理编码', 'Agent code', (r) => r.code],
  ['代理名称', 'Agent', (r) => r.name],
  ['销售', 'Sales', (r) => r.ownerName],
  ['国家', 'Country', (r) => r.country],
  ['状态', 'State', (r, zh) => STATE[r.state]?.[zh ? 0 : 1] ?? r.state],
  ['最后联系 (UTC)', 'Last contact (UTC)', (r) => utcTimeCell(r.lastContactAt ? new Date(r.lastContactAt) : null)],
  ['推荐客户', 'Referred customers', (r) => r.referred],
  ['有账户', 'With an account', (r) => r.withAccount],
  ['已成交', 'Dealt', (r) => r.dealt],
  ['币种', 'Currency', (r) => r.t?.currency ?? null],
  ['推荐客户发送量', 'Referred volume', (r) => r.t?.count ?? null],
  ['推荐客户收入', 'Referred revenue', (r) => r.t?.revenue ?? null],
  ['有发送的推荐客户', 'Referred customers with traffic', (r) => r.t?.customers ?? null],
  ['自身发送量', 'Own volume', (r) => r.t?.ownCount ?? null],
  ['自身收入', 'Own revenue', (r) => r.t?.ownRevenue ?? null],
];

/** a line of agent-query/customer's file: one customer and one currency of its traffic (without traffic: one line) */
type CustomerLine = AgentCustomerRow & { t: AgentCustomerRow['traffic'][number] | null };
const CUSTOMER_COLUMNS: PerfColumn<CustomerLine>[] = [
  ['客户编码', 'Customer code', (r) => r.code],
  ['客户名称', 'Customer', (r) => r.name],
  ['类型', 'Type', (r) => r.type],
  ['销售', 'Sales', (r) => r.ownerName],
  ['国家', 'Country', (r) => r.country],
  ['状态', 'State', (r, zh) => STATE[r.state]?.[zh ? 0 : 1] ?? r.state],
  ['已成交', 'Dealt', (r, zh) => (r.dealt ? (zh ? '是' : 'Yes') : zh ? '否' : 'No')],
  ['账户数', 'Accounts', (r) => r.accounts],
  ['首次发送日 (UTC)', 'First traffic day (UTC)', (r) => r.firstDay],
  ['币种', 'Currency', (r) => r.t?.currency ?? null],
  ['发送量', 'Volume', (r) => r.t?.count ?? null],
  ['收入', 'Revenue', (r) => r.t?.revenue ?? null],
];

/** agent-query/page (decision 0144): the agents with their referred customers and traffic, and its file */
export async function agentQueryRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${B}/agent-query`,
    {
      schema: {
        tags,
        summary:
          'agent-query/page: the agents in scope with their referred customers (CRM) and their traffic in a range (rollups)',
        querystring: agentQueryQuery,
        response: { 200: envelope(agentQueryPage) },
      },
      config: { access: { perm: TrafficPerm.AGENT_QUERY } },
    },
    async (req) => ok(await agentQuery(p.db, req.auth!, req.query, localeOf(req.headers))),
  );
  r.post(
    `${B}/agent-query/export`,
    {
      schema: {
        tags,
        summary: 'agent-query/page: every agent of the filter, as a file',
        body: agentQueryQuery.extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.AGENT_QUERY }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const answer = await agentQuery(p.db, req.auth!, { ...q, page: 1, size: Number.MAX_SAFE_INTEGER }, locale);
      const rows = answer.records.flatMap((a): Line[] =>
        a.traffic.length ? a.traffic.map((t) => ({ ...a, t })) : [{ ...a, t: null }],
      );
      return sendPerformanceFile(p, reply, {
        rows,
        columns: COLUMNS,
        title: { 'zh-CN': '代理查询', en: 'Agents' },
        format,
        locale,
      });
    },
  );
  r.get(
    `${B}/agent-query/customers`,
    {
      schema: {
        tags,
        summary:
          'agent-query/customer: one agent’s referred customers (CRM) with their accounts (finance) and traffic in a range (rollups)',
        querystring: agentCustomersQuery,
        response: { 200: envelope(agentCustomersPage) },
      },
      config: { access: { perm: TrafficPerm.AGENT_CUSTOMERS } },
    },
    async (req) => ok(await agentCustomers(p.db, req.auth!, req.query, localeOf(req.headers))),
  );
  r.post(
    `${B}/agent-query/customers/export`,
    {
      schema: {
        tags,
        summary: 'agent-query/customer: every customer of the filter, as a file',
        body: agentCustomersQuery.extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.AGENT_CUSTOMERS }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const answer = await agentCustomers(p.db, req.auth!, { ...q, page: 1, size: Number.MAX_SAFE_INTEGER }, locale);
      const rows = answer.records.flatMap((c): CustomerLine[] =>
        c.traffic.length ? c.traffic.map((t) => ({ ...c, t })) : [{ ...c, t: null }],
      );
      return sendPerformanceFile(p, reply, {
        rows,
        columns: CUSTOMER_COLUMNS,
        title: { 'zh-CN': `代理客户 ${answer.agent.code}`, en: `Agent customers ${answer.agent.code}` },
        format,
        locale,
      });
    },
  );
}
