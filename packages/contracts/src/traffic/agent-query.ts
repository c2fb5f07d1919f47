import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { coerceInt32, int32, int53 } from '../validation/scalars.js';

/**
 * agent-query/page (代理查询, decision 0144): the agents (R-end partners: CRM customers of type R) in the
 * caller's data scope with what CRM knows of the customers that came through them, and the traffic of
 * those customers (and the agent's own) over the whole UTC days of a required range, from the rollups.
 */
export const agentQueryQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** part of the agent's name, alias or code */
  keyword: z.string().trim().max(200).optional(),
  /** the agent's owner (sales) */
  ownerId: coerceInt32().optional(),
  /** the owner's department, with its sub-departments */
  departmentId: coerceInt32().optional(),
  /** ISO 3166-1 alpha-2 */
  country: z.string().trim().max(16).optional(),
});
export type AgentQueryQuery = z.infer<typeof agentQueryQuery>;

/** one price currency of an agent's traffic in the range */
export const agentQueryTraffic = z.object({
  currency: z.string(),
  /** the referred customers: messages, calls, WhatsApp messages and mails; revenue */
  count: int53(),
  revenue: z.string(),
  /** of the referred customers, how many had traffic in this currency */
  customers: int53(),
  /** the agent's own accounts */
  ownCount: int53(),
  ownRevenue: z.string(),
});
export type AgentQueryTraffic = z.infer<typeof agentQueryTraffic>;

export const agentQueryRow = z.object({
  agentId: int32(),
  code: z.string(),
  name: z.string(),
  ownerId: int32().nullable(),
  ownerName: z.string().nullable(),
  country: z.string(),
  /** the agent's CRM state: private (owned), open_sea, blacklist */
  state: z.string(),
  /** the last follow-up with the agent */
  lastContactAt: z.string().nullable(),
  /** customers that came through the agent (CRM `agent`), of them with a consumer account, and dealt */
  referred: int53(),
  withAccount: int53(),
  dealt: int53(),
  traffic: z.array(agentQueryTraffic),
});
export type AgentQueryRow = z.infer<typeof agentQueryRow>;

export const agentQueryPage = pageResult(agentQueryRow).extend({
  /** the whole filter: agents, their referred and dealt customers, and the traffic per currency */
  summary: z.object({ agents: int53(), referred: int53(), dealt: int53() }),
  totals: z.array(agentQueryTraffic.extend({ agents: int53() })),
});
export type AgentQueryPage = z.infer<typeof agentQueryPage>;

/**
 * agent-query/customer (代理客户, decision 0147): one agent's referred customers (CRM `agent`) with their
 * accounts (finance) and their traffic over the whole UTC days of a required range (the rollups).
 */
export const agentCustomersQuery = pageQuery.extend({
  /** the agent: an R-end customer in the caller's data scope, else TRF_AGENT_UNSEEN */
  agentId: coerceInt32(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** part of the customer's name, alias or code */
  keyword: z.string().trim().max(200).optional(),
});
export type AgentCustomersQuery = z.infer<typeof agentCustomersQuery>;

/** one price currency of a referred customer's traffic in the range (the totals add how many customers sent) */
export const agentCustomerTraffic = z.object({
  currency: z.string(),
  count: int53(),
  revenue: z.string(),
});
export type AgentCustomerTraffic = z.infer<typeof agentCustomerTraffic>;

export const agentCustomerRow = z.object({
  customerId: int32(),
  code: z.string(),
  name: z.string(),
  /** the customer type: C (direct) or R (reseller) */
  type: z.string(),
  ownerId: int32().nullable(),
  ownerName: z.string().nullable(),
  country: z.string(),
  /** the customer's CRM state: private (owned), open_sea, blacklist */
  state: z.string(),
  dealt: z.boolean(),
  /** its consumer accounts opened and not closed (active or suspended) */
  accounts: int53(),
  /** the first UTC day in the range with traffic (YYYY-MM-DD), null without traffic */
  firstDay: z.string().nullable(),
  traffic: z.array(agentCustomerTraffic),
});
export type AgentCustomerRow = z.infer<typeof agentCustomerRow>;

export const agentCustomersPage = pageResult(agentCustomerRow).extend({
  /** the agent the page is of */
  agent: z.object({
    agentId: int32(),
    code: z.string(),
    name: z.string(),
    ownerId: int32().nullable(),
    ownerName: z.string().nullable(),
  }),
  /** the whole filter: the customers, of them dealt and with an account */
  summary: z.object({ customers: int53(), dealt: int53(), withAccount: int53() }),
  /** the traffic of every customer of the filter per currency, and how many of them had some */
  totals: z.array(agentCustomerTraffic.extend({ customers: int53() })),
});
export type AgentCustomersPage = z.infer<typeof agentCustomersPage>;
