import { Errors } from '@portal/contracts';
import { DEFAULT_SEA_RULES } from '@portal/contracts/srm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnIdleSuppliers } from '../src/modules/srm/retention.js';
import { srmSuppliers } from '../src/modules/srm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const DAY = 86_400_000;
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const PW = 'Purchase#2026';

let t: TestApp;
let buyer: Tokens;
let mgr: Tokens;
let buyerId: number;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  [buyer, mgr] = await Promise.all([
    signIn(t.app, { username: 'purchase01', password: PW }),
    signIn(t.app, { username: 'purchasemgr', password: PW }),
  ]);
  buyerId = (
    await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'purchase01'))
  )[0]!.id;
}, 60_000);
afterAll(async () => t?.close());

const post = async (tok: Tokens, url: string, payload: object): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
    .data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tok), 'x-idempotence-key': key },
    payload,
  });
  return res.json();
};
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
/** A private supplier of purchase01 taken `daysAgo` days ago (by the app clock). */
const owned = async (over: Partial<typeof srmSuppliers.$inferInsert>, daysAgo = 0) => {
  n++;
  const at = new Date(t.clock.now().getTime() - daysAgo * DAY);
  const [s] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `RL${String(n).padStart(6, '0')}`,
      name: `Rules Carrier ${n}`,
      alias: `rulescarrier${n}`,
      type: 'aggregator',
      country: 'DE',
      state: 'private',
      ownerId: buyerId,
      ownedAt: at,
      createdAt: at,
      ...over,
    })
    .returning({ id: srmSuppliers.id });
  return s!.id;
};
const stateOf = async (id: number) =>
  (await t.p.db.select({ state: srmSuppliers.state }).from(srmSuppliers).where(eq(srmSuppliers.id, id)))[0]!.state;

describe('purchase rules: domain', () => {
  it('the duplicate check skips the shared domains; a buyer may not change them', async () => {
    await owned({ domains: ['gmail.com', 'routes-rules.example'] });
    const q = { name: 'Completely Different Name', domains: ['gmail.com'], phones: [] };
    const before = await post(buyer, '/v2/srm/supplier/duplicates', q);
    expect(before.data.matches.some((m: { reason: string }) => m.reason === 'domain')).toBe(false);
    expect((await post(mgr, '/v2/srm/settings/domain-rules', { ignoredDomains: [] })).code).toBe(0);
    const now = await post(buyer, '/v2/srm/supplier/duplicates', q);
    expect(now.data.matches.some((m: { reason: string }) => m.reason === 'domain')).toBe(true);
    const saved = await post(mgr, '/v2/srm/settings/domain-rules', {
      ignoredDomains: ['Gmail.com ', 'qq.com', 'gmail.com'],
    });
    expect(saved.data.ignoredDomains).toEqual(['gmail.com', 'qq.com']);
    expect((await post(mgr, '/v2/srm/settings/domain-rules', { ignoredDomains: ['not a domain'] })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await get(buyer, '/v2/srm/settings/domain-rules')).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describe('purchase rules: retention', () => {
  it('a level’s own idle days come before the sea rules’; 0 keeps the level; unknown levels are refused', async () => {
    expect((await post(mgr, '/v2/srm/settings/sea-rules', { ...DEFAULT_SEA_RULES, retentionDays: 90 })).code).toBe(0);
    const bad = await post(mgr, '/v2/srm/settings/retention-rules', { byLevel: [{ level: 'nowhere', days: 5 }] });
    expect(bad.code).toBe(Errors.SRM_DICT_VALUE_UNKNOWN.code);
    const twice = await post(mgr, '/v2/srm/settings/retention-rules', {
      byLevel: [
        { level: 'tier1', days: 5 },
        { level: 'tier1', days: 6 },
      ],
    });
    expect(twice.code).toBe(Errors.VALIDATION_FAILED.code);
    const ok = await post(mgr, '/v2/srm/settings/retention-rules', {
      byLevel: [
        { level: 'tier1', days: 10 },
        { level: 'direct', days: 0 },
      ],
    });
    expect(ok.code, ok.msg).toBe(0);
    const tier1 = await owned({ level: 'tier1' }, 20);
    const tier2 = await owned({ level: 'tier2' }, 20);
    const tier2Old = await owned({ level: 'tier2' }, 120);
    const direct = await owned({ level: 'direct' }, 400);
    await returnIdleSuppliers(t.p);
    expect(await stateOf(tier1)).toBe('sea');
    expect(await stateOf(tier2)).toBe('private');
    expect(await stateOf(tier2Old)).toBe('sea');
    expect(await stateOf(direct)).toBe('private');
    expect((await get(mgr, '/v2/srm/settings/retention-rules')).data.byLevel).toHaveLength(2);
  });
});
