import { ADMISSION_CHECKLIST, ADMISSION_CHECKLIST_KEYS, ADMISSION_SERVICE } from '@portal/contracts/srm';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { departments, staffUsers } from '../../platform/access/schema.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { recordEvents } from '../../platform/history/schema.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { processIdOf, startInstance } from '../approval/index.js';
import { ensureAdmissionProcess, ensureSourceChangeProcess, ensureSupplierRequestProcesses } from './process.js';
import { srmAdmissions, srmContacts, srmSuppliers } from './schema.js';

const DAY = 86_400_000;
const COUNTRIES = [
  'CN',
  'HK',
  'SG',
  'MY',
  'ID',
  'TH',
  'VN',
  'PH',
  'IN',
  'PK',
  'BD',
  'AE',
  'SA',
  'TR',
  'EG',
  'NG',
  'KE',
  'ZA',
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'PL',
  'US',
  'CA',
  'MX',
  'BR',
  'CO',
] as const;
const HEADS = [
  'Asia',
  'Euro',
  'Global',
  'Pan',
  'Nova',
  'Orbit',
  'Zenith',
  'Delta',
  'Sky',
  'Blue',
  'Swift',
  'Prime',
  'Nordic',
  'Atlas',
  'Vertex',
  'Pacific',
  'Sahara',
  'Andes',
  'Coral',
  'Lotus',
] as const;
const TAILS = ['Telecom', 'Mobile', 'Connect', 'Route', 'Voice', 'Link', 'Wave', 'Signal', 'Carrier'] as const;
const TYPES = ['operator', 'aggregator', 'aggregator', 'aggregator', 'sim_farm', 'equipment_vendor'] as const;
const PRODUCTS: Record<(typeof TYPES)[number], string[][]> = {
  operator: [['sms', 'voice'], ['sms'], ['voice']],
  aggregator: [['sms'], ['sms', 'whatsapp'], ['sms', 'email'], ['whatsapp', 'email'], ['sms', 'voice', 'whatsapp']],
  sim_farm: [['sms'], ['sms', 'voice']],
  equipment_vendor: [[]],
};
const PAYMENT: [string, number][] = [
  ['prepaid', 0],
  ['postpaid_monthly', 30],
  ['weekly', 7],
];
const PEOPLE = [
  'Anna Lee',
  'Omar Haddad',
  'Lucas Silva',
  'Mei Tan',
  'Ivan Petrov',
  'Priya Nair',
  'Jonas Berg',
  'Fatima Khan',
  'Diego Ruiz',
  'Chen Hao',
  'Sara Rossi',
  'Tom Baker',
] as const;
const NOTES: [string, string, string][] = [
  ['call', '电话沟通报价与覆盖', 'Call about rates and coverage'],
  ['email', '发送测试号码清单', 'Sent the test number list'],
  ['test', '完成 50 条测试，送达率 96%', 'Ran 50 test messages, 96% delivered'],
  ['meeting', '展会面谈，讨论直连资源', 'Met at the trade show about direct routes'],
  ['im', 'Skype 确认账单周期', 'Confirmed the billing cycle on Skype'],
];

/** A plausible E.164 number of a few countries, else null (the seed keeps to valid numbers). */
const PHONE_PREFIX: Partial<Record<string, string>> = {
  CN: '+86138',
  SG: '+6581',
  GB: '+44770',
  DE: '+49151',
  US: '+1415',
};
const phoneOf = (country: string, n: number) => {
  const p = PHONE_PREFIX[country];
  if (!p) return null;
  const len = country === 'SG' ? 4 : country === 'US' ? 7 : country === 'CN' ? 8 : 7;
  return `${p}${String(n * 7919)
    .padStart(len, '0')
    .slice(-len)}`;
};

type Owner = { id: number; username: string };

