import { Errors } from '@portal/contracts';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { sha256 } from '../src/platform/auth/crypto.js';
import { authSessions, captchas, loginAttempts, ssoStates } from '../src/platform/auth/schema.js';
import { loadConfig } from '../src/platform/config.js';
import { SSO_STATE_CAP, safeRedirectPath } from '../src/platform/sso/service.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp } from './harness.js';

/** A tiny browser: cookies by name and path, redirects followed by hand. */
class Browser {
  private jar = new Map<string, { value: string; path: string }>();
  constructor(
    private readonly base: string,
    private readonly lang = 'en',
  ) {}

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const attr = (n: string) => attrs.find((a) => a.toLowerCase().startsWith(`${n}=`))?.split('=')[1];
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const gone = value === '' || attr('max-age') === '0' || (expires && new Date(expires) < new Date());
      const key = `${name}|${path}`;
      if (gone) this.jar.delete(key);
      else this.jar.set(key, { value, path });
    }
  }

  private cookieHeader(url: URL) {
    return [...this.jar.entries()]
      .filter(
        ([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([k, c]) => `${k.split('|')[0]}=${c.value}`)
      .join('; ');
  }

  cookieNames(): string[] {
    return [...this.jar.keys()].map((k) => k.split('|')[0] ?? k);
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url, this.base);
    const headers: Record<string, string> = { 'accept-language': this.lang };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(target, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /** Follows redirects until a page is shown or the browser is sent back to the portal's /authorize. */
  async follow(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let res = await this.request(url, init);
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: undefined };
      const next = new URL(location, this.base);
      if (next.pathname === '/authorize') return { res, url: next };
      res = await this.request(next.href);
    }
    throw new Error('too many redirects');
  }
}

const formAction = (html: string) => {
  const m = /<form method="post" action="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no sign-in form in:\n${html}`);
  return m[1]!.replaceAll('&amp;', '&');
};

