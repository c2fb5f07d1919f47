import { envelope, type Locale } from '@portal/contracts';
import {
  BLACKLIST_API,
  BLACKLIST_DETAIL_PATH,
  CrmPerm,
  type CustomerState,
  customerResource,
  SEA_DETAIL_PATH,
} from '@portal/contracts/crm';
import { resourceSchemas } from '@portal/contracts/resource';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { mountRecordHistory } from '../../platform/history/routes.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { valueNamesOf } from '../../platform/resource/index.js';
import { rowSelect, toRow, visibleFields } from '../../platform/resource/query.js';
import { customers } from './customers.js';
import { crmCustomers } from './schema.js';

/**
 * One customer in a state nobody owns (open sea, blacklist), for holders of that list's key whatever
 * their data scope — the same reach as the list it is opened from; fields behind a key (contact
 * details) only for its holders. Another state answers NOT_FOUND: a claimed customer is its owner's.
 */
export async function customerInState(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
  state: CustomerState,
  locale?: Locale,
) {
  const fields = visibleFields(customerResource, auth);
  const [row] = await db
    .select(rowSelect(customers, fields, locale))
    .from(crmCustomers)
    .where(and(eq(crmCustomers.id, id), eq(crmCustomers.state, state)));
  if (!row) throw new AppError('NOT_FOUND');
  return toRow(customers, fields, row);
}

const isIn = (db: DbOrTx, id: number, state: CustomerState) =>
  db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.id, id), eq(crmCustomers.state, state)))
    .then((r) => r.length > 0);

/** The open sea's and the blacklist's detail calls, and the blacklisted customer's history. */
export async function stateDetailRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = resourceSchemas(customerResource);
  const detail = (url: string, state: CustomerState, perm: string, summary: string) =>
    r.post(
      url,
      {
        schema: { tags: ['crm'], summary, body: s.id, response: { 200: envelope(s.detail) } },
        config: { access: { perm }, audit: false },
      },
      async (req) =>
        ok(await customerInState(p.db, req.auth!, (req.body as { id: number }).id, state, localeOf(req.headers))),
    );
  detail(SEA_DETAIL_PATH, 'open_sea', CrmPerm.OPEN_SEA, 'An open-sea customer (contact details by field key)');
  detail(BLACKLIST_DETAIL_PATH, 'blacklist', CrmPerm.BLACKLIST, 'A blacklisted customer');
  // a blacklisted customer's history (why and by whom), for the blacklist's readers
  mountRecordHistory(app, p, {
    base: BLACKLIST_API,
    entity: customerResource.key,
    perm: CrmPerm.BLACKLIST,
    tags: ['crm'],
    canRead: (db, _auth, id) => isIn(db, id, 'blacklist'),
    valueNames: valueNamesOf(customers),
  });
}
