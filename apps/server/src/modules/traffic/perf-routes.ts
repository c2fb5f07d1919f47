import { envelope, exportOptions } from '@portal/contracts';
import {
  type AgentPerformancePage,
  type AntsPage,
  agentPerformanceQuery,
  antsQuery,
  type GiftRow,
  giftPage,
  giftQuery,
  type StarPromoterRow,
  starPromoterPage,
  starPromoterQuery,
  TrafficPerm,
} from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { agentPerformance } from './agent-performance.js';
import { ants } from './ants.js';
import { ratesOf } from './converted.js';
import { giftPerformance } from './gift-performance.js';
import { type PerfColumn, profitColumns, sendPerformanceFile } from './perf-exports.js';
import { starPromoters } from './star-promoters.js';

const B = '/v2/traffic';
const tags = ['traffic'];
/** every row of the filter: the computed views group a few hundred agents or promoters */
const EVERY = { page: 1, size: Number.MAX_SAFE_INTEGER };

type AgentRow = AgentPerformancePage['records'][number];
const AGENT_COLUMNS: PerfColumn<AgentRow>[] = [
  ['代理编码', 'Agent code', (r) => r.code],
  ['代理名称', 'Agent', (r) => r.name],
  ['币种', 'Currency', (r) => r.currency],
  ['自身发送量', 'Own volume', (r) => r.count],
  ['自身收入', 'Own revenue', (r) => r.revenue],
  ...profitColumns<AgentRow>(),
  ['推荐客户发送量', 'Referred volume', (r) => r.referredCount],
  ['推荐客户收入', 'Referred revenue', (r) => r.referredRevenue],
  ['有发送的推荐客户', 'Referred customers with traffic', (r) => r.referredCustomers],
];
const PROMOTER_COLUMNS: PerfColumn<StarPromoterRow>[] = [
  ['排名', 'Rank', (r) => r.rank],
  ['推广员', 'Promoter', (r) => r.name],
  ['注册数', 'Sign-ups', (r) => r.signUps],
  ['已转客户', 'Became customers', (r) => r.customers],
  ['成交客户', 'Dealt customers', (r) => r.dealt],
  ['币种', 'Currency', (r) => r.currency],
  ['发送量', 'Volume', (r) => r.count],
  ['收入', 'Revenue', (r) => r.revenue],
  ...profitColumns<StarPromoterRow>(),
];

const GIFT_COLUMNS: PerfColumn<GiftRow>[] = [
  ['账户', 'Account', (r) => r.accountCode],
  ['客户', 'Customer', (r) => r.customerName],
  ['销售', 'Sales owner', (r) => r.ownerName],
  ['部门', 'Department', (r) => r.departmentName],
  ['币种', 'Currency', (r) => r.currency],
  ['赠送次数', 'Gifts', (r) => r.gifts],
  ['赠送金额', 'Gift amount', (r) => r.giftAmount],
  ['发送量', 'Volume', (r) => r.count],
  ['收入', 'Revenue', (r) => r.revenue],
  ...profitColumns<GiftRow>(),
  ['赠送 / 收入 %', 'Gift / revenue %', (r) => r.giftRatio],
];

type AntRow = AntsPage['records'][number];
const ANT_COLUMNS: PerfColumn<AntRow>[] = [
  ['客户编码', 'Customer code', (r) => r.code],
  ['客户名称', 'Customer', (r) => r.name],
  ['币种', 'Currency', (r) => r.currency],
  ['发送量', 'Volume', (r) => r.count],
  ['收入', 'Revenue', (r) => r.revenue],
  ...profitColumns<AntRow>(),
];

/** star-promoter-performance, gift-performance and the files of the computed performance views (decision 0136) */
export async function performanceViewRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${B}/star-promoters`,
    {
      schema: {
        tags,
        summary:
          'star-promoter-performance: per promoter, its promotion sign-ups and its customers’ traffic from the daily rollups, ranked by revenue',
        querystring: starPromoterQuery,
        response: { 200: envelope(starPromoterPage) },
      },
      config: { access: { perm: TrafficPerm.STAR_PROMOTERS } },
    },
    async (req) => ok(await starPromoters(p.db, req.auth!, req.query, ratesOf(p), localeOf(req.headers))),
  );
  r.post(
    `${B}/star-promoters/export`,
    {
      schema: {
        tags,
        summary: 'star-promoter-performance: every row of the filter, as a file',
        body: starPromoterQuery.extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.STAR_PROMOTERS }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const answer = await starPromoters(p.db, req.auth!, { ...q, ...EVERY }, ratesOf(p), locale, true);
      return sendPerformanceFile(p, reply, {
        rows: answer.records,
        columns: PROMOTER_COLUMNS,
        title: { 'zh-CN': '星推官业绩', en: 'Star promoter performance' },
        format,
        locale,
      });
    },
  );
  r.get(
    `${B}/gift-performance`,
    {
      schema: {
        tags,
        summary:
          'gift-performance: per account, the gift recharges of the range (finance ledger) beside its traffic from the daily rollups',
        querystring: giftQuery,
        response: { 200: envelope(giftPage) },
      },
      config: { access: { perm: TrafficPerm.GIFTS } },
    },
    async (req) => ok(await giftPerformance(p.db, req.auth!, req.query, ratesOf(p), localeOf(req.headers))),
  );
  r.post(
    `${B}/gift-performance/export`,
    {
      schema: {
        tags,
        summary: 'gift-performance: every row of the filter, as a file',
        body: giftQuery.extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.GIFTS }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const answer = await giftPerformance(p.db, req.auth!, { ...q, ...EVERY }, ratesOf(p), locale, true);
      return sendPerformanceFile(p, reply, {
        rows: answer.records,
        columns: GIFT_COLUMNS,
        title: { 'zh-CN': '赠送业绩', en: 'Gift performance' },
        format,
        locale,
      });
    },
  );
  r.post(
    `${B}/agent-performance/export`,
    {
      schema: {
        tags,
        summary: 'agentPerformance: every row of the filter, as a file',
        body: agentPerformanceQuery.extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.AGENT_PERFORMANCE }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const answer = await agentPerformance(p.db, req.auth!, { ...q, ...EVERY }, ratesOf(p));
      return sendPerformanceFile(p, reply, {
        rows: answer.records,
        columns: AGENT_COLUMNS,
        title: { 'zh-CN': '代理业绩', en: 'Agent performance' },
        format,
        locale,
      });
    },
  );
  r.post(
    `${B}/ants/export`,
    {
      schema: {
        tags,
        summary: 'resultsQuery/ants: every ant customer of the filter, as a file',
        body: antsQuery.extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.ANTS }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const answer = await ants(p.db, req.auth!, { ...q, ...EVERY }, ratesOf(p));
      return sendPerformanceFile(p, reply, {
        rows: answer.records,
        columns: ANT_COLUMNS,
        title: { 'zh-CN': 'Ants 业绩', en: 'Ants results' },
        format,
        locale,
      });
    },
  );
}