describe('workplace-chat single sign-on (embedded provider)', () => {
  let t: TestApp & { url: string };
  let base: string;

  beforeAll(async () => {
    // a generous per-IP limit (these tests post many forms), a short lock-out threshold
    t = await startTestApp({ publicUrl: true, env: { LOGIN_RATE_PER_IP: '1000', LOGIN_LOCK_AFTER: '5' } });
    base = t.url;
  });
  afterAll(async () => t?.close());

  const api = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return {
      status: res.status,
      body: (await res.json()) as { code: number; msg: string; data: Record<string, string> },
    };
  };

  async function ssoUrl(redirectPath?: string) {
    const q = redirectPath === undefined ? '' : `?redirectPath=${encodeURIComponent(redirectPath)}`;
    const { body } = await api(`/auth/oauth/ssoUrl${q}`);
    expect(body.code).toBe(0);
    return body.data.url as string;
  }

  /** ssoUrl -> provider -> sign-in form; answers the form page. */
  async function openSignIn(browser: Browser, redirectPath?: string) {
    const { res, url } = await browser.follow(await ssoUrl(redirectPath));
    expect(url).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    return res.text();
  }

  /** Signs in at the provider; answers the /authorize URL the browser is sent back to. */
  async function signInAtProvider(browser: Browser, login: string, password: string, redirectPath?: string) {
    const html = await openSignIn(browser, redirectPath);
    const { url } = await browser.follow(formAction(html), { method: 'POST', form: { login, password } });
    if (!url) throw new Error('not sent back to /authorize');
    return url;
  }

  const dingAuth = (back: URL, extra: Record<string, string> = {}) => {
    const q = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return api(`/auth/oauth/dingAuth?${q}`);
  };

  it('publishes discovery under /sso-idp for the configured issuer', async () => {
    const res = await fetch(`${base}/sso-idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = await res.json();
    expect(meta.issuer).toBe(`${base}/sso-idp`);
    expect(meta.authorization_endpoint).toBe(`${base}/sso-idp/auth`);
    expect(meta.token_endpoint).toBe(`${base}/sso-idp/token`);
    expect(meta.code_challenge_methods_supported).toContain('S256');
  });

  it('builds the authorization URL with PKCE, state and nonce and remembers them', async () => {
    const url = new URL(await ssoUrl('/customer/list?tab=1'));
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/sso-idp/auth`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('staff-portal');
    expect(q.get('redirect_uri')).toBe(`${base}/authorize`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    const [row] = await t.p.db
      .select()
      .from(ssoStates)
      .where(eq(ssoStates.state, q.get('state')!));
    expect(row?.redirectPath).toBe('/customer/list?tab=1');
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('keeps at most SSO_STATE_CAP pending sign-ins: the oldest are dropped', async () => {
    // a flood of started sign-ins, all older than the next one (expiring in 60-560 s, not 600)
    await t.p.db.execute(sql`
      insert into auth_sso_states (state, code_verifier, nonce, redirect_path, expires_at)
      select 'flood-' || g, 'v', 'n', '/', now() + make_interval(secs => 60 + g * 0.05)
      from generate_series(1, ${SSO_STATE_CAP}) g`);
    try {
      const state = new URL(await ssoUrl()).searchParams.get('state')!;
      const [all] = await t.p.db.select({ n: count() }).from(ssoStates);
      expect(all!.n).toBe(SSO_STATE_CAP);
      expect(await t.p.db.select().from(ssoStates).where(eq(ssoStates.state, state))).toHaveLength(1);
      expect(await t.p.db.select().from(ssoStates).where(eq(ssoStates.state, 'flood-1'))).toHaveLength(0);
    } finally {
      await t.p.db.delete(ssoStates).where(like(ssoStates.state, 'flood-%'));
    }
  });

  it('signs a demo user in end to end: provider form, /authorize, dingAuth, then the API works', async () => {
    const browser = new Browser(base);
    const html = await openSignIn(browser, '/workbench');
    expect(html).toContain('Workplace sign-in');
    // the product's name as the web app shows it
    expect(html).toContain('“Operations Portal”');
    expect(html).toContain('name="password"');
    const { url: back } = await browser.follow(formAction(html), {
      method: 'POST',
      form: { login: 'admin', password: 'Admin#2026' },
    });
    expect(back).toBeDefined();
    expect(`${back!.origin}${back!.pathname}`).toBe(`${base}/authorize`);
    expect(back!.searchParams.get('code')).toBeTruthy();
    expect(back!.searchParams.get('iss')).toBe(`${base}/sso-idp`);
    // the provider's cookies stay under its own path
    expect(browser.cookieNames().every((n) => n.startsWith('sso_idp_'))).toBe(true);

    const { status, body } = await dingAuth(back!);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.tokenHead).toBe('Bearer ');
    expect(body.data.refreshToken).toBeTruthy();
    expect(body.data.redirectPath).toBe('/workbench');

    const me = await api('/v2/sys/staff/overseas/getUserInfo', { authorization: `Bearer ${body.data.token}` });
    expect(me.body.code).toBe(0);
    expect(me.body.data.username).toBe('admin');

    const [admin] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin'));
    const sessions = await t.p.db.select().from(authSessions).where(eq(authSessions.userId, admin!.id));
    expect(sessions.some((s) => s.method === 'sso')).toBe(true);
  });

  it('passes the iss the provider sent through, and refuses a foreign one', async () => {
    const good = await dingAuth(await signInAtProvider(new Browser(base), 'sales01', 'Sales#2026'), {
      iss: `${base}/sso-idp`,
    });
    expect(good.body.code).toBe(0);
    const bad = await dingAuth(await signInAtProvider(new Browser(base), 'sales01', 'Sales#2026'), {
      iss: 'https://idp.evil.example',
    });
    expect(bad.body.code).toBe(Errors.SSO_FAILED.code);
  });

  it('refuses a workplace identity without a staff account and creates nothing', async () => {
    const [users] = await t.p.db.select({ n: count() }).from(staffUsers);
    const [sessions] = await t.p.db.select({ n: count() }).from(authSessions);
    const back = await signInAtProvider(new Browser(base), 'visitor', 'Visitor#2026');
    const { status, body } = await dingAuth(back);
    expect(status).toBe(403);
    expect(body.code).toBe(Errors.SSO_UNKNOWN_IDENTITY.code);
    expect(body.msg).toBe(Errors.SSO_UNKNOWN_IDENTITY.en);
    expect(body.data).toMatchObject({ subject: 'wk-visitor' });
    const [usersAfter] = await t.p.db.select({ n: count() }).from(staffUsers);
    const [sessionsAfter] = await t.p.db.select({ n: count() }).from(authSessions);
    expect(usersAfter!.n).toBe(users!.n);
    expect(sessionsAfter!.n).toBe(sessions!.n);
    const [visitor] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.ssoSubject, 'wk-visitor'));
    expect(visitor).toBeUndefined();
  });

  it('answers the refusal in Chinese for a Chinese browser', async () => {
    const back = await signInAtProvider(new Browser(base, 'zh-CN'), 'visitor', 'Visitor#2026');
    const q = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
    const res = await fetch(`${base}/auth/oauth/dingAuth?${q}`, { headers: { 'accept-language': 'zh-CN' } });
    const body = await res.json();
    expect(body.code).toBe(Errors.SSO_UNKNOWN_IDENTITY.code);
    expect(body.msg).toBe(Errors.SSO_UNKNOWN_IDENTITY.zh);
  });

  it('refuses a replayed state or code', async () => {
    const back = await signInAtProvider(new Browser(base), 'finance01', 'Finance#2026');
    expect((await dingAuth(back)).body.code).toBe(0);
    const replay = await dingAuth(back);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe(Errors.SSO_FAILED.code);

    // the same code under a fresh state: the provider refuses the second redemption
    const fresh = new URL(await ssoUrl());
    const reused = await dingAuth(back, { state: fresh.searchParams.get('state')! });
    expect(reused.body.code).toBe(Errors.SSO_FAILED.code);

    const forged = await api('/auth/oauth/dingAuth?code=abc&state=never-issued');
    expect(forged.body.code).toBe(Errors.SSO_FAILED.code);
  });

  it('refuses a sign-in that was started too long ago', async () => {
    const back = await signInAtProvider(new Browser(base), 'ops01', 'Ops#2026');
    await t.p.db
      .update(ssoStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoStates.state, back.searchParams.get('state')!));
    const { body } = await dingAuth(back);
    expect(body.code).toBe(Errors.SSO_FAILED.code);
  });

  it('shows the form again with an error for a wrong password, then accepts the right one', async () => {
    const browser = new Browser(base);
    const html = await openSignIn(browser);
    const action = formAction(html);
    const wrong = await browser.request(action, { method: 'POST', form: { login: 'ops01', password: 'nope' } });
    expect(wrong.status).toBe(401);
    const again = await wrong.text();
    expect(again).toContain(Errors.BAD_CREDENTIALS.en);
    expect(again).toContain('value="ops01"');
    expect(formAction(again)).toBe(action);

    const { url: back } = await browser.follow(action, {
      method: 'POST',
      form: { login: 'ops01', password: 'Ops#2026' },
    });
    expect(back?.searchParams.get('code')).toBeTruthy();
    expect((await dingAuth(back!)).body.code).toBe(0);
  });

  it('checks the portal password: after a change the old one is refused, the new one signs in', async () => {
    const tokens = await signIn(t.app, DEMO.finance01);
    const change = (oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/changePassword',
        headers: bearer(tokens),
        payload: { oldPassword, newPassword },
      });
    expect((await change(DEMO.finance01.password, 'Finance#2027new')).json().code).toBe(0);
    try {
      const browser = new Browser(base);
      const action = formAction(await openSignIn(browser));
      const old = await browser.request(action, {
        method: 'POST',
        form: { login: 'finance01', password: DEMO.finance01.password },
      });
      expect(old.status).toBe(Errors.BAD_CREDENTIALS.http);
      expect(old.headers.get('location')).toBeNull();
      expect(await old.text()).toContain(Errors.BAD_CREDENTIALS.en);

      const { url: back } = await browser.follow(action, {
        method: 'POST',
        form: { login: 'finance01', password: 'Finance#2027new' },
      });
      const { body } = await dingAuth(back!);
      expect(body.code).toBe(0);
      const me = await api('/v2/sys/staff/overseas/getUserInfo', { authorization: `Bearer ${body.data.token}` });
      expect(me.body.data.username).toBe('finance01');
    } finally {
      expect((await change('Finance#2027new', DEMO.finance01.password)).json().code).toBe(0);
      await t.p.db.delete(loginAttempts).where(eq(loginAttempts.username, 'finance01'));
    }
  });

  it('applies the captcha and lock-out of the password sign-in to its form, on one shared counter', async () => {
    const user = 'ops01';
    const post = (action: string, form: Record<string, string>) =>
      browser.request(action, { method: 'POST', form: { login: user, ...form } });
    /** the captcha the page shows, with its stored answer set to a known value (the real one is hashed) */
    const solved = async (html: string) => {
      const uuid = /name="uuid" value="([^"]+)"/.exec(html)?.[1];
      expect(uuid).toBeDefined();
      await t.p.db
        .update(captchas)
        .set({ answerHash: sha256('k7pz') })
        .where(eq(captchas.id, uuid!));
      return { uuid: uuid!, code: 'k7pz' };
    };
    const browser = new Browser(base);
    try {
      let html = await openSignIn(browser);
      expect(html).not.toContain('name="code"');
      const action = formAction(html);
      for (let i = 1; i <= 3; i++) {
        const res = await post(action, { password: 'Wrong#pass1' });
        expect(res.status).toBe(Errors.BAD_CREDENTIALS.http);
        html = await res.text();
        // from the third failure on the form shows a captcha image
        expect(html.includes('name="code"')).toBe(i >= 3);
        expect(html.includes('<img class="captcha" src="data:image/svg+xml;base64,')).toBe(i >= 3);
      }

      // the right password without the captcha is refused and not counted
      const noCaptcha = await post(action, { password: 'Ops#2026' });
      expect(noCaptcha.status).toBe(Errors.CAPTCHA_REQUIRED.http);
      expect(noCaptcha.headers.get('location')).toBeNull();
      html = await noCaptcha.text();
      expect(html).toContain(Errors.CAPTCHA_REQUIRED.en);
      // ... and so is a wrong answer
      const wrongCaptcha = await post(action, { password: 'Ops#2026', uuid: (await solved(html)).uuid, code: 'nope' });
      expect(wrongCaptcha.status).toBe(Errors.CAPTCHA_WRONG.http);
      html = await wrongCaptcha.text();
      expect(html).toContain(Errors.CAPTCHA_WRONG.en);

      // the counter is the password grant's: it wants a captcha for this user too
      const grant = await t.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        payload: {
          grant_type: 'password',
          username: user,
          password: 'Ops#2026',
          client_id: 'staff-web',
          scope: 'staff',
        },
      });
      expect(grant.json().code).toBe(Errors.CAPTCHA_REQUIRED.code);

      // with solved captchas, two more failures reach LOGIN_LOCK_AFTER (5): locked
      for (let i = 4; i <= 5; i++) {
        const res = await post(action, { password: 'Wrong#pass1', ...(await solved(html)) });
        html = await res.text();
        expect(res.status).toBe(i < 5 ? Errors.BAD_CREDENTIALS.http : Errors.ACCOUNT_LOCKED.http);
      }
      expect(html).toContain(Errors.ACCOUNT_LOCKED.en);
      // locked: even the right password with a solved captcha is refused
      const c = await t.p.db
        .insert(captchas)
        .values({
          id: crypto.randomUUID(),
          answerHash: sha256('k7pz'),
          expiresAt: new Date(Date.now() + 60_000),
        })
        .returning({ id: captchas.id });
      const locked = await post(action, { password: 'Ops#2026', uuid: c[0]!.id, code: 'k7pz' });
      expect(locked.status).toBe(Errors.ACCOUNT_LOCKED.http);
      expect(locked.headers.get('location')).toBeNull();
      expect(await locked.text()).toContain(Errors.ACCOUNT_LOCKED.en);
      const [row] = await t.p.db.select().from(loginAttempts).where(eq(loginAttempts.username, user));
      expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await t.p.db.delete(loginAttempts).where(eq(loginAttempts.username, user));
    }
  });

  it('escapes what it echoes and speaks Chinese to a Chinese browser', async () => {
    const browser = new Browser(base, 'zh-CN,zh;q=0.9');
    const html = await openSignIn(browser);
    expect(html).toContain('工作台登录');
    const res = await browser.request(formAction(html), {
      method: 'POST',
      form: { login: '"><script>alert(1)</script>', password: 'x' },
    });
    const page = await res.text();
    expect(page).toContain(Errors.BAD_CREDENTIALS.zh);
    expect(page).not.toContain('<script>');
    expect(page).toContain('&quot;&gt;&lt;script&gt;');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('does not accept a form posted without the interaction of this browser', async () => {
    const html = await openSignIn(new Browser(base));
    // another browser (no interaction cookie) posts to the same form
    const res = await new Browser(base).request(formAction(html), {
      method: 'POST',
      form: { login: 'admin', password: 'Admin#2026' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('sends the browser back with access_denied when the user cancels', async () => {
    const browser = new Browser(base);
    const html = await openSignIn(browser);
    const abort = formAction(html).replace(/\/login$/, '/abort');
    const { url: back } = await browser.follow(abort, { method: 'POST', form: {} });
    expect(back?.searchParams.get('error')).toBe('access_denied');
    expect(back?.searchParams.get('code')).toBeNull();
  });

  it('normalises redirect paths to this site', async () => {
    const back = await signInAtProvider(new Browser(base), 'admin', 'Admin#2026', '//evil.com');
    const { body } = await dingAuth(back);
    expect(body.code).toBe(0);
    expect(body.data.redirectPath).toBe('/');

    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
    expect(safeRedirectPath('//evil.com')).toBe('/');
    expect(safeRedirectPath('/\\evil.com')).toBe('/');
    expect(safeRedirectPath('https://evil.com/x')).toBe('/');
    expect(safeRedirectPath('/x\n/y')).toBe('/');
    expect(safeRedirectPath('/customer/list?tab=2#top')).toBe('/customer/list?tab=2#top');
  });

  it('refuses a disabled staff account', async () => {
    await t.p.db.update(staffUsers).set({ status: 'disabled' }).where(eq(staffUsers.ssoSubject, 'wk-sales01'));
    try {
      const back = await signInAtProvider(new Browser(base), 'sales01', 'Sales#2026');
      const { body } = await dingAuth(back);
      expect(body.code).toBe(Errors.ACCOUNT_DISABLED.code);
    } finally {
      await t.p.db.update(staffUsers).set({ status: 'active' }).where(eq(staffUsers.ssoSubject, 'wk-sales01'));
    }
  });

  it('validates its inputs with the envelope', async () => {
    const { status, body } = await api('/auth/oauth/dingAuth?state=x');
    expect(status).toBe(400);
    expect(body.code).toBe(Errors.VALIDATION_FAILED.code);
  });
});

describe('single sign-on against a configured provider (SSO_*)', () => {
  let idp: TestApp & { url: string };
  let portal: TestApp & { url: string };

  beforeAll(async () => {
    idp = await startTestApp({ publicUrl: true });
    portal = await startTestApp({
      listen: true,
      env: { SSO_ISSUER: `${idp.url}/sso-idp`, SSO_CLIENT_ID: 'staff-portal', SSO_CLIENT_SECRET: 'local-idp-secret' },
    });
  });
  afterAll(async () => {
    await portal?.close();
    await idp?.close();
  });

  it('mounts no embedded provider and sends the browser to the configured one', async () => {
    expect(portal.p.config.sso.embedded).toBe(false);
    const local = await fetch(`${portal.url}/sso-idp/.well-known/openid-configuration`);
    expect(local.status).toBe(404);
    const res = await fetch(`${portal.url}/auth/oauth/ssoUrl`);
    const body = await res.json();
    expect(body.code).toBe(0);
    const url = new URL(body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.url}/sso-idp/auth`);
    // a real provider keeps its own session: no forced prompt
    expect(url.searchParams.get('prompt')).toBeNull();
  });
});

describe('SSO_EMBEDDED: the embedded provider only where it is meant to be', () => {
  it('is on by default only without SSO_ISSUER in APP_ENV local or demo', () => {
    expect(loadConfig({}).sso).toMatchObject({ enabled: true, embedded: true });
    expect(loadConfig({ APP_ENV: 'demo' }).sso.embedded).toBe(true);
    expect(loadConfig({ APP_ENV: 'production' }).sso).toMatchObject({ enabled: false, embedded: false });
    expect(loadConfig({ APP_ENV: 'production', SSO_EMBEDDED: 'true' }).sso.embedded).toBe(true);
    expect(loadConfig({ SSO_EMBEDDED: 'false' }).sso).toMatchObject({ enabled: false, embedded: false });
    const real = loadConfig({ SSO_ISSUER: 'https://idp.example.com', SSO_CLIENT_ID: 'c', SSO_CLIENT_SECRET: 's' });
    expect(real.sso).toMatchObject({ enabled: true, embedded: false, issuer: 'https://idp.example.com' });
    expect(() => loadConfig({ SSO_ISSUER: 'https://idp.example.com', SSO_EMBEDDED: 'true' })).toThrow(/SSO_EMBEDDED/);
  });

  describe('with no provider at all', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ seed: false, env: { APP_ENV: 'production' } });
    });
    afterAll(async () => t?.close());

    it('mounts nothing under /sso-idp and answers SSO_DISABLED on both SSO routes', async () => {
      expect((await t.app.inject({ url: '/sso-idp/.well-known/openid-configuration' })).statusCode).toBe(404);
      for (const url of ['/auth/oauth/ssoUrl', '/auth/oauth/dingAuth?code=abc&state=def']) {
        const res = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
        expect(res.statusCode).toBe(Errors.SSO_DISABLED.http);
        expect(res.json()).toMatchObject({ code: Errors.SSO_DISABLED.code, msg: Errors.SSO_DISABLED.en });
      }
      const [states] = await t.p.db.select({ n: count() }).from(ssoStates);
      expect(states!.n).toBe(0);
    });
  });
});
