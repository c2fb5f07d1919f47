import { IDEMPOTENCE_HEADER } from '@portal/contracts';
import { bearer, type StartOptions, signIn, startTestApp, type TestApp, type Tokens } from '../harness.js';

type Credentials = { readonly username: string; readonly password: string };

/**
 * A file's set-up: one app (seeded unless `opts` says otherwise) and these users signed in, their
 * tokens after the app in the order given: `[t, admin, sales] = await startSignedIn([DEMO.admin, DEMO.sales01])`.
 */
export async function startSignedIn<const W extends readonly Credentials[]>(
  users: W,
  opts: StartOptions = {},
): Promise<[TestApp & { url: string }, ...{ -readonly [I in keyof W]: Tokens }]> {
  const t = await startTestApp(opts);
  const tokens = await Promise.all(users.map((u) => signIn(t.app, u)));
  return [t, ...(tokens as { -readonly [I in keyof W]: Tokens })];
}

/** A check-repeat POST as `who`: fetches a fresh idempotence key first, answers the envelope. */
export async function keyedPost<A = unknown>(t: TestApp, who: Tokens, url: string, payload: object): Promise<A> {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json()
    .data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who), [IDEMPOTENCE_HEADER]: key },
    payload,
  });
  return res.json() as A;
}
