import { Errors } from '@portal/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../src/platform/auth/schema.js';
import { DEMO, onPostgres, signIn, startTestApp, type TestApp } from './harness.js';

/**
 * Bad input never answers 5xx: every operation the app registers (its own routes list, so a
 * route added later is fuzzed too) gets a few hostile requests, without and with an admin token:
 * ids 2^31 and 2^63, negative numbers, NUL and unpaired surrogates in every string, wrong types,
 * deep nesting, broken JSON and a truncated multipart body.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const INT31 = 2 ** 31;
const INT63 = '9223372036854775808';
const NUL = 'a\u0000b';
const SURROGATE = 'x\ud800y';

interface Variant {
  name: string;
  int: unknown;
  str: string;
  param: string;
}
const VARIANTS: Variant[] = [
  { name: 'int 2^31', int: INT31, str: 'x', param: String(INT31) },
  { name: 'int 2^63', int: 2 ** 63, str: 'x', param: INT63 },
  { name: 'negative, NUL', int: -1, str: NUL, param: '-1' },
  { name: 'huge, surrogate', int: 1e308, str: SURROGATE, param: '%00' },
  { name: 'wrong types', int: 'x', str: { nested: [true] } as unknown as string, param: '0x1' },
];

const first = (s: Schema): Schema => s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0] ?? s;
const typeOf = (s: Schema) => {
  const t = first(s).type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
};

/** A value shaped by the schema, with every integer / string replaced by the variant's value. */
function fill(schema: Schema | undefined, v: Variant, depth = 0): unknown {
  if (!schema || depth > 6) return v.str;
  const s = first(schema);
  if (s.enum?.length && v.name !== 'wrong types') return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, fill(p, v, depth + 1)]));
    case 'array':
      return [fill(s.items, v, depth + 1)];
    case 'integer':
    case 'number':
      return v.int;
    case 'boolean':
      return v.name === 'wrong types' ? 'x' : true;
    default:
      return v.str;
  }
}

/** A query value as sent on the wire; an unpaired surrogate travels as its (invalid) UTF-8 bytes. */
const queryValue = (value: unknown) =>
  String(typeof value === 'object' ? JSON.stringify(value) : value)
    .split(SURROGATE)
    .map(encodeURIComponent)
    .join('x%ED%A0%80y');

const deep = (n: number) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;
const truncatedMultipart = [
  '--fuzzboundary',
  'Content-Disposition: form-data; name="file"; filename="a.txt"',
  'Content-Type: text/plain',
  '',
  'half a file and then the body ends',
].join('\r\n');

describe(`fuzz: no 5xx for bad input on any route (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let token = '';
  const failures: string[] = [];
  let sent = 0;
  /** admin calls answered past the guard: proves the token stayed valid and handlers were reached */
  let pastGuard = 0;
  /** a fuzzed call ended the admin's session (sign-out): sign in again after the operation's batch */
  let signedOut = false;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '100000' } });
    token = (await signIn(t.app, DEMO.admin)).token;
  });
  afterAll(async () => t?.close());

  /** One request; a response that never ends (an event stream) counts as answered after 2 s. */
  async function send(opts: InjectOptions, label: string, withToken: boolean) {
    const headers = { ...(opts.headers ?? {}), ...(withToken ? { authorization: `Bearer ${token}` } : {}) };
    const call = t.app.inject({ ...opts, headers }) as Promise<LightMyRequestResponse>;
    const res = await Promise.race([call, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
    sent++;
    if (withToken && res && res.statusCode !== 401) pastGuard++;
    if (res && res.statusCode >= 500) {
      failures.push(`${label} ${withToken ? '(admin)' : '(anonymous)'} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    if (withToken && res?.statusCode === 401 && res.body.includes(`"code":${Errors.TOKEN_INVALID.code}`)) {
      signedOut = true;
    }
  }

  it('every registered operation answers bad input with a 4xx', { timeout: 240_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ops = t.app.routesList.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method])
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => ({ method, url: r.url })),
    );
    // the list is the app's own: a new route is fuzzed without editing this file
    expect(ops.length).toBeGreaterThan(100);

    for (const { method, url } of ops) {
      const openApiPath = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[method.toLowerCase()];
      const query = (op?.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const label = `${method} ${url}`;

      // one operation's requests go together (bounded run time); operations one after another
      const calls: Promise<void>[] = [];
      for (const v of VARIANTS) {
        const path = url.replace(/:[A-Za-z0-9_]+/g, v.param).replace('*', v.param);
        const qs = query.map((p) => `${p.name}=${queryValue(fill(p.schema, v))}`).join('&');
        const target = qs ? `${path}?${qs}` : path;
        const payload = hasBody ? JSON.stringify(fill(bodySchema ?? { type: 'object' }, v)) : undefined;
        const req: InjectOptions = {
          method: method as InjectOptions['method'],
          url: target,
          ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}),
        };
        for (const withToken of [false, true]) calls.push(send(req, `${label} [${v.name}]`, withToken));
      }
      if (hasBody || method === 'DELETE') {
        const path = url.replace(/:[A-Za-z0-9_]+/g, '0').replace('*', 'x');
        const bodies: [string, string, string][] = [
          ['broken JSON', 'application/json', '{"a": [1, 2'],
          ['deep nesting', 'application/json', deep(2000)],
          ['truncated multipart', 'multipart/form-data; boundary=fuzzboundary', truncatedMultipart],
        ];
        for (const [name, type, payload] of bodies) {
          for (const withToken of [false, true]) {
            const req = {
              method: method as InjectOptions['method'],
              url: path,
              payload,
              headers: { 'content-type': type },
            };
            calls.push(send(req, `${label} [${name}]`, withToken));
          }
        }
      }
      await Promise.all(calls);
      if (signedOut) {
        // fuzzed sign-ins count failures against real logins: clear them, or the captcha rule answers
        await t.p.db.delete(loginAttempts);
        token = (await signIn(t.app, DEMO.admin)).token;
        signedOut = false;
      }
    }
    expect(sent).toBeGreaterThan(ops.length * 10);
    expect(pastGuard).toBeGreaterThan(ops.length * 4);
    expect(failures).toEqual([]);
  });
});
