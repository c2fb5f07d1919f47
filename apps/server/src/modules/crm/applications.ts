import {
  APPLICATION_KINDS,
  APPLICATION_PREFIX,
  APPLICATION_SERVICES,
  type ApplicationKind,
  type ApplyResult,
  applicationResource,
  customerResource,
} from '@portal/contracts/crm';
import { and, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import { rowsOf, type Tx } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { AppError } from '../../platform/http/errors.js';
import { recordMembers } from '../../platform/ownership/schema.js';
import type { Platform } from '../../platform/platform.js';
import { bindResource } from '../../platform/resource/index.js';
import {
  type ApprovalOutcome,
  type Outbox,
  processIdOf,
  registerApprovalHandler,
  runCommand,
  startInstance,
} from '../approval/index.js';
import { writableCustomer } from './access.js';
import { assertNoPendingAlias } from './alias-pending.js';
import { customerNames } from './customer-refs.js';
import { checkAlias, freeAlias } from './customers.js';
import { crmApplications, crmCustomers } from './schema.js';

const customerCode = sql`(select c.code from crm_customers c where c.id = "crm_applications"."customer_id")`;
const customerName = sql`(select c.name from crm_customers c where c.id = "crm_applications"."customer_id")`;
const initiatorName = sql`(select u.name from ${staffUsers} u where u.id = "crm_applications"."initiator_id")`;

/** The applications list (approval orders, alias change records, the customer's approvals tab). */
export const applications = bindResource(applicationResource, {
  historyNames: { customerId: customerNames },
  table: crmApplications,
  search: { keyword: crmApplications.search },
  columns: {
    code: crmApplications.code,
    kind: crmApplications.kind,
    customerId: crmApplications.customerId,
    customerCode,
    customerName,
    oldValue: crmApplications.oldValue,
    newValue: crmApplications.newValue,
    reason: crmApplications.reason,
    state: crmApplications.state,
    instanceId: crmApplications.instanceId,
    initiatorId: crmApplications.initiatorId,
    initiatorName,
    opinion: crmApplications.opinion,
    createdAt: crmApplications.createdAt,
    decidedAt: crmApplications.decidedAt,
  },
});

const KIND_TITLE: Record<ApplicationKind, { zh: string; en: string }> = {
  alias: { zh: '客户简称变更', en: 'Alias change' },
  classA: { zh: 'A 类客户申请', en: 'Class-A application' },
  source: { zh: '客户来源变更', en: 'Customer source change' },
  teamName: { zh: '团队名称变更', en: 'Team name change' },
  blacklist: { zh: '客户拉黑申请', en: 'Blacklisting' },
};

/** The current value an application changes, by kind. */
type Customer = typeof crmCustomers.$inferSelect;
const currentValue = (kind: ApplicationKind, c: Customer): string | null =>
  ({
    alias: c.alias,
    classA: c.level,
    source: c.source,
    teamName: c.name,
    blacklist: c.state,
  })[kind];

/** An alias another customer holds or a pending alias change asks for is taken (10050016). */
async function checkAliasFree(tx: Tx, alias: string, customerId: number) {
  await checkAlias(tx, alias, customerId);
  const [asked] = await tx
    .select({ id: crmApplications.id })
    .from(crmApplications)
    .where(
      and(
        eq(crmApplications.kind, 'alias'),
        eq(crmApplications.state, 'pending'),
        sql`lower(${crmApplications.newValue}) = lower(${alias})`,
      ),
    );
  if (asked) {
    let suggested = await freeAlias(tx, alias);
    // the generated alias must not be one a pending change asks for either
    for (let n = 0; n < 20; n++) {
      const [again] = await tx
        .select({ id: crmApplications.id })
        .from(crmApplications)
        .where(
          and(eq(crmApplications.state, 'pending'), sql`lower(${crmApplications.newValue}) = lower(${suggested})`),
        );
      if (!again) break;
      suggested = `${suggested}-${n + 2}`.slice(0, 32);
    }
    throw new AppError('ALIAS_TAKEN', { vars: { value: alias }, data: { alias: suggested } });
  }
}

/** The checks of a new value, by kind; answers the value stored as `new_value`. */
async function checkNewValue(tx: Tx, kind: ApplicationKind, c: Customer, value: string | null) {
  const old = currentValue(kind, c);
  if (kind === 'classA') {
    if (c.level === 'A') throw new AppError('CRM_ALREADY_CLASS_A', { vars: { value: c.code } });
    return 'A';
  }
  if (kind === 'blacklist') return 'blacklist';
  if (value === null || value.toLowerCase() === (old ?? '').toLowerCase()) throw new AppError('CRM_VALUE_UNCHANGED');
  if (kind === 'alias') await checkAliasFree(tx, value, c.id);
  if (kind === 'source')
    await checkDictValues(tx, { source: customerResource.fields.source }, { source: value }, 'CRM_DICT_VALUE_UNKNOWN');
  return value;
}

export interface ApplyInput {
  customerId: number;
  reason: string;
  /** the requested value (alias, source, team name); none for class A and blacklist */
  value?: string;
}

/**
 * Starts an application on a customer the caller owns (or their data scope covers): the record
 * and its approval request in one transaction. A customer with a pending alias change answers
 * 10050027; a second pending application of one kind CRM_APPLICATION_PENDING.
 */
export async function apply(p: Platform, auth: AuthContext, kind: ApplicationKind, input: ApplyInput) {
  return runCommand<ApplyResult>(p, async (tx, out) => {
    await writableCustomer(tx, auth, input.customerId);
    return startApplication(tx, out, p.clock.now(), auth.userId, kind, input);
  });
}

/** The application and its request, on a customer already locked for the caller. */
export async function startApplication(
  tx: Tx,
  out: Outbox,
  now: Date,
  initiatorId: number,
  kind: ApplicationKind,
  input: ApplyInput,
): Promise<ApplyResult> {
  const id = input.customerId;
  await assertNoPendingAlias(tx, [id]);
  const [c] = await tx.select().from(crmCustomers).where(eq(crmCustomers.id, id));
  const [pending] = await tx
    .select({ id: crmApplications.id })
    .from(crmApplications)
    .where(
      and(eq(crmApplications.customerId, id), eq(crmApplications.kind, kind), eq(crmApplications.state, 'pending')),
    );
  if (pending) throw new AppError('CRM_APPLICATION_PENDING', { vars: { value: c!.code } });
  const newValue = await checkNewValue(tx, kind, c!, input.value?.trim() ?? null);
  const processId = await processIdOf(tx, APPLICATION_SERVICES[kind]);
  const title = KIND_TITLE[kind];
  if (!processId) throw new AppError('CRM_PROCESS_MISSING', { vars: { value: title.zh } });
  const [seq] = rowsOf<{ id: number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('crm_applications', 'id'))::int as id`),
  );
  const code = `${APPLICATION_PREFIX[kind]}${String(seq!.id).padStart(6, '0')}`;
  const oldValue = currentValue(kind, c!);
  await tx.insert(crmApplications).values({
    id: seq!.id,
    code,
    kind,
    customerId: id,
    oldValue,
    newValue,
    reason: input.reason,
    initiatorId,
    createdAt: now,
  });
  const { instanceId } = await startInstance(
    tx,
    {
      processId,
      initiatorId,
      title: `${title.zh} ${c!.code} ${c!.name}`,
      formData: {
        customer: `${c!.code} ${c!.name}`,
        change: kind === 'blacklist' || kind === 'classA' ? title.zh : `${oldValue ?? ''} → ${newValue}`,
        reason: input.reason,
      },
      businessKey: String(id),
    },
    out,
  );
  await tx.update(crmApplications).set({ instanceId }).where(eq(crmApplications.id, seq!.id));
  return { id: seq!.id, code, instanceId };
}

/** The application of a request, locked for its outcome. */
async function applicationOf(tx: Tx, instanceId: number) {
  const [row] = await tx.select().from(crmApplications).where(eq(crmApplications.instanceId, instanceId)).for('update');
  return row;
}

/** The approved change on the customer, with its history event. */
async function carryOut(tx: Tx, a: typeof crmApplications.$inferSelect, actorId: number, now: Date) {
  const [c] = await tx.select().from(crmCustomers).where(eq(crmCustomers.id, a.customerId)).for('update');
  if (!c) return;
  const set: Partial<Customer> = { updatedAt: now, version: c.version + 1 };
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  const change = (field: 'alias' | 'level' | 'source' | 'name' | 'state' | 'ownerId', to: unknown) => {
    changes.push({ field, from: c[field], to });
    (set as Record<string, unknown>)[field] = to;
  };
  if (a.kind === 'alias') {
    await checkAlias(tx, a.newValue!, c.id);
    change('alias', a.newValue);
  }
  if (a.kind === 'classA') change('level', 'A');
  if (a.kind === 'source') change('source', a.newValue);
  if (a.kind === 'teamName') change('name', a.newValue);
  if (a.kind === 'blacklist') {
    // a blacklisted customer is nobody's: no owner, no team, never claimable
    change('state', 'blacklist');
    change('ownerId', null);
    set.ownedAt = null;
    set.blacklistReason = a.reason;
    await tx
      .delete(recordMembers)
      .where(and(eq(recordMembers.entity, 'crm.customer'), eq(recordMembers.recordId, c.id)));
  }
  await tx.update(crmCustomers).set(set).where(eq(crmCustomers.id, c.id));
  await appendRecordEvents(
    tx,
    [
      {
        entity: 'crm.customer',
        recordId: c.id,
        actorId,
        kind: 'updated',
        changes: changes as never,
        body: a.reason,
        data: { application: a.code },
      },
    ],
    now,
  );
}

/** The clock the outcome handlers read (the app's, set when the module registers). */
const live: { clock: Clock | null } = { clock: null };

async function decide(o: ApprovalOutcome, state: 'approved' | 'rejected' | 'withdrawn') {
  const a = await applicationOf(o.tx, o.instance.id);
  if (a?.state !== 'pending') return;
  const now = live.clock!.now();
  if (state === 'approved') await carryOut(o.tx, a, o.actorId, now);
  await o.tx
    .update(crmApplications)
    .set({ state, opinion: o.opinion || null, decidedAt: now, version: a.version + 1 })
    .where(eq(crmApplications.id, a.id));
}

/** Each kind's outcomes, once per process (tests start several apps in one process). */
export function registerApplicationHandlers(clock: Clock) {
  const first = live.clock === null;
  live.clock = clock;
  if (!first) return;
  for (const kind of APPLICATION_KINDS)
    registerApprovalHandler(APPLICATION_SERVICES[kind], {
      historyEntity: 'crm.customer',
      onApproved: (o) => decide(o, 'approved'),
      onRejected: (o) => decide(o, 'rejected'),
      onWithdrawn: (o) => decide(o, 'withdrawn'),
    });
}

/** The seed decides its demo requests through the engine: the handlers, on the wall clock unless an app set one. */
export function ensureApplicationHandlers() {
  if (live.clock === null) registerApplicationHandlers(systemClock);
}
