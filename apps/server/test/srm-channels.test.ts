import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SECRET_KEY } from '../src/modules/mail/room.js';
import { srmChannels, srmGatewayIps } from '../src/modules/srm/channels/schema.js';
import { ChannelSecretBox } from '../src/modules/srm/channels/secret-box.js';
import { seedChannels } from '../src/modules/srm/channels/seed.js';
import { runSenderIdExpiry } from '../src/modules/srm/channels/sender-id-reminders.js';
import { seedSrm } from '../src/modules/srm/seed.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { SecretBox } from '../src/platform/auth/secret-box.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { seedContext } from '../src/platform/seed/context.js';
import { bearer, DEMO, onPostgres, signIn, type TestApp, type Tokens } from './harness.js';
import { customerOf, networksOf, supplierOf } from './srm-channels-support.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

const DAY = 86_400_000;
const SECRET = 'Sm99-very-secret-pass';
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

describe('SRM channel rules', () => {
  let t: TestApp;
  let admin: Tokens;
  let adminId: number;
  let admitted: number;
  let notAdmitted: number;
  let customer: number;
  let sg: string[];
  let n = 0;

  beforeAll(async () => {
    [t, admin] = await startSignedIn([DEMO.admin]);
    adminId = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin')))[0]!.id;
    admitted = await supplierOf(t, true);
    notAdmitted = await supplierOf(t, false);
    customer = await customerOf(t);
    sg = await networksOf(t, 'SG', 3);
  }, 600_000);
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, tok = admin): Promise<Answer> => keyedPost(t, tok, url, payload);
  const channel = (over: object = {}) =>
    post('/v2/srm/channel/save', {
      name: `Rules SMS ${++n}`,
      supplierId: admitted,
      product: 'sms',
      protocol: 'smpp',
      host: 'smpp.carrier.example',
      port: 2775,
      systemId: 'acme',
      password: SECRET,
      networks: sg,
      capacity: 80,
      ...over,
    });

  it('never answers, logs or exports the connection secret; it is stored sealed', async () => {
    const c = await channel();
    expect(c.code).toBe(0);
    const detail = await post('/v2/srm/channel/detail', { id: c.data.id });
    expect(detail.code).toBe(0);
    expect(detail.data.networks.sort()).toEqual([...sg].sort());
    const answers = [
      JSON.stringify(detail),
      JSON.stringify(await post('/v2/srm/channel/page', { size: 100 })),
      JSON.stringify(await post('/v2/srm/channel/timeline', { id: c.data.id })),
    ];
    const upd = await post('/v2/srm/channel/update', {
      id: c.data.id,
      version: detail.data.version,
      password: `${SECRET}2`,
    });
    expect(upd.code).toBe(0);
    answers.push(JSON.stringify(await post('/v2/srm/channel/timeline', { id: c.data.id })));
    for (const a of answers) {
      expect(a).not.toContain(SECRET);
      expect(a).not.toContain('password');
    }
    const exp = await t.app.inject({
      method: 'POST',
      url: '/v2/srm/channel/export',
      headers: bearer(admin),
      payload: {},
    });
    expect(exp.rawPayload.toString('latin1')).not.toContain(SECRET);
    const audit = rowsOf<{ t: string }>(
      await t.p.db.execute(
        sql`select coalesce(string_agg(coalesce(detail::text, '') || coalesce(summary, ''), ' '), '') as t from audit_log`,
      ),
    );
    expect(audit[0]!.t).not.toContain(SECRET);
    const [row] = await t.p.db.select().from(srmChannels).where(eq(srmChannels.id, c.data.id));
    expect(row!.secretSealed).not.toContain(SECRET);
    expect((await ChannelSecretBox.of(t.p.db)).open(row!.secretSealed!)).toBe(`${SECRET}2`);
  });

  it('keeps each named secret box apart (the platform box mail and channels share)', async () => {
    const channels = await ChannelSecretBox.of(t.p.db);
    expect(await ChannelSecretBox.of(t.p.db)).toBe(channels);
    const mail = await SecretBox.of(t.p.db, MAIL_SECRET_KEY);
    const sealed = channels.seal(SECRET);
    expect(sealed).not.toBe(channels.seal(SECRET));
    expect(channels.open(sealed)).toBe(SECRET);
    expect(() => mail.open(sealed)).toThrow();
    const configured = await SecretBox.of(t.p.db, MAIL_SECRET_KEY, 'configured-key');
    expect(configured).not.toBe(mail);
    expect(() => configured.open(mail.seal(SECRET))).toThrow();
    const [iv, tag, body] = sealed.split('.').slice(1);
    const tampered = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => channels.open(['v1', iv, tag, tampered].join('.'))).toThrow();
    expect(() => channels.open('v0.x.y.z')).toThrow(/srm.channel-secret-key/);
  });

  it('goes live only for an admitted supplier; closed is final; each move is in the history', async () => {
    const own = await channel();
    expect((await post('/v2/srm/channel/state', { id: own.data.id, state: 'live' })).code).toBe(0);
    const other = await channel({ supplierId: notAdmitted });
    const refused = await post('/v2/srm/channel/state', { id: other.data.id, state: 'live' });
    expect(refused.code).toBe(Errors.SRM_CHANNEL_SUPPLIER_NOT_ADMITTED.code);
    expect((await post('/v2/srm/channel/detail', { id: other.data.id })).data.state).toBe('testing');
    expect((await post('/v2/srm/channel/state', { id: own.data.id, state: 'closed' })).code).toBe(0);
    const back = await post('/v2/srm/channel/state', { id: own.data.id, state: 'live' });
    expect(back.code).toBe(Errors.SRM_CHANNEL_STATE_MOVE.code);
    const timeline = JSON.stringify(
      rowsOf(
        await t.p.db.execute(
          sql`select changes from record_events where entity = 'srm.channel' and record_id = ${String(own.data.id)}`,
        ),
      ),
    );
    expect(timeline).toContain('closed');
    expect(timeline).toContain('live');
  });

  it('refuses networks outside the reference data and networks on a voice channel', async () => {
    expect((await channel({ networks: ['12399'] })).code).toBe(Errors.SRM_NETWORK_UNKNOWN.code);
    expect((await channel({ product: 'voice', protocol: 'sip' })).code).toBe(Errors.SRM_COVERAGE_PRODUCT.code);
    expect((await channel({ supplierId: 987654 })).code).toBe(Errors.SRM_SUPPLIER_UNKNOWN.code);
    const voice = await channel({ product: 'voice', protocol: 'sip', networks: [], prefixes: ['65'] });
    expect(voice.code).toBe(0);
  });

  it.runIf(onPostgres)(
    'PostgreSQL: two overlapping allow-list entries saved at once, exactly one is kept',
    async () => {
      const race = ['198.18.0.0/16', '198.18.7.0/24'];
      const answers = await Promise.all(
        race.map((cidr) =>
          post('/v2/srm/gateway/ip/save', { cidr, side: 'docking', description: 'race', enabled: true }),
        ),
      );
      expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.SRM_GATEWAY_IP_OVERLAP.code].sort());
      const kept = rowsOf<{ cidr: string }>(
        await t.p.db.execute(sql`select cidr from srm_gateway_ips where description = 'race'`),
      );
      expect(kept).toHaveLength(1);
    },
  );

  it('refuses an overlapping or malformed allow-list entry and writes nothing', async () => {
    const count = async () => Number((await t.p.db.select({ n: sql<string>`count(*)` }).from(srmGatewayIps))[0]!.n);
    const ok = await post('/v2/srm/gateway/ip/save', {
      cidr: '100.64.0.0/16',
      side: 'landing',
      description: 'carrier A',
      enabled: true,
    });
    expect(ok.code).toBe(0);
    const before = await count();
    for (const cidr of ['100.64.12.0/24', '100.64.1.1', '100.0.0.0/8']) {
      const r = await post('/v2/srm/gateway/ip/save', { cidr, side: 'docking', description: 'overlap', enabled: true });
      expect(r.code, cidr).toBe(Errors.SRM_GATEWAY_IP_OVERLAP.code);
      expect(r.msg).toContain('100.64.0.0/16');
    }
    for (const cidr of ['100.65.0.1/24', '300.1.1.1', '10.0.0.0/33']) {
      const r = await post('/v2/srm/gateway/ip/save', { cidr, side: 'docking', description: 'bad', enabled: true });
      expect([Errors.SRM_GATEWAY_IP_INVALID.code, Errors.VALIDATION_FAILED.code], cidr).toContain(r.code);
    }
    expect(await count()).toBe(before);
    const v6 = await post('/v2/srm/gateway/ip/save', {
      cidr: '2001:DB8::/32',
      side: 'docking',
      description: 'v6',
      enabled: true,
    });
    expect(v6.code).toBe(0);
    expect((await post('/v2/srm/gateway/ip/detail', { id: v6.data.id })).data.cidr).toBe('2001:db8::/32');
    const v6in = await post('/v2/srm/gateway/ip/save', {
      cidr: '2001:db8:1::1',
      side: 'docking',
      description: 'v6 in',
      enabled: true,
    });
    expect(v6in.code).toBe(Errors.SRM_GATEWAY_IP_OVERLAP.code);
  });

  it('answers the route in force for (customer, network, time): effective dates, network over country, windows', async () => {
    const c = await channel();
    const c2 = await channel({ name: `Rules backup ${n}` });
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const bind = (over: object) =>
      post('/v2/srm/route-bind/save', {
        customerId: customer,
        country: 'SG',
        channelId: c.data.id,
        priority: 1,
        weight: 60,
        effectiveFrom: iso(now - DAY),
        ...over,
      });
    expect((await bind({})).code).toBe(0);
    expect((await bind({ channelId: c2.data.id, priority: 2, weight: 40 })).code).toBe(0);
    expect((await bind({ network: sg[0], effectiveFrom: iso(now + 2 * DAY) })).code).toBe(0);
    const resolve = (at?: string) =>
      post('/v2/srm/route-bind/resolve', { customerId: customer, network: sg[0], ...(at ? { at } : {}) });
    const today = await resolve();
    expect(today.data.level).toBe('country');
    expect(today.data.routes.map((r: { channelId: number }) => r.channelId)).toEqual([c.data.id, c2.data.id]);
    expect(today.data.routes[0].share).toBe(100);
    t.clock.advance(3 * DAY);
    admin = await signIn(t.app, DEMO.admin);
    const later = await resolve();
    expect(later.data.level).toBe('network');
    expect(later.data.routes).toHaveLength(1);
    // a window: only between its times of day (UTC)
    const other = await post('/v2/srm/route-bind/resolve', { customerId: customer, network: sg[1] });
    expect(other.data.level).toBe('country');
    expect(
      (await bind({ network: sg[1], windowFrom: '22:00', windowTo: '06:00', effectiveFrom: iso(now - DAY) })).code,
    ).toBe(0);
    const day = new Date(t.clock.now());
    day.setUTCHours(12, 0, 0, 0);
    const night = new Date(day);
    night.setUTCHours(23, 30);
    expect(
      (await post('/v2/srm/route-bind/resolve', { customerId: customer, network: sg[1], at: day.toISOString() })).data
        .level,
    ).toBe('country');
    expect(
      (await post('/v2/srm/route-bind/resolve', { customerId: customer, network: sg[1], at: night.toISOString() })).data
        .level,
    ).toBe('network');
    // bad bindings are refused with their codes
    expect((await bind({ windowFrom: '08:00' })).code).toBe(Errors.SRM_ROUTE_WINDOW.code);
    expect((await bind({ effectiveTo: iso(now - 2 * DAY) })).code).toBe(Errors.SRM_ROUTE_DATES.code);
    expect((await bind({ country: 'MY' })).code).toBe(Errors.SRM_ROUTE_NOT_COVERED.code);
    expect((await bind({ network: sg[0], country: 'MY' })).code).toBe(Errors.SRM_ROUTE_NETWORK_COUNTRY.code);
    expect((await bind({ customerId: 98765432 })).code).toBe(Errors.SRM_CUSTOMER_UNKNOWN.code);
  });

  it('binds a route to one consumer account (through the accounts port): its own bindings before its customer’s', async () => {
    const accounts = await portOf(t.p.db, 'accounts')!.active();
    const account = accounts.find((a) => a.customerId > 0)!;
    expect(account).toBeDefined();
    const c = await channel();
    const c2 = await channel({ name: `Account route ${n}` });
    const effectiveFrom = new Date(t.clock.now().getTime() - DAY).toISOString();
    const bind = (over: object) =>
      post('/v2/srm/route-bind/save', {
        customerId: account.customerId,
        country: 'SG',
        channelId: c.data.id,
        priority: 1,
        weight: 10,
        effectiveFrom,
        ...over,
      });
    const resolve = (q: object) => post('/v2/srm/route-bind/resolve', { network: sg[0], ...q });
    expect((await bind({})).code).toBe(0);
    // before the account has its own binding it follows its customer's
    const inherited = await resolve({ accountCode: account.code });
    expect(inherited.data).toMatchObject({ level: 'country', scope: 'customer' });
    const own = await bind({ accountCode: account.code, channelId: c2.data.id });
    expect(own.code, own.msg).toBe(0);
    const saved = await post('/v2/srm/route-bind/detail', { id: own.data.id });
    expect(saved.data.accountCode).toBe(account.code);
    const byAccount = await resolve({ accountCode: account.code });
    expect(byAccount.data.scope).toBe('account');
    expect(byAccount.data.routes.map((r: { channelId: number }) => r.channelId)).toEqual([c2.data.id]);
    const byCustomer = await resolve({ customerId: account.customerId });
    expect(byCustomer.data.scope).toBe('customer');
    expect(byCustomer.data.routes.map((r: { channelId: number }) => r.channelId)).toContain(c.data.id);
    expect(byCustomer.data.routes.map((r: { channelId: number }) => r.channelId)).not.toContain(c2.data.id);
    // the account must be the customer's, and exist
    expect((await bind({ customerId: customer, accountCode: account.code })).code).toBe(
      Errors.SRM_ROUTE_ACCOUNT_CUSTOMER.code,
    );
    expect((await bind({ accountCode: 'NO-SUCH-ACCOUNT' })).code).toBe(Errors.SRM_ACCOUNT_UNKNOWN.code);
    expect((await resolve({ customerId: customer, accountCode: account.code })).code).toBe(
      Errors.SRM_ROUTE_ACCOUNT_CUSTOMER.code,
    );
    expect((await resolve({})).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('reminds the registrant before a sender id expires (once), then marks it expired', async () => {
    await runSenderIdExpiry(t.p);
    const c = await channel();
    const s = await post('/v2/srm/sender-id/save', {
      senderId: 'ACMEPAY',
      channelId: c.data.id,
      country: 'SG',
      customerId: customer,
    });
    expect(s.code).toBe(0);
    expect((await post('/v2/srm/sender-id/approve', { id: s.data.id, expiresOn: '2020-01-01' })).code).toBe(
      Errors.SRM_SENDER_ID_STATE.code,
    );
    expect((await post('/v2/srm/sender-id/submit', { id: s.data.id })).code).toBe(0);
    const past = await post('/v2/srm/sender-id/approve', { id: s.data.id, expiresOn: '2020-01-01' });
    expect(past.code).toBe(Errors.SRM_SENDER_ID_EXPIRY_PAST.code);
    const expires = new Date(t.clock.now().getTime() + 40 * DAY).toISOString().slice(0, 10);
    expect((await post('/v2/srm/sender-id/approve', { id: s.data.id, expiresOn: expires })).code).toBe(0);
    const messages = async () =>
      Number(
        rowsOf<{ n: string }>(
          await t.p.db.execute(sql`select count(*) as n from mc_messages where user_id = ${adminId}
            and template_key = 'srm.senderIdExpiring' and template_vars->>'senderId' = 'ACMEPAY'`),
        )[0]!.n,
      );
    expect((await runSenderIdExpiry(t.p)).reminded).toBe(0);
    t.clock.advance(15 * DAY);
    admin = await signIn(t.app, DEMO.admin);
    // the demo's sender ids expire on dates of their own: some may fall due with this one
    expect((await runSenderIdExpiry(t.p)).reminded).toBeGreaterThanOrEqual(1);
    expect((await runSenderIdExpiry(t.p)).reminded).toBe(0);
    expect(await messages()).toBe(1);
    t.clock.advance(30 * DAY);
    admin = await signIn(t.app, DEMO.admin);
    expect((await runSenderIdExpiry(t.p)).expired).toBeGreaterThanOrEqual(1);
    expect((await post('/v2/srm/sender-id/detail', { id: s.data.id })).data.state).toBe('expired');
    const wrongCountry = await post('/v2/srm/sender-id/save', {
      senderId: 'ACME',
      channelId: c.data.id,
      country: 'MY',
      customerId: customer,
    });
    expect(wrongCountry.code).toBe(Errors.SRM_ROUTE_NOT_COVERED.code);
  });

  it('looks up a number or a network and lists the channels covering it', async () => {
    const c = await channel();
    const byNumber = await post('/v2/srm/mcc-mnc/query', { q: '+65 9123 4567' });
    expect(byNumber.code).toBe(0);
    expect(byNumber.data.country).toBe('SG');
    expect(byNumber.data.numberType).toBe('MOBILE');
    expect(byNumber.data.channels.map((x: { id: number }) => x.id)).toContain(c.data.id);
    const byNetwork = await post('/v2/srm/mcc-mnc/query', { q: sg[0]! });
    expect(byNetwork.data.kind).toBe('network');
    expect(byNetwork.data.channels.find((x: { id: number }) => x.id === c.data.id).networks).toEqual([sg[0]]);
    expect((await post('/v2/srm/mcc-mnc/query', { q: 'hello' })).code).toBe(Errors.SRM_LOOKUP_UNKNOWN.code);
    expect(JSON.stringify(byNumber)).not.toContain(SECRET);
  });

  it('seeds about 400 channels over 60 countries with gateways and sender ids in every state, once', async () => {
    for (let i = 0; i < 12; i++) await supplierOf(t, i % 3 !== 0);
    const ctx = seedContext(t.p.db, { info: () => {} });
    const count = async (table: string) =>
      Number(
        rowsOf<{ n: string }>(await t.p.db.execute(sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n,
      );
    // the app's own demo seed may have run already (the template database is seeded): count the seed's codes
    await seedChannels(ctx);
    const seeded = rowsOf<{ n: string }>(
      await t.p.db.execute(sql`select count(*) as n from srm_channels where code between 'CH100001' and 'CH100400'`),
    )[0]!.n;
    expect(Number(seeded)).toBe(400);
    const countries = rowsOf<{ n: string }>(
      await t.p.db.execute(sql`select count(distinct country) as n from srm_channel_networks`),
    )[0]!.n;
    expect(Number(countries)).toBeGreaterThanOrEqual(55);
    const states = rowsOf<{ state: string }>(await t.p.db.execute(sql`select distinct state from srm_sender_ids`));
    expect(states.map((r) => r.state).sort()).toEqual(['approved', 'expired', 'rejected', 'requested', 'submitted']);
    expect(await count('srm_landing_gateways')).toBeGreaterThan(0);
    const live = rowsOf<{ n: string }>(
      await t.p.db.execute(sql`select count(*) as n from srm_channels c join srm_suppliers s on s.id = c.supplier_id
        where c.state = 'live' and not s.admitted`),
    )[0]!.n;
    expect(Number(live)).toBe(0);
    const totals = async () =>
      Promise.all(
        ['srm_channels', 'srm_channel_networks', 'srm_sender_ids', 'srm_route_binds', 'srm_gateway_ips'].map(count),
      );
    const first = await totals();
    await seedChannels(ctx);
    expect(await totals()).toEqual(first);
  });

  it('seeds about 150 suppliers, private, in the sea and blacklisted, once', async () => {
    const ctx = seedContext(t.p.db, { info: () => {} });
    const byState = async () =>
      rowsOf<{ state: string; n: string }>(
        await t.p.db.execute(sql`select state, count(*) as n from srm_suppliers
          where code between 'SD000001' and 'SD999999' group by state order by state`),
      ).map((r) => [r.state, Number(r.n)] as const);
    await seedSrm(ctx);
    const first = await byState();
    expect(first.map(([state]) => state)).toEqual(['blacklist', 'private', 'sea']);
    expect(first.reduce((sum, [, n]) => sum + n, 0)).toBe(150);
    await seedSrm(ctx);
    expect(await byState()).toEqual(first);
  });
});
