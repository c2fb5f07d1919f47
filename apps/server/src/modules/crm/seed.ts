import { asc, inArray, isNull, or, sql } from 'drizzle-orm';
import { type CountryCode, getExampleNumber } from 'libphonenumber-js';
import { parsePhoneNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { staffUsers } from '../../platform/access/schema.js';
import { recordEvents } from '../../platform/history/schema.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { dealEvent } from './deal.js';
import { crmContacts, crmCustomers, crmOpportunities, crmOpportunityStages } from './schema.js';
import {
  COUNTRIES,
  FOLLOW_UP_NOTES,
  NAME_FORMS,
  NAME_HEADS,
  NAME_TAILS,
  PERSON_FIRST,
  PERSON_LAST,
  TITLES,
} from './seed-data.js';

const DAY = 86_400_000;
const BATCH = 500;
const INDUSTRIES = ['ecommerce', 'fintech', 'gaming', 'logistics', 'social', 'otp'];
const LEVELS = ['A', 'B', 'C', 'C', 'D', 'D'];
const SOURCES = ['website', 'exhibition', 'referral', 'cold_call', 'partner'];
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'CNY'];
const LOST = ['price', 'quality', 'service', 'no_need'];

/** A valid mobile number of the country, varied by `n` (the country's example with other last digits). */
function mobileOf(country: string, n: number): string | null {
  const example = getExampleNumber(country as CountryCode, examples);
  if (!example) return null;
  const digits = example.number;
  const tail = String(n % 10000).padStart(4, '0');
  const candidate = `${digits.slice(0, -4)}${tail}`;
  try {
    const parsed = parsePhoneNumber(candidate);
    return parsed.isValid() ? parsed.number : digits;
  } catch {
    return digits;
  }
}

/** The i-th company name: head × tail × legal form, then numbered beyond the combinations. */
function companyName(i: number) {
  const h = NAME_HEADS[i % NAME_HEADS.length]!;
  const t = NAME_TAILS[Math.floor(i / NAME_HEADS.length) % NAME_TAILS.length]!;
  const round = Math.floor(i / (NAME_HEADS.length * NAME_TAILS.length));
  const form = NAME_FORMS[round % NAME_FORMS.length]!;
  const extra = round >= NAME_FORMS.length ? ` ${Math.floor(round / NAME_FORMS.length) + 1}` : '';
  return { name: `${h} ${t}${extra} ${form}`, alias: `${h}${t}${extra.trim()}${round % NAME_FORMS.length || ''}` };
}

type Sales = { id: number; username: string }[];
type Stages = { code: string; winRate: number }[];
const i32 = (code: string) => Number(code.slice(2));