/** Every random value of supplier i, drawn whether or not the supplier exists yet. */
function plan(ctx: SeedContext, i: number, now: number, owners: Owner[], entities: number[]) {
  const { rng } = ctx;
  const head = HEADS[i % HEADS.length]!;
  const tail = TAILS[Math.floor(i / HEADS.length) % TAILS.length]!;
  const round = Math.floor(i / (HEADS.length * TAILS.length));
  const name = `${head} ${tail}${round ? ` ${round + 1}` : ''} Ltd`;
  const alias = `${head}${tail}${round ? round + 1 : ''}`;
  const country = COUNTRIES[(i * 7) % COUNTRIES.length]!;
  const roll = rng.next();
  const state = roll < 0.04 ? 'blacklist' : roll < 0.3 ? 'sea' : 'private';
  const owner = rng.pick(owners);
  const type = rng.pick(TYPES);
  const products = rng.pick(PRODUCTS[type]);
  const [paymentMethod, paymentTermDays] = rng.pick(PAYMENT);
  const createdAt = new Date(now - rng.int(5, 500) * DAY - rng.int(0, 86_000) * 1000);
  const admissionRoll = rng.next();
  const follow = Array.from({ length: state === 'private' ? rng.int(0, 4) : 0 }, () => {
    const [kind, zh, en] = rng.pick(NOTES);
    return { kind, body: `${zh}\n${en}`, at: new Date(now - rng.int(0, 120) * DAY - rng.int(0, 86_000) * 1000) };
  });
  const contactCount = rng.int(1, 3);
  const level = rng.pick(['direct', 'tier1', 'tier2', 'tier2']);
  const source = rng.pick(['exhibition', 'referral', 'inbound', 'marketplace', 'prospecting']);
  const entity = entities.length ? entities[rng.int(0, entities.length - 1)]! : null;
  const locked = state === 'private' && rng.next() < 0.05;
  const ownerId = state === 'private' ? owner.id : null;
  // admissions: about half of the private suppliers admitted, some rejected or withdrawn before, a few pending
  const admission =
    state !== 'private' || type === 'equipment_vendor'
      ? null
      : admissionRoll < 0.5
        ? 'approved'
        : admissionRoll < 0.58
          ? 'rejected'
          : admissionRoll < 0.63
            ? 'withdrawn'
            : admissionRoll < 0.7
              ? 'pending'
              : null;
  const last = follow.reduce<Date | null>((m, f) => (!m || f.at > m ? f.at : m), null);
  return {
    row: {
      code: `SD${String(i + 1).padStart(6, '0')}`,
      name,
      alias,
      type,
      products,
      country,
      level,
      source,
      entityId: entity,
      paymentMethod,
      paymentTermDays,
      domains: [`${alias.toLowerCase()}.net`],
      phone: phoneOf(country, i + 1),
      address: `${rng.int(1, 300)} ${head} Avenue`,
      ownerId,
      ownedAt: ownerId ? createdAt : null,
      departmentId: null as number | null,
      state: state as 'private' | 'sea' | 'blacklist',
      blacklistReason: state === 'blacklist' ? '虚假送达报告 / fake delivery reports' : null,
      locked,
      admitted: admission === 'approved',
      admittedAt: admission === 'approved' ? new Date(createdAt.getTime() + 10 * DAY) : null,
      lastContactAt: last,
      createdBy: owner.id,
      createdAt,
      updatedAt: createdAt,
    },
    contacts: Array.from({ length: contactCount }, (_, k) => ({
      name: PEOPLE[(i + k * 5) % PEOPLE.length]!,
      role: (['business', 'noc', 'billing'] as const)[k % 3]!,
      email: `${PEOPLE[(i + k * 5) % PEOPLE.length]!.split(' ')[0]!.toLowerCase()}@${alias.toLowerCase()}.net`,
      phone: phoneOf(country, (i + 1) * 10 + k),
      ownerId,
      createdAt,
    })),
    follow,
    admission,
  };
}

/**
 * Supplier demo data: suppliers over 30 countries owned by the purchasing staff (some in the sea, a
 * few blacklisted), contacts, follow-ups, and admissions in every state: decided ones as records
 * from before the approval engine (no request), pending ones as real requests waiting for the
 * purchasing manager. Keyed by code (`SD000001`…); a second run adds nothing.
 */
