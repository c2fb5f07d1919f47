import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { ownershipPath } from '@portal/contracts/ownership';
import { supplierOwnership } from '@portal/contracts/srm';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmChannels } from '../src/modules/srm/channels/schema.js';
import { applyLevelRules } from '../src/modules/srm/purchase-rules.js';
import { srmContacts, srmSuppliers } from '../src/modules/srm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { counterpartsOf } from '../src/platform/counterparts.js';
import { recordEvents } from '../src/platform/history/schema.js';
import { bearer, DEMO, type TestApp, type Tokens } from './harness.js';
import { dayBefore, smsRollup, voiceRollup } from './srm-channels-support.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const BUYER = { username: 'purchase01', password: 'Purchase#2026' } as const;
const MGR = { username: 'purchasemgr', password: 'Purchase#2026' } as const;

let t: TestApp;
let buyer: Tokens;
let mgr: Tokens;
let admin: Tokens;
const ids: Record<string, number> = {};
let n = 0;

beforeAll(async () => {
  [t, buyer, mgr, admin] = await startSignedIn([BUYER, MGR, DEMO.admin]);
  for (const u of ['purchase01', 'purchase02', 'purchase03', 'purchase04', 'admin'])
    ids[u] = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, u)))[0]!.id;
}, 60_000);
afterAll(async () => t?.close());

const post = (who: Tokens, url: string, body: object) => keyedPost<Answer>(t, who, url, body);
const get = (who: Tokens, url: string) => t.app.inject({ url, headers: bearer(who) }).then((r) => r.json() as Answer);
const S = '/v2/srm/settings';

/** A supplier written straight to the table (private of purchase01 unless said otherwise). */
const supplier = async (over: Partial<typeof srmSuppliers.$inferInsert> = {}) => {
  n++;
  const [s] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `PR${String(n).padStart(6, '0')}`,
      name: `Purchase Rules Carrier ${n}`,
      alias: `prcarrier${n}`,
      type: 'aggregator',
      country: 'NL',
      state: 'private',
      ownerId: ids.purchase01,
      ownedAt: t.clock.now(),
      ...over,
    })
    .returning({ id: srmSuppliers.id, code: srmSuppliers.code });
  return s!;
};
const channel = async (supplierId: number, state: 'live' | 'testing', product: 'sms' | 'voice' = 'sms') => {
  n++;
  const [c] = await t.p.db
    .insert(srmChannels)
    .values({
      code: `PRCH${n}`,
      name: `Rules channel ${n}`,
      supplierId,
      product,
      protocol: product === 'sms' ? 'smpp' : 'sip',
      host: 'smpp.rules.example',
      port: 2775,
      capacity: 100,
      state,
    })
    .returning({ id: srmChannels.id });
  return c!.id;
};
const levelOf = async (id: number) =>
  (await t.p.db.select({ level: srmSuppliers.level }).from(srmSuppliers).where(eq(srmSuppliers.id, id)))[0]!.level;

describe('purchase rules: supplier (required fields per type)', () => {
  it('a new operator without the fields its rule requires is refused, by hand; other types are not', async () => {
    const bad = await post(mgr, `${S}/supplier-rules`, { byType: [{ type: 'operator', fields: ['nothing'] }] });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    const twice = await post(mgr, `${S}/supplier-rules`, {
      byType: [
        { type: 'operator', fields: ['entityId'] },
        { type: 'operator', fields: ['level'] },
      ],
    });
    expect(twice.code).toBe(Errors.VALIDATION_FAILED.code);
    const saved = await post(mgr, `${S}/supplier-rules`, {
      byType: [{ type: 'operator', fields: ['level', 'paymentMethod'] }],
    });
    expect(saved.code, saved.msg).toBe(0);
    expect((await get(buyer, `${S}/supplier-rules`)).code).toBe(Errors.NO_PERMISSION.code);
    const body = (over: object) => ({
      name: `Ruled Operator Telecom ${++n}`,
      alias: `ruledop${n}`,
      type: 'operator',
      products: ['sms'],
      country: 'FR',
      domains: [`ruledop${n}.example`],
      ...over,
    });
    const refused = await post(buyer, '/v2/srm/supplier/save', body({ level: 'tier1' }));
    expect(refused.code).toBe(Errors.SRM_SUPPLIER_FIELDS_REQUIRED.code);
    expect(refused.data.fields).toEqual(['paymentMethod']);
    expect(refused.msg).toContain('Payment method');
    const key = (await get(buyer, '/v2/sys/staff/common/request/idempotence')).data.key;
    const zh = await t.app.inject({
      method: 'POST',
      url: '/v2/srm/supplier/save',
      headers: { ...bearer(buyer), 'accept-language': 'zh-CN', [IDEMPOTENCE_HEADER]: key },
      payload: body({}),
    });
    expect(zh.json().msg).toContain('付款方式');
    const passed = await post(buyer, '/v2/srm/supplier/save', body({ level: 'tier1', paymentMethod: 'prepaid' }));
    expect(passed.code, passed.msg).toBe(0);
    const aggregator = await post(buyer, '/v2/srm/supplier/save', body({ type: 'aggregator' }));
    expect(aggregator.code, aggregator.msg).toBe(0);
    expect((await post(mgr, `${S}/supplier-rules`, { byType: [] })).code).toBe(0);
  });
});