/** Every random value of customer i, drawn whether or not the customer exists yet. */
function planCustomer(ctx: SeedContext, i: number, now: number, sales: Sales, partners: number[], stages: Stages) {
  const { rng } = ctx;
  const { name, alias } = companyName(i);
  const country = COUNTRIES[i % COUNTRIES.length]!;
  const roll = rng.next();
  const state = roll < 0.01 ? 'blacklist' : roll < 0.13 ? 'open_sea' : 'private';
  const owner = rng.pick(sales);
  const type = rng.next() < 0.15 ? 'R' : 'C';
  const createdAt = new Date(now - rng.int(1, 400) * DAY - rng.int(0, 86_000) * 1000);
  const withAgent = rng.next() < 0.3;
  const agentPick = rng.next();
  const hasDomain = rng.next() < 0.9;
  const ownerId = state === 'private' ? owner.id : null;
  const emailDomains = hasDomain ? [`${alias.toLowerCase()}.com`] : [];
  const contacts = Array.from({ length: rng.int(1, 3) }, (_, k) => {
    const first = rng.pick(PERSON_FIRST);
    const last = rng.pick(PERSON_LAST);
    return {
      name: `${first} ${last}`,
      title: rng.pick(TITLES),
      email: emailDomains[0] ? `${first.toLowerCase()}.${k + 1}@${emailDomains[0]}` : null,
      keyDecisionMaker: k === 0,
      ownerId,
      createdAt,
    };
  });
  const followUps = Array.from({ length: state === 'private' ? rng.int(0, 6) : 0 }, () => {
    const [type, zh, en] = rng.pick(FOLLOW_UP_NOTES);
    return {
      entity: 'crm.customer',
      actorId: ownerId,
      kind: 'follow_up',
      body: `${zh}\n${en}`,
      data: { type, nextAt: null, files: [], contacts: [] },
      at: new Date(now - rng.int(0, 180) * DAY - rng.int(0, 86_000) * 1000),
    };
  });
  const nextIn = rng.int(-3, 14);
  const last = followUps.reduce<Date | null>((m, f) => (!m || f.at > m ? f.at : m), null);
  const next = last ? new Date(now + nextIn * DAY) : null;
  const wantsOpp = state === 'private' && rng.next() < 0.4;
  const stage = rng.pick(stages);
  const statusRoll = rng.next();
  const status = statusRoll < 0.7 ? 'open' : statusRoll < 0.85 ? 'won' : statusRoll < 0.95 ? 'lost' : 'invalid';
  const product = rng.pick(['OTP', 'Marketing SMS', 'WhatsApp', 'Voice OTP']);
  const amount = rng.int(10, 500) * 10_000;
  const currency = rng.pick(CURRENCIES);
  const lostReason = rng.pick(LOST);
  const row = {
    code: `CD${String(i + 1).padStart(6, '0')}`,
    name,
    alias,
    type: type as 'C' | 'R',
    country,
    industry: rng.pick(INDUSTRIES),
    level: rng.pick(LEVELS),
    source: rng.pick(SOURCES),
    emailDomains,
    phone: mobileOf(country, i),
    address: `${rng.int(1, 300)} ${rng.pick(NAME_HEADS)} Road`,
    ownerId,
    ownedAt: ownerId ? createdAt : null,
    state: state as 'private' | 'open_sea' | 'blacklist',
    // pool customers came back some days ago (2–89), never before they were created; drawn from
    // the index, not the stream, so every other value stays as it was
    returnedAt: state === 'open_sea' ? new Date(Math.max(createdAt.getTime() + DAY, now - (2 + (i % 88)) * DAY)) : null,
    blacklistReason: state === 'blacklist' ? '长期欠费 / long unpaid bills' : null,
    locked: state === 'private' && rng.next() < 0.05,
    dealt: state === 'private' && rng.next() < 0.3,
    agentId: type === 'C' && withAgent && partners.length ? partners[Math.floor(agentPick * partners.length)]! : null,
    lastContactAt: last,
    nextContactAt: next,
    remindedFor: next && next.getTime() < now ? next : null,
    createdBy: owner.id,
    createdAt,
    updatedAt: createdAt,
  };
  const opportunity = wantsOpp
    ? {
        name: `${alias} ${product}`,
        stage: stage.code,
        winRate: status === 'open' ? stage.winRate : status === 'won' ? 100 : 0,
        amount,
        currency,
        status: status as 'open' | 'won' | 'lost' | 'invalid',
        lostReason: status === 'lost' ? lostReason : null,
        ownerId,
        closedAt: status === 'open' ? null : new Date(createdAt.getTime() + 30 * DAY),
        createdAt,
      }
    : null;
  // a dealt customer's first paid traffic came after it was created (its deal event); the time is
  // drawn from the index, not the stream, as returnedAt
  const dealtAt = row.dealt
    ? new Date(createdAt.getTime() + Math.min((1 + (i % 60)) * DAY, (now - createdAt.getTime()) / 2))
    : null;
  // a direct customer of the first batch came through an agent too: no partner exists before that
  // batch is in, so it gets its agent (by the same draw) once they are (`seedCrm`)
  const agentLater = type === 'C' && withAgent && !partners.length ? agentPick : null;
  return { row, contacts, followUps, opportunity, dealtAt, agentLater };
}

