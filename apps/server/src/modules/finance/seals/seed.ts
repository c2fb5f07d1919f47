import type { SealKind } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { customerFieldSql, ownedCustomerRefs } from '../../crm/customer-refs.js';
import { ensureDemoEntities } from '../../system/reference/index.js';
import { userIdOf } from '../process.js';
import { decideSeal } from './apply.js';
import { ensureSealProcess } from './process.js';
import { finContractArchives, finSealApplications, finSeals, sealApplicationCodeSeq } from './schema.js';

const DAY = 86_400_000;
const KINDS: [SealKind, string][] = [
  ['company', '公章'],
  ['contract', '合同专用章'],
  ['finance', '财务专用章'],
  ['legal_rep', '法定代表人章'],
];
const TITLES = [
  '短信服务合同',
  'Voice termination agreement',
  '年度框架协议',
  'WhatsApp Business 服务协议',
  '保密协议',
  '补充协议（单价调整）',
];
const TYPES = ['service', 'service', 'framework', 'service', 'nda', 'supplement'] as const;
/** the demo applications' outcomes, in order: approved ones are archived by the approval handler's own code */
const OUTCOMES = ['approved', 'approved', 'approved', 'pending', 'pending', 'rejected'] as const;

/**
 * Demo seals and seal applications (decision 0117): the default process; the four seals of each of
 * the first two contracting entities, kept by finance01; six applications of sales01's customers —
 * three approved and archived (numbered by the handler, one original filed), two under review, one
 * rejected. The demo rows carry no contract file (the seed has no file store; applications made on
 * the screen always do). Idempotent: the rows only when no seal exists.
 */
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export async function seedSeals(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  await ensureSealProcess(db);
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_seals`));
  if ((have?.n ?? 0) > 0) return;
  const keeper = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  const sales = await userIdOf(db, 'sales01');
  if (!keeper) return;
  // the first two contracting entities (the reference room adds the demo's when there are none)
  const entities = (await ensureDemoEntities(db)).slice(0, 2).map((id) => ({ id }));
  const seals: { id: number; name: string; entityId: number }[] = [];
  for (const e of entities)
    for (const [kind, name] of KINDS) {
      const [s] = await db
        .insert(finSeals)
        .values({
          name,
          kind,
          entityId: e.id,
          keeperId: keeper,
          createdBy: keeper,
          active: !(kind === 'legal_rep' && e === entities[1]),
          // the contract seals' registrations run out: the first entity's soon (its keeper is reminded), the other's next year
          validUntil: kind === 'contract' ? (e === entities[0] ? daysAhead(20) : daysAhead(400)) : null,
        })
        .returning({ id: finSeals.id, name: finSeals.name, entityId: finSeals.entityId });
      seals.push(s!);
    }
  if (!sales || !seals.length) return;
  const customers = (await ownedCustomerRefs(db, 400)).filter((c) => c.ownerId === sales).slice(0, OUTCOMES.length);
  const now = Date.now();
  for (const [i, c] of customers.entries()) {
    const [name] = rowsOf<{ name: string }>(
      await db.execute(sql`select ${customerFieldSql(sql`${c.id}::int`, 'name')} as name`),
    );
    const asked = [seals[1]!, ...(i % 2 ? [seals[0]!] : [])];
    const created = new Date(now - (20 - i * 3) * DAY);
    const start = created.toISOString().slice(0, 10);
    const end = new Date(created.getTime() + (i === 2 ? 20 : 365) * DAY).toISOString().slice(0, 10);
    const [n] = rowsOf<{ n: string }>(
      await db.execute(sql`select nextval(${sealApplicationCodeSeq.seqName})::text as n`),
    );
    const [app] = await db
      .insert(finSealApplications)
      .values({
        code: `SA${n!.n}`,
        counterpartKind: 'customer',
        counterpartId: c.id,
        counterpartName: `${c.code} ${name?.name ?? ''}`.trim(),
        title: TITLES[i]!,
        contractType: TYPES[i]!,
        amount: ctx.rng.int(10, 500) * 100_000,
        currency: i % 3 === 1 ? 'CNY' : 'USD',
        startDay: start,
        endDay: end,
        sealIds: asked.map((s) => s.id),
        sealNames: asked.map((s) => s.name).join('、'),
        copies: 2 + (i % 3),
        files: [],
        reason: '客户已签字，请盖章 / Signed by the customer, please seal',
        applicantId: sales,
        createdAt: created,
      })
      .returning({ id: finSealApplications.id });
    const outcome = OUTCOMES[i]!;
    if (outcome === 'pending') continue;
    await db.transaction((tx) => decideSeal(tx, app!.id, outcome, keeper, new Date(created.getTime() + DAY)));
    if (i === 0)
      await db
        .update(finContractArchives)
        .set({
          originalState: 'filed',
          returnedBy: sales,
          returnedOn: new Date(created.getTime() + 5 * DAY).toISOString().slice(0, 10),
        })
        .where(eq(finContractArchives.applicationId, app!.id));
  }
}
