import { envelope } from '@portal/contracts';
import {
  APPLY_PATHS,
  type ApplicationKind,
  aliasApply,
  applyResult,
  blacklistApply,
  blacklistRemove,
  CrmPerm,
  classAApply,
  customerResource,
  sharePage as sharePageSchema,
  shareQuery,
  sourceApply,
  teamNameApply,
} from '@portal/contracts/crm';
import { ownershipResult } from '@portal/contracts/ownership';
import { resourceSchemas } from '@portal/contracts/resource';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import type { Values } from '../../platform/resource/bind.js';
import { type ApplyInput, apply } from './applications.js';
import { blacklistPage, removeFromBlacklist } from './blacklist.js';
import { sharePage } from './shares.js';

const tags = ['crm'];

/**
 * Applications through approval (alias change, class A, source change, team name change,
 * blacklist), the blacklist list and its removal, the share list.
 */
export async function flowRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const applyRoute = <B extends z.ZodType>(
    kind: ApplicationKind,
    body: B,
    perm: string,
    summary: string,
    input: (b: z.infer<B>) => ApplyInput,
  ) =>
    r.post(
      APPLY_PATHS[kind],
      {
        schema: { tags, summary, body, response: { 200: envelope(applyResult) } },
        config: { access: { perm }, checkRepeat: true },
      },
      async (req) => ok(await apply(p, req.auth!, kind, input(req.body as z.infer<B>))),
    );

  applyRoute('alias', aliasApply, CrmPerm.APPLY, 'Apply for an alias change (10050016 offers a free alias)', (b) => ({
    customerId: b.customerId,
    reason: b.reason,
    value: b.alias,
  }));
  applyRoute('classA', classAApply, CrmPerm.APPLY, 'Apply for class A (approved: level A)', (b) => b);
  applyRoute('source', sourceApply, CrmPerm.APPLY, 'Apply for a customer source change', (b) => ({
    customerId: b.customerId,
    reason: b.reason,
    value: b.source,
  }));
  applyRoute('teamName', teamNameApply, CrmPerm.TEAM_NAME, 'Apply for a team (company) name change', (b) => ({
    customerId: b.customerId,
    reason: b.reason,
    value: b.name,
  }));
  applyRoute('blacklist', blacklistApply, CrmPerm.APPLY, 'Apply to move a customer to the blacklist', (b) => b);

  const s = resourceSchemas(customerResource);
  r.post(
    '/v2/crm/blacklist/page',
    {
      schema: { tags, summary: 'Blacklisted customers', body: s.listQuery, response: { 200: envelope(s.page) } },
      config: { access: { perm: CrmPerm.BLACKLIST }, audit: false },
    },
    async (req) => ok(await blacklistPage(p, req.auth!, req.body as Values, localeOf(req.headers))),
  );
  r.post(
    '/v2/crm/blacklist/remove',
    {
      schema: {
        tags,
        summary: 'Take customers off the blacklist (they go to the open sea)',
        body: blacklistRemove,
        response: { 200: envelope(ownershipResult) },
      },
      config: { access: { perm: CrmPerm.BLACKLIST_REMOVE }, checkRepeat: true },
    },
    async (req) => ok(await removeFromBlacklist(p, req.auth!, req.body.ids, req.body.reason)),
  );
  r.post(
    '/v2/crm/customer/share/page',
    {
      schema: {
        tags,
        summary: 'Customers shared with colleagues, one row per member',
        body: shareQuery,
        response: { 200: envelope(sharePageSchema) },
      },
      config: { access: { perm: CrmPerm.SHARE }, audit: false },
    },
    async (req) => ok(await sharePage(p, req.auth!, req.body)),
  );
}
