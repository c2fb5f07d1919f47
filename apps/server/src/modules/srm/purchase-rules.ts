import type { MemberAccess } from '@portal/contracts/ownership';
import { SrmPerm, supplierResource } from '@portal/contracts/srm';
import { Decimal } from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx, Tx } from '../../platform/db/index.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { AppError } from '../../platform/http/errors.js';
import { membersOf } from '../../platform/ownership/members.js';
import type { Platform } from '../../platform/platform.js';
import type { WriteContext } from '../../platform/resource/index.js';
import { channelFigures, qualityOf, sumFigures } from './channels/quality.js';
import { srmChannels } from './channels/schema.js';
import { srmContacts, srmSuppliers } from './schema.js';
import { clueViewRulesDoc, levelRulesDoc, shareRulesDoc, supplierRulesDoc } from './settings.js';

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Supplier rules: a new supplier of a type carries the fields its row requires (create and import). */
export async function requireRuledFields(ctx: WriteContext, input: Record<string, unknown>) {
  const { byType } = await supplierRulesDoc.read(ctx.tx);
  const rule = byType.find((r) => r.type === input.type);
  const missing = rule?.fields.filter((f) => empty(input[f])) ?? [];
  if (!missing.length) return;
  const label = (l: 'zh' | 'en') =>
    missing.map((f) => supplierResource.fields[f].label[l]).join(l === 'zh' ? '、' : ', ');
  throw new AppError('SRM_SUPPLIER_FIELDS_REQUIRED', {
    vars: { value: { 'zh-CN': label('zh'), en: label('en') } },
    data: { fields: missing },
  });
}

/**
 * Sharing rules, in the share's transaction with the supplier locked: write access only when
 * allowed, and the members after the share (those kept plus those asked for) within the limit.
 */
export async function checkShareRules(
  tx: Tx,
  supplierId: number,
  asked: readonly { userId: number; access: MemberAccess }[],
) {
  const rules = await shareRulesDoc.read(tx);
  if (!rules.allowWrite && asked.some((m) => m.access === 'write')) throw new AppError('SRM_SHARE_WRITE_OFF');
  if (rules.maxMembers === null) return;
  const after = new Set([...(await membersOf(tx, supplierResource.key, supplierId)).map((m) => m.userId)]);
  for (const m of asked) after.add(m.userId);
  if (after.size > rules.maxMembers) throw new AppError('SRM_SHARE_LIMIT', { vars: { value: rules.maxMembers } });
}

/**
 * Lead viewing rules: the contacts of a sea supplier for a holder of the sea screen, when the
 * rules show them; phone and e-mail only with the contact-details key.
 */
export async function seaContactsOf(db: DbOrTx, auth: AuthContext, supplierId: number) {
  const [supplier] = await db
    .select({ state: srmSuppliers.state })
    .from(srmSuppliers)
    .where(eq(srmSuppliers.id, supplierId));
  if (supplier?.state !== 'sea') throw new AppError('NOT_FOUND');
  if (!(await clueViewRulesDoc.read(db)).seaContacts) throw new AppError('SRM_SEA_CONTACTS_HIDDEN');
  const details = auth.perms.has(SrmPerm.CONTACT_DETAILS);
  const rows = await db
    .select({
      id: srmContacts.id,
      name: srmContacts.name,
      role: srmContacts.role,
      im: srmContacts.im,
      phone: srmContacts.phone,
      email: srmContacts.email,
    })
    .from(srmContacts)
    .where(eq(srmContacts.supplierId, supplierId))
    .orderBy(srmContacts.id);
  return rows.map((r) => ({ ...r, phone: details ? r.phone : null, email: details ? r.email : null }));
}

/** A supplier's figures over the quality window, for the level rules (percent strings, two decimals). */
type SupplierFigures = {
  deliveryRate: string | null;
  asr: string | null;
  smsShare: string | null;
  voiceShare: string | null;
};

const share = (part: number, whole: number) => (whole > 0 ? new Decimal(part).div(whole).times(100).toFixed(2) : null);

/**
 * Each supplier's figures over the quality window, all its channels together: the SMS delivery rate
 * and the voice ASR (none below the minimum sample, so no step asking for them is met), and its share
 * of all routed SMS parts and of all routed voice attempts (every supplier's channels count in the whole).
 */
