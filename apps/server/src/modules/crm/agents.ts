import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { searchMatch } from '../../platform/db/search.js';
import type { AgentPageQuery, AgentRef, AgentsPort, ReferredRef } from '../../platform/ports.js';
import { crmCustomers } from './schema.js';

const c = crmCustomers;

/** the agents of the filter: R customers in the caller's data scope (by their owner) */
function agentWhere(q: AgentPageQuery): SQL | undefined {
  const kw = q.keyword?.trim();
  return and(
    eq(c.type, 'R'),
    dataScopeWhere(q.auth, c.ownerId),
    kw ? searchMatch(c.search, kw) : undefined,
    q.ownerId !== undefined ? eq(c.ownerId, q.ownerId) : undefined,
    q.country ? eq(c.country, q.country) : undefined,
    q.departmentId !== undefined
      ? sql`${c.ownerId} in (select ud.user_id from user_departments ud where ud.department_id in (
          with recursive d as (select id from departments where id = ${q.departmentId}
            union all select s.id from departments s join d on s.parent_id = d.id)
          select id from d))`
      : undefined,
  );
}

const agentColumns = {
  id: c.id,
  code: c.code,
  name: c.name,
  country: c.country,
  ownerId: c.ownerId,
  state: c.state,
  lastContactAt: c.lastContactAt,
};
type AgentBase = Omit<AgentRef, 'referredIds' | 'dealt'>;

/** the referred customers of some agents (by the agent index): their ids and how many are dealt */
async function withReferred(db: Db, agents: AgentBase[]): Promise<AgentRef[]> {
  const ids = agents.map((a) => a.id);
  const rows = ids.length
    ? await db.select({ id: c.id, agentId: c.agentId, dealt: c.dealt }).from(c).where(inArray(c.agentId, ids))
    : [];
  const by = new Map<number, { referredIds: number[]; dealt: number }>(
    ids.map((id) => [id, { referredIds: [], dealt: 0 }]),
  );
  for (const r of rows) {
    const x = by.get(r.agentId!)!;
    x.referredIds.push(r.id);
    if (r.dealt) x.dealt += 1;
  }
  return agents.map((a) => ({ ...a, ...by.get(a.id)! }));
}

/**
 * The `agents` port (decision 0144): a page of agents newest first, with their referred customers; the
 * ids of every agent of the filter and the referred / dealt customers of them all, for the totals.
 */
export const agentsPort = (db: Db): AgentsPort => ({
  async page(q) {
    const where = agentWhere(q);
    // one after the other: PGlite serves one query at a time
    const records = await db
      .select(agentColumns)
      .from(c)
      .where(where)
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const all = await db.select({ id: c.id }).from(c).where(where);
    const ids = all.map((r) => r.id);
    const [n] = ids.length
      ? await db
          .select({ referred: count(), dealt: sql<number>`count(*) filter (where ${c.dealt})` })
          .from(c)
          .where(inArray(c.agentId, ids))
      : [];
    return {
      records: await withReferred(db, records as AgentBase[]),
      total: ids.length,
      ids,
      referred: Number(n?.referred ?? 0),
      dealt: Number(n?.dealt ?? 0),
    };
  },
  inScope: (auth: AuthContext, id: number) => inScope(db, auth, id),
  async customers(q) {
    const agent = await inScope(db, q.auth, q.agentId);
    if (!agent) return undefined;
    const kw = q.keyword?.trim();
    // the agent index (crm_customers_agent_idx: agent, newest first, id descending) gives the rows in page order
    const where = and(eq(c.agentId, agent.id), kw ? searchMatch(c.search, kw) : undefined);
    const records = await db
      .select({
        id: c.id,
        code: c.code,
        name: c.name,
        country: c.country,
        ownerId: c.ownerId,
        type: c.type,
        state: c.state,
        dealt: c.dealt,
      })
      .from(c)
      .where(where)
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const all = await db.select({ id: c.id, dealt: c.dealt }).from(c).where(where);
    return {
      agent,
      records: records as ReferredRef[],
      total: all.length,
      ids: all.map((r) => r.id),
      dealt: all.filter((r) => r.dealt).length,
    };
  },
});

/** one agent if it is an R customer in the caller's data scope, with its referred customers */
async function inScope(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select(agentColumns)
    .from(c)
    .where(and(eq(c.id, id), eq(c.type, 'R'), dataScopeWhere(auth, c.ownerId)));
  return row ? (await withReferred(db, [row as AgentBase]))[0] : undefined;
}