export async function seedSrm(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const total = ctx.count({ demo: 150, bench: 1000, large: 10_000 });
  const owners = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(or(sql`${staffUsers.username} ~ '^purchase[0-9]+$'`, eq(staffUsers.username, 'purchasemgr')))
    .orderBy(asc(staffUsers.username));
  if (!owners.length) return;
  const [mgr] = owners.filter((o) => o.username === 'purchasemgr');
  if (mgr)
    await db
      .update(departments)
      .set({ leaderUserId: mgr.id })
      .where(and(eq(departments.code, 'purchasing'), isNull(departments.leaderUserId)));
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'purchasing'));
  await ensureAdmissionProcess(db);
  await ensureSourceChangeProcess(db);
  await ensureSupplierRequestProcesses(db);
  // our contracting entities are reference data: read, never written
  const entities = rowsOf<{ id: number }>(
    await db.execute(sql`select id from ref_entities where enabled order by id`),
  ).map((e) => e.id);
  const now = Date.now();
  const plans = Array.from({ length: total }, (_, i) => plan(ctx, i, now, owners, entities));
  const fresh: typeof plans = [];
  for (let k = 0; k < plans.length; k += 500) {
    const batch = plans.slice(k, k + 500);
    const inserted = await db
      .insert(srmSuppliers)
      .values(batch.map((p) => ({ ...p.row, departmentId: p.row.ownerId ? (dept?.id ?? null) : null })))
      .onConflictDoNothing()
      .returning({ code: srmSuppliers.code });
    const codes = new Set(inserted.map((r) => r.code));
    fresh.push(...batch.filter((p) => codes.has(p.row.code)));
  }
  if (!fresh.length) return;
  const ids = await db
    .select({ id: srmSuppliers.id, code: srmSuppliers.code })
    .from(srmSuppliers)
    .where(
      inArray(
        srmSuppliers.code,
        fresh.map((p) => p.row.code),
      ),
    );
  const idOf = new Map(ids.map((r) => [r.code, r.id]));
  const contacts = fresh.flatMap((p) => p.contacts.map((c) => ({ ...c, supplierId: idOf.get(p.row.code)! })));
  for (let k = 0; k < contacts.length; k += 500) await db.insert(srmContacts).values(contacts.slice(k, k + 500));
  const events = fresh.flatMap((p) =>
    p.follow.map((f) => ({
      entity: 'srm.supplier',
      recordId: String(idOf.get(p.row.code)!),
      actorId: p.row.ownerId,
      kind: 'follow_up' as const,
      body: f.body,
      data: { type: f.kind, nextAt: null, files: [], contacts: [] },
      at: f.at,
    })),
  );
  for (let k = 0; k < events.length; k += 500) await db.insert(recordEvents).values(events.slice(k, k + 500));
  await seedAdmissions(ctx, fresh, idOf, mgr?.id ?? null);
  ctx.log.info({ suppliers: total }, 'srm demo data');
}

const allDone = Object.fromEntries(ADMISSION_CHECKLIST_KEYS.map((k) => [k, true]));
const checklistText = ADMISSION_CHECKLIST.map((c) => `☑ ${c.label.zh} / ${c.label.en}`).join('\n');

async function seedAdmissions(
  ctx: SeedContext,
  fresh: ReturnType<typeof plan>[],
  idOf: Map<string, number>,
  managerId: number | null,
): Promise<void> {
  const { db } = ctx;
  const decided = fresh.filter((p) => p.admission && p.admission !== 'pending');
  if (decided.length)
    await db.insert(srmAdmissions).values(
      decided.map((p) => ({
        supplierId: idOf.get(p.row.code)!,
        state: p.admission as 'approved' | 'rejected' | 'withdrawn',
        checklist: allDone,
        note: '系统上线前的准入记录 / recorded before the approval engine',
        applicantId: p.row.createdBy,
        decidedAt: new Date(p.row.createdAt.getTime() + 10 * DAY),
        createdAt: new Date(p.row.createdAt.getTime() + 3 * DAY),
      })),
    );
  const processId = await processIdOf(db, ADMISSION_SERVICE);
  if (!processId) return;
  // pending ones are real requests, started by buyers (the manager's own would have no approver above)
  const pending = fresh.filter(
    (p) => p.admission === 'pending' && p.row.ownerId !== null && p.row.ownerId !== managerId,
  );
  for (const p of pending) {
    const supplierId = idOf.get(p.row.code)!;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(srmAdmissions)
        .values({
          supplierId,
          checklist: allDone,
          note: '新通道资源，请审批 / new routes, please review',
          applicantId: p.row.ownerId!,
          createdAt: new Date(),
        })
        .returning({ id: srmAdmissions.id });
      const out = Object.assign([], { now: new Date() });
      const { instanceId } = await startInstance(
        tx,
        {
          processId,
          initiatorId: p.row.ownerId!,
          title: `供应商准入 ${p.row.code} ${p.row.name}`,
          formData: { supplier: `${p.row.code} ${p.row.name}`, checklist: checklistText, note: '', documents: [] },
          businessKey: String(row!.id),
        },
        out,
      );
      await tx.update(srmAdmissions).set({ approvalId: instanceId }).where(eq(srmAdmissions.id, row!.id));
    });
  }
}

/**
 * The demo suppliers signed by none of our entities, spread over `entityIds` by id (the same every run):
 * entity settlement's demo (decision 0119) needs suppliers of different entities. Answers how many.
 */
export async function spreadDemoSupplierEntities(db: Db, entityIds: number[]): Promise<number> {
  if (!entityIds.length) return 0;
  const list = sql.join(
    entityIds.map((e) => sql`${e}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`update srm_suppliers set entity_id = (array[${list}]::int[])[1 + id % ${entityIds.length}]
      where entity_id is null returning id`),
  );
  return rows.length;
}