describe('purchase rules: level', () => {
  it('the first step a supplier meets gives its level, with history; one meeting none keeps it', async () => {
    const bad = await post(mgr, `${S}/level-rules`, {
      steps: [{ level: 'platinum', minLiveChannels: 1, admittedOnly: false }],
    });
    expect(bad.code).toBe(Errors.SRM_DICT_VALUE_UNKNOWN.code);
    const saved = await post(mgr, `${S}/level-rules`, {
      steps: [
        { level: 'direct', minLiveChannels: 2, admittedOnly: true },
        { level: 'tier1', minLiveChannels: 1, admittedOnly: false },
      ],
    });
    expect(saved.code, saved.msg).toBe(0);
    const admitted = await supplier({ admitted: true, level: 'tier2' });
    const notAdmitted = await supplier({ level: 'tier2' });
    const idle = await supplier({ level: 'tier2' });
    const blacklisted = await supplier({ state: 'blacklist', ownerId: null, level: 'tier2' });
    for (const s of [admitted, notAdmitted, blacklisted]) {
      await channel(s.id, 'live');
      await channel(s.id, 'live');
    }
    await channel(idle.id, 'testing');
    const moved = await post(mgr, `${S}/level-rules/apply`, {});
    expect(moved.code, moved.msg).toBe(0);
    expect(moved.data.moved).toBeGreaterThanOrEqual(2);
    expect(await levelOf(admitted.id)).toBe('direct');
    expect(await levelOf(notAdmitted.id)).toBe('tier1');
    expect(await levelOf(idle.id)).toBe('tier2');
    expect(await levelOf(blacklisted.id)).toBe('tier2');
    const [event] = await t.p.db
      .select()
      .from(recordEvents)
      .where(and(eq(recordEvents.entity, 'srm.supplier'), eq(recordEvents.recordId, String(admitted.id))));
    expect(event).toMatchObject({ kind: 'updated', actorId: null, data: { reason: 'level_rules' } });
    expect(event!.changes).toEqual([{ field: 'level', from: 'tier2', to: 'direct' }]);
    // nothing left to move: a second run changes nothing of these
    await applyLevelRules(t.p);
    expect(await levelOf(admitted.id)).toBe('direct');
    expect((await post(buyer, `${S}/level-rules/apply`, {})).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(mgr, `${S}/level-rules`, { steps: [] })).code).toBe(0);
  });
});

describe('purchase rules: level by delivery quality', () => {
  it('a step with a delivery-rate floor takes the SMS delivery rate of the supplier’s channels over the last 7 days', async () => {
    const now = t.clock.now();
    const saved = await post(mgr, `${S}/level-rules`, {
      steps: [
        { level: 'direct', minLiveChannels: 1, admittedOnly: false, minDeliveryRate: 95 },
        { level: 'tier1', minLiveChannels: 1, admittedOnly: false },
      ],
    });
    expect(saved.code, saved.msg).toBe(0);
    const read = await get(mgr, `${S}/level-rules`);
    expect(read.data.steps[1]).toMatchObject({ level: 'tier1', minDeliveryRate: null });
    const outOfRange = await post(mgr, `${S}/level-rules`, {
      steps: [{ level: 'direct', minLiveChannels: 1, admittedOnly: false, minDeliveryRate: 120 }],
    });
    expect(outOfRange.code).not.toBe(0);
    const good = await supplier({ level: 'tier2' });
    const poor = await supplier({ level: 'tier2' });
    const old = await supplier({ level: 'tier2' });
    const small = await supplier({ level: 'tier2' });
    // good: 97 % over two channels; poor: 90 %; old: 100 % but 10 days ago; small: 100 % of 50 parts
    const g1 = await channel(good.id, 'live');
    const g2 = await channel(good.id, 'live');
    const p1 = await channel(poor.id, 'live');
    const o1 = await channel(old.id, 'live');
    const s1 = await channel(small.id, 'live');
    const at = (channelId: number, back: number, parts: number, delivered: number) =>
      smsRollup(t, { day: dayBefore(now, back), channelId, country: 'NL', network: '20404', parts, delivered });
    await at(g1, 0, 600, 590);
    await at(g2, 6, 400, 380);
    await at(p1, 1, 1000, 900);
    await at(o1, 10, 1000, 1000);
    await at(s1, 2, 50, 50);
    await applyLevelRules(t.p);
    expect(await levelOf(good.id)).toBe('direct');
    expect(await levelOf(poor.id)).toBe('tier1');
    expect(await levelOf(old.id)).toBe('tier1');
    expect(await levelOf(small.id)).toBe('tier1');
    expect((await post(mgr, `${S}/level-rules`, { steps: [] })).code).toBe(0);
  });
});

