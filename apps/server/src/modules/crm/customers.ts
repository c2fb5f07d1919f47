import { blocksCreation, customerResource } from '@portal/contracts/crm';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { homeDepartment } from '../../platform/access/home-department.js';
import { staffUsers } from '../../platform/access/schema.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';
import { bindResource, type WriteContext } from '../../platform/resource/index.js';
import { uniqueAlias } from '../../platform/resource/unique-alias.js';
import { assertNoPendingAlias } from './alias-pending.js';
import { customerNames } from './customer-refs.js';
import { companyDomains, findDuplicates } from './duplicates.js';
import { lockedCount, lockLimitOf } from './pool/claim-rules.js';
import { returnAtOf } from './pool/due.js';
import { crmContacts, crmCustomers, customerCodeSeq } from './schema.js';

const customerAlias = uniqueAlias({
  table: crmCustomers,
  id: crmCustomers.id,
  code: crmCustomers.code,
  name: crmCustomers.name,
  alias: crmCustomers.alias,
});
export const freeAlias = customerAlias.free;
export const checkAlias = customerAlias.check;

/** Company domains must not be free-mail ones: they would make every gmail user the same company. */
async function checkDomains(db: DbOrTx, domains: unknown) {
  const list = (domains as string[] | undefined) ?? [];
  const company = new Set(await companyDomains(db, list));
  const free = list.find((d) => !company.has(d.toLowerCase()));
  if (free) throw new AppError('CRM_FREE_MAIL_DOMAIN', { vars: { value: free } });
}

/** An agent must be an R-end business partner. */
async function checkAgent(db: DbOrTx, agentId: unknown, selfId?: number) {
  if (agentId === null || agentId === undefined) return;
  const [agent] = await db
    .select({ type: crmCustomers.type, code: crmCustomers.code })
    .from(crmCustomers)
    .where(eq(crmCustomers.id, agentId as number));
  if (agent?.type !== 'R' || agentId === selfId)
    throw new AppError('CRM_AGENT_NOT_PARTNER', { vars: { value: agent?.code ?? String(agentId) } });
}

/** Names and domains are compared lower-cased; domains kept so. */
const lowerDomains = (v: unknown) => ((v as string[] | undefined) ?? []).map((d) => d.toLowerCase());

async function beforeCreate(ctx: WriteContext, input: Record<string, unknown>) {
  const { tx, auth, p } = ctx;
  await checkDictValues(tx, customerResource.fields, input, 'CRM_DICT_VALUE_UNKNOWN');
  await checkAgent(tx, input.agentId);
  await checkDomains(tx, input.emailDomains);
  const dupes = await findDuplicates(tx, {
    name: input.name as string,
    alias: input.alias as string,
    emailDomains: lowerDomains(input.emailDomains),
    phones: input.phone ? [input.phone as string] : [],
  });
  const black = dupes.matches.find(blocksCreation);
  if (black) throw new AppError('CRM_BLACKLISTED_MATCH', { vars: { value: `${black.code} ${black.name}` } });
  await checkAlias(tx, input.alias as string);
  const [seq] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${customerCodeSeq.seqName}) as n`));
  const now = p.clock.now();
  return {
    code: `CU${seq!.n}`,
    emailDomains: lowerDomains(input.emailDomains),
    ownerId: auth.userId,
    ownedAt: now,
    departmentId: await homeDepartment(tx, auth.userId),
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  };
}

/** the owner's name, for lists and exports */
const ownerName = sql`(select u.name from ${staffUsers} u where u.id = "crm_customers"."owner_id")`;
const agentName = sql`(select a.name from crm_customers a where a.id = "crm_customers"."agent_id")`;

/** Customers on the resource kernel: my customers, partners (type R) and their agent customers. */
export const customers = bindResource(customerResource, {
  historyNames: { agentId: customerNames },
  table: crmCustomers,
  search: { keyword: crmCustomers.search },
  columns: {
    code: crmCustomers.code,
    name: crmCustomers.name,
    alias: crmCustomers.alias,
    type: crmCustomers.type,
    country: crmCustomers.country,
    industry: crmCustomers.industry,
    level: crmCustomers.level,
    source: crmCustomers.source,
    agentId: crmCustomers.agentId,
    agentName,
    emailDomains: crmCustomers.emailDomains,
    phone: crmCustomers.phone,
    address: crmCustomers.address,
    ownerId: crmCustomers.ownerId,
    ownerName,
    ownedAt: crmCustomers.ownedAt,
    departmentId: crmCustomers.departmentId,
    state: crmCustomers.state,
    blacklistReason: crmCustomers.blacklistReason,
    locked: crmCustomers.locked,
    dealt: crmCustomers.dealt,
    lastContactAt: crmCustomers.lastContactAt,
    nextContactAt: crmCustomers.nextContactAt,
    createdAt: crmCustomers.createdAt,
    returnAt: returnAtOf('"crm_customers"'),
    returnedAt: crmCustomers.returnedAt,
  },
  hooks: {
    beforeCreate,
    async beforeUpdate(ctx, before, patch) {
      if (before.state === 'blacklist')
        throw new AppError('CRM_CUSTOMER_NOT_WRITABLE', { vars: { value: before.code as string } });
      await assertNoPendingAlias(ctx.tx, [before.id as number]);
      await checkDictValues(ctx.tx, customerResource.fields, patch, 'CRM_DICT_VALUE_UNKNOWN');
      if (patch.emailDomains !== undefined) {
        await checkDomains(ctx.tx, patch.emailDomains);
        patch.emailDomains = lowerDomains(patch.emailDomains);
      }
      if (patch.agentId !== undefined) await checkAgent(ctx.tx, patch.agentId, before.id as number);
      return { updatedAt: ctx.p.clock.now() };
    },
  },
  commands: {
    async lock(ctx, customer, input) {
      await assertNoPendingAlias(ctx.tx, [customer.id as number]);
      // the owner's lock limit (`crm/rules/level`) holds when one more is locked
      const owner = customer.ownerId as number | null;
      if (input.locked && !customer.locked && owner !== null) {
        const limit = await lockLimitOf(ctx.tx, owner);
        // parallel locks of one owner's customers count one after the other
        if (limit !== null)
          await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext('crm.customer:lock'), ${owner})`);
        const held = limit === null ? 0 : await lockedCount(ctx.tx, owner);
        if (limit !== null && held >= limit) throw new AppError('CRM_LOCK_LIMIT', { vars: { count: held, limit } });
      }
      return { set: { locked: input.locked, updatedAt: ctx.p.clock.now() } };
    },
  },
  followUp: {
    async contactsOf(db, id, contactIds) {
      const rows = await db
        .select({ id: crmContacts.id })
        .from(crmContacts)
        .where(and(eq(crmContacts.customerId, id), inArray(crmContacts.id, [...contactIds])));
      return new Set(rows.map((r) => r.id));
    },
    /** a follow-up is the last contact; its next contact time re-arms the reminder */
    async recorded(tx, id, input, _auth, now) {
      await tx
        .update(crmCustomers)
        .set({
          lastContactAt: now,
          nextContactAt: input.nextAt ? new Date(input.nextAt) : null,
          remindedFor: null,
        })
        .where(eq(crmCustomers.id, id));
    },
  },
});