/**
 * CRM demo data: customers over 40 countries owned by the sales staff (some in the open sea, a few
 * blacklisted, partners with agent customers), contacts, follow-ups over the last 180 days and
 * opportunities in every stage, and the deal event of each dealt customer. Rows are keyed by their code (`CD000001`…); contacts, follow-ups and
 * opportunities are added with a customer only when the customer is new, so a second run adds nothing.
 */
export async function seedCrm(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const total = ctx.count({ demo: 2000, bench: 5000, large: 50_000 });
  const sales = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(or(sql`${staffUsers.username} ~ '^sales[0-9]+$'`, sql`${staffUsers.username} = 'salesmgr'`))
    .orderBy(asc(staffUsers.username));
  if (!sales.length) return;
  const stages = await db
    .select({ code: crmOpportunityStages.code, winRate: crmOpportunityStages.winRate })
    .from(crmOpportunityStages)
    .where(isNull(crmOpportunityStages.departmentId))
    .orderBy(asc(crmOpportunityStages.sort));
  const now = Date.now();
  const partners: number[] = [];
  const later: { code: string; pick: number }[] = [];

  for (let start = 0; start < total; start += BATCH) {
    const plans = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++)
      plans.push(planCustomer(ctx, i, now, sales, partners, stages));
    const inserted = await db
      .insert(crmCustomers)
      .values(plans.map((p) => p.row))
      .onConflictDoNothing()
      .returning({ id: crmCustomers.id, code: crmCustomers.code });
    const known = await db
      .select({ id: crmCustomers.id, code: crmCustomers.code })
      .from(crmCustomers)
      .where(
        inArray(
          crmCustomers.code,
          plans.map((p) => p.row.code),
        ),
      );
    const idOf = new Map(known.map((k) => [k.code, k.id]));
    for (const p of plans) if (p.row.type === 'R') partners.push(idOf.get(p.row.code)!);
    const fresh = plans.filter((p) => inserted.some((r) => r.code === p.row.code));
    for (const p of fresh) if (p.agentLater !== null) later.push({ code: p.row.code, pick: p.agentLater });
    const contacts = fresh.flatMap((p) =>
      p.contacts.map((c, k) => ({
        ...c,
        customerId: idOf.get(p.row.code)!,
        phone: mobileOf(p.row.country, i32(p.row.code) * 7 + k),
      })),
    );
    const events = fresh.flatMap((p) => {
      const id = idOf.get(p.row.code)!;
      // the deal event exactly as the real deal path writes it (`deal.ts`), at the seeded time
      const deal = p.dealtAt ? [{ ...dealEvent(id), at: p.dealtAt }] : [];
      return [...p.followUps.map((f) => ({ ...f, recordId: String(id) })), ...deal];
    });
    const opps = fresh.flatMap((p) => (p.opportunity ? [{ ...p.opportunity, customerId: idOf.get(p.row.code)! }] : []));
    for (let k = 0; k < contacts.length; k += BATCH) await db.insert(crmContacts).values(contacts.slice(k, k + BATCH));
    for (let k = 0; k < events.length; k += BATCH) await db.insert(recordEvents).values(events.slice(k, k + BATCH));
    if (opps.length) await db.insert(crmOpportunities).values(opps);
  }
  if (later.length && partners.length)
    await db.execute(
      sql`update crm_customers c set agent_id = v.agent from (values ${sql.join(
        later.map((l) => sql`(${l.code}, ${partners[Math.floor(l.pick * partners.length)]!}::int)`),
        sql`, `,
      )}) v(code, agent) where c.code = v.code`,
    );
  ctx.log.info({ customers: total }, 'crm demo data');
}