describe('purchase rules: level by voice ASR and traffic share', () => {
  it('a step may ask the voice ASR of the supplier’s channels and its share of a product’s routed traffic', async () => {
    const now = t.clock.now();
    // the whole of the window's routed traffic is this test's own (the demo's and the tests' above go)
    await t.p.db.execute(sql`delete from traffic_daily`);
    const saved = await post(mgr, `${S}/level-rules`, {
      steps: [
        { level: 'direct', minLiveChannels: 1, admittedOnly: false, minAsr: 50 },
        { level: 'tier1', minLiveChannels: 0, admittedOnly: false, minShare: 30 },
      ],
    });
    expect(saved.code, saved.msg).toBe(0);
    const read = await get(mgr, `${S}/level-rules`);
    expect(read.data.steps[0]).toMatchObject({ minAsr: 50, minShare: null, minDeliveryRate: null });
    expect(read.data.steps[1]).toMatchObject({ minAsr: null, minShare: 30 });
    for (const bad of [{ minAsr: -1 }, { minShare: 100.5 }]) {
      const refused = await post(mgr, `${S}/level-rules`, {
        steps: [{ level: 'direct', minLiveChannels: 1, admittedOnly: false, ...bad }],
      });
      expect(refused.code).not.toBe(0);
    }
    expect((await get(mgr, `${S}/level-rules`)).data.steps).toHaveLength(2);
    const voiceGood = await supplier({ level: 'tier2' });
    const voicePoor = await supplier({ level: 'tier2' });
    const voiceSmall = await supplier({ level: 'tier2' });
    const smsBig = await supplier({ level: 'tier2' });
    const smsSmall = await supplier({ level: 'tier2' });
    const call = async (supplierId: number, back: number, attempts: number, answered: number) =>
      voiceRollup(t, {
        day: dayBefore(now, back),
        channelId: await channel(supplierId, 'live', 'voice'),
        country: 'NL',
        attempts,
        answered,
      });
    // voice: 2,050 attempts in the window; good ASR 60 % (share 48.8 %), poor 30 % (48.8 %),
    // small 100 % of 50 (no ASR below the sample, share 2.4 %); good's 5,000 unanswered 10 days ago
    // are outside the window (counted, they would sink its ASR and everyone's share)
    await call(voiceGood.id, 1, 1000, 600);
    await call(voiceGood.id, 10, 5000, 0);
    await call(voicePoor.id, 3, 1000, 300);
    await call(voiceSmall.id, 0, 50, 50);
    // SMS: 4,000 parts; big carries 75 %, small 25 %
    const part = async (supplierId: number, parts: number) =>
      smsRollup(t, {
        day: dayBefore(now, 2),
        channelId: await channel(supplierId, 'testing'),
        country: 'NL',
        network: '20404',
        parts,
        delivered: parts,
      });
    await part(smsBig.id, 3000);
    await part(smsSmall.id, 1000);
    await applyLevelRules(t.p);
    expect(await levelOf(voiceGood.id)).toBe('direct');
    expect(await levelOf(voicePoor.id)).toBe('tier1');
    expect(await levelOf(voiceSmall.id)).toBe('tier2');
    expect(await levelOf(smsBig.id)).toBe('tier1');
    expect(await levelOf(smsSmall.id)).toBe('tier2');
    expect((await post(mgr, `${S}/level-rules`, { steps: [] })).code).toBe(0);
  });
});

