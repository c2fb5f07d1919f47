import { envelope } from '@portal/contracts';
import {
  claimBody,
  distributeBody,
  membersQuery,
  type OwnershipVerb,
  ownerLogPage as ownerLogPageSchema,
  ownerLogQuery,
  ownershipPath,
  ownershipResult,
  recordMembers,
  returnBody,
  shareBody,
  transferBody,
  unshareBody,
} from '@portal/contracts/ownership';
import { resourceSchemas } from '@portal/contracts/resource';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from '../auth/context.js';
import { ok } from '../http/envelope.js';
import { localeOf } from '../http/locale.js';
import type { Platform } from '../platform.js';
import type { Values } from '../resource/bind.js';
import { loadRecord } from '../resource/query.js';
import type { OwnershipBinding } from './bind.js';
import { membersOf } from './members.js';
import { ownerLogPage, poolPage } from './queries.js';
import { claim, distribute, returnToPool, share, transfer, unshare } from './service.js';

/**
 * The ownership routes of a resource under its API base (`ownershipPath`): pool page, claim,
 * distribute, return to pool, transfer, share, unshare, members, owner log; each with its key
 * from the ownership definition and the data scope the service applies.
 */
export async function mountOwnership(app: FastifyInstance, p: Platform, ob: OwnershipBinding) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { o, b } = ob;
  const tags = [b.def.key.split('.')[0]!];
  const title = b.def.title.en;
  const s = resourceSchemas(b.def);
  const path = (v: OwnershipVerb) => ownershipPath(o, v);

  const command = <B extends z.ZodType>(
    verb: OwnershipVerb,
    perm: string,
    body: B,
    summary: string,
    run: (req: { auth: AuthContext; body: z.infer<B> }) => Promise<{ ids: number[] }>,
  ) =>
    r.post(
      path(verb),
      {
        schema: { tags, summary: `${title}: ${summary}`, body, response: { 200: envelope(ownershipResult) } },
        config: { access: { perm }, checkRepeat: true },
      },
      async (req) => ok(await run({ auth: req.auth!, body: req.body as z.infer<B> })),
    );

  r.post(
    path('poolPage'),
    {
      schema: {
        tags,
        summary: `${title}: the pool (open sea)`,
        body: s.listQuery,
        response: { 200: envelope(s.page) },
      },
      config: { access: { perm: o.perms.pool }, audit: false },
    },
    async (req) => ok(await poolPage(p, ob, req.auth!, req.body as Values, localeOf(req.headers))),
  );

  command('claim', o.perms.claim, claimBody, 'claim from the pool (limits, daily cap, cool-down, embargo)', (q) =>
    claim(p, ob, q.auth, q.body.ids),
  );
  command('distribute', o.perms.distribute, distributeBody, 'assign pool records to a user', (q) =>
    distribute(p, ob, q.auth, q.body.ids, q.body.userId),
  );
  command('returnToPool', o.perms.returnToPool, returnBody, 'return to the pool with a reason', (q) =>
    returnToPool(p, ob, q.auth, q.body.ids, q.body.reason),
  );
  command('transfer', o.perms.transfer, transferBody, 'transfer to another user with related records', (q) =>
    transfer(p, ob, q.auth, q.body),
  );
  command('share', o.perms.share, shareBody, 'share with colleagues as read or write members', (q) =>
    share(p, ob, q.auth, q.body.id, q.body.members),
  );
  command('unshare', o.perms.share, unshareBody, 'remove a member', (q) =>
    unshare(p, ob, q.auth, q.body.id, q.body.userId),
  );

  r.get(
    path('members'),
    {
      schema: {
        tags,
        summary: `${title}: members the record is shared with`,
        querystring: membersQuery,
        response: { 200: envelope(recordMembers) },
      },
      config: { access: { perm: b.def.access.list }, audit: false },
    },
    async (req) => {
      const id = (req.query as { id: number }).id;
      await loadRecord(p.db, b, req.auth!, id, []);
      return ok(await membersOf(p.db, b.def.key, id, localeOf(req.headers)));
    },
  );

  r.post(
    path('logPage'),
    {
      schema: {
        tags,
        summary: `${title}: owner changes (claims, distributions, returns, transfers)`,
        body: ownerLogQuery,
        response: { 200: envelope(ownerLogPageSchema) },
      },
      config: { access: { perm: o.perms.log }, audit: false },
    },
    async (req) =>
      ok(await ownerLogPage(p, ob, req.auth!, req.body as z.infer<typeof ownerLogQuery>, localeOf(req.headers))),
  );
}