async function supplierFigures(p: Platform): Promise<Map<number, SupplierFigures>> {
  const figures = await channelFigures(p.db, p.clock.now(), { products: ['sms', 'voice'] });
  const out = new Map<number, SupplierFigures>();
  if (!figures?.length) return out;
  const channels = await p.db
    .select({ id: srmChannels.id, supplierId: srmChannels.supplierId })
    .from(srmChannels)
    .where(inArray(srmChannels.id, [...new Set(figures.map((f) => f.channelId))]));
  const supplierOf = new Map(channels.map((c) => [c.id, c.supplierId]));
  const bySupplier = new Map<number, { sms: typeof figures; voice: typeof figures }>();
  const whole = { sms: 0, voice: 0 };
  for (const f of figures) {
    const product = f.product === 'voice' ? 'voice' : 'sms';
    whole[product] += product === 'sms' ? f.segments : f.count;
    const s = supplierOf.get(f.channelId);
    if (s === undefined) continue;
    const mine = bySupplier.get(s) ?? { sms: [], voice: [] };
    mine[product].push(f);
    bySupplier.set(s, mine);
  }
  for (const [s, { sms, voice }] of bySupplier) {
    const smsQ = sms.length ? qualityOf(sumFigures(sms)!) : null;
    const voiceQ = voice.length ? qualityOf(sumFigures(voice)!) : null;
    out.set(s, {
      deliveryRate: smsQ?.tier ? smsQ.deliveryRate : null,
      asr: voiceQ?.tier ? voiceQ.asr : null,
      smsShare: smsQ ? share(smsQ.sample, whole.sms) : null,
      voiceShare: voiceQ ? share(voiceQ.sample, whole.voice) : null,
    });
  }
  return out;
}

const atLeast = (value: string | null | undefined, floor: number | null) =>
  floor === null || (value != null && Number(value) >= floor);

/**
 * Level rules: each private or sea supplier takes the level of the first step it meets (live
 * channels, admission, SMS delivery rate, voice ASR, traffic share); one meeting none keeps its level. Changes are written with history
 * (actor: the system). Answers how many suppliers moved.
 */
export async function applyLevelRules(p: Platform): Promise<number> {
  const { steps } = await levelRulesDoc.read(p.db);
  if (!steps.length) return 0;
  // qualified by hand: inside a select drizzle drops the table name (the id would be the channel's)
  const live = sql<number>`(select count(*)::int from ${srmChannels} c
    where c.supplier_id = "srm_suppliers"."id" and c.state = 'live')`;
  const rows = await p.db
    .select({ id: srmSuppliers.id, level: srmSuppliers.level, admitted: srmSuppliers.admitted, live })
    .from(srmSuppliers)
    .where(inArray(srmSuppliers.state, ['private', 'sea']));
  const asksTraffic = steps.some((s) => s.minDeliveryRate !== null || s.minAsr !== null || s.minShare !== null);
  const figures = asksTraffic ? await supplierFigures(p) : new Map<number, SupplierFigures>();
  const moves = new Map<string, number[]>();
  const from = new Map<number, string | null>();
  for (const r of rows) {
    const f = figures.get(r.id);
    const step = steps.find(
      (s) =>
        r.live >= s.minLiveChannels &&
        (!s.admittedOnly || r.admitted) &&
        atLeast(f?.deliveryRate, s.minDeliveryRate) &&
        atLeast(f?.asr, s.minAsr) &&
        (atLeast(f?.smsShare, s.minShare) || atLeast(f?.voiceShare, s.minShare)),
    );
    if (!step || step.level === r.level) continue;
    moves.set(step.level, [...(moves.get(step.level) ?? []), r.id]);
    from.set(r.id, r.level);
  }
  const now = p.clock.now();
  for (const [level, ids] of moves)
    await p.db.transaction(async (tx) => {
      await tx
        .update(srmSuppliers)
        .set({ level, updatedAt: now, version: sql`${srmSuppliers.version} + 1` })
        .where(and(inArray(srmSuppliers.id, ids), inArray(srmSuppliers.state, ['private', 'sea'])));
      await appendRecordEvents(
        tx,
        ids.map((id) => ({
          entity: supplierResource.key,
          recordId: id,
          actorId: null,
          kind: 'updated' as const,
          changes: [{ field: 'level', from: from.get(id) ?? null, to: level }],
          data: { reason: 'level_rules' },
        })),
        now,
      );
    });
  return from.size;
}