describe('purchase rules: suffix', () => {
  it('an address under a suffix names its supplier for the mail room; the longest suffix wins; unknown codes are refused', async () => {
    const group = await supplier();
    const regional = await supplier();
    const unknown = await post(mgr, `${S}/suffix-rules`, { rows: [{ suffix: 'x.example', supplierCode: 'SP000000' }] });
    expect(unknown.code).toBe(Errors.SRM_SUFFIX_SUPPLIER_UNKNOWN.code);
    const resolve = (e: string) => counterpartsOf(t.p).resolve([e]);
    expect((await resolve('noc@ops.carrier-group.example')).size).toBe(0);
    const saved = await post(mgr, `${S}/suffix-rules`, {
      rows: [
        { suffix: 'Carrier-Group.example', supplierCode: group.code },
        { suffix: 'apac.carrier-group.example', supplierCode: regional.code },
      ],
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.rows[0].suffix).toBe('carrier-group.example');
    expect((await resolve('noc@ops.carrier-group.example')).get('noc@ops.carrier-group.example')?.id).toBe(group.id);
    expect((await resolve('noc@carrier-group.example')).get('noc@carrier-group.example')?.id).toBe(group.id);
    expect((await resolve('b@sg.apac.carrier-group.example')).get('b@sg.apac.carrier-group.example')?.id).toBe(
      regional.id,
    );
    expect((await resolve('x@notcarrier-group.example')).size).toBe(0);
    expect((await post(mgr, `${S}/suffix-rules`, { rows: [] })).code).toBe(0);
  });
});

describe('purchase rules: cluevier (lead viewing)', () => {
  it('the sea shows a sea supplier’s contacts only when the rule says so; phone and e-mail need the details key', async () => {
    const sea = await supplier({ state: 'sea', ownerId: null });
    const priv = await supplier();
    await t.p.db.insert(srmContacts).values({
      supplierId: sea.id,
      name: 'Sea NOC',
      role: 'noc',
      phone: '+31201234567',
      email: 'noc@sea-contact.example',
      ownerId: ids.purchase02,
      createdAt: t.clock.now(),
    });
    const url = (id: number) => `/v2/srm/sea-supplier/contacts?id=${id}`;
    expect((await get(buyer, url(sea.id))).code).toBe(Errors.SRM_SEA_CONTACTS_HIDDEN.code);
    expect((await post(mgr, `${S}/clue-view-rules`, { seaContacts: true })).code).toBe(0);
    const seen = await get(buyer, url(sea.id));
    expect(seen.code, seen.msg).toBe(0);
    expect(seen.data).toHaveLength(1);
    expect(seen.data[0]).toMatchObject({ name: 'Sea NOC', role: 'noc' });
    const admins = await get(admin, url(sea.id));
    expect(admins.data[0]).toMatchObject({ phone: '+31201234567', email: 'noc@sea-contact.example' });
    // a private supplier's contacts are its owner's: not through the sea
    expect((await get(buyer, url(priv.id))).code).toBe(Errors.NOT_FOUND.code);
    expect((await post(mgr, `${S}/clue-view-rules`, { seaContacts: false })).code).toBe(0);
    expect((await get(admin, url(sea.id))).code).toBe(Errors.SRM_SEA_CONTACTS_HIDDEN.code);
  });
});

describe('purchase rules: share', () => {
  it('sharing stays within the most members and gives write access only when allowed', async () => {
    const s = await supplier();
    const share = (members: { userId: number; access: string }[]) =>
      post(mgr, ownershipPath(supplierOwnership, 'share'), { id: s.id, members });
    expect((await post(mgr, `${S}/share-rules`, { maxMembers: 0, allowWrite: true })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(mgr, `${S}/share-rules`, { maxMembers: 2, allowWrite: false })).code).toBe(0);
    const write = await share([{ userId: ids.purchase02!, access: 'write' }]);
    expect(write.code).toBe(Errors.SRM_SHARE_WRITE_OFF.code);
    expect((await share([{ userId: ids.purchase02!, access: 'read' }])).code).toBe(0);
    expect((await share([{ userId: ids.purchase03!, access: 'read' }])).code).toBe(0);
    // changing a member's access is no new member
    expect((await share([{ userId: ids.purchase03!, access: 'read' }])).code).toBe(0);
    const third = await share([{ userId: ids.purchase04!, access: 'read' }]);
    expect(third.code).toBe(Errors.SRM_SHARE_LIMIT.code);
    expect(third.msg).toContain('2');
    expect((await post(mgr, `${S}/share-rules`, { maxMembers: null, allowWrite: true })).code).toBe(0);
    expect((await share([{ userId: ids.purchase04!, access: 'write' }])).code).toBe(0);
  });
});
