import { Errors, envelope, errorMessage, promotionLink, promotionLinkQuery } from '@portal/contracts';
import { CrmPerm, PROMOTION_PAGE, promotionSignUp, promotionStats } from '@portal/contracts/crm';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffUsers } from '../../../platform/access/schema.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { localeOf } from '../../../platform/http/locale.js';
import type { Platform } from '../../../platform/platform.js';
import { landingPage } from './landing.js';
import {
  promoterOf,
  promotionCounts,
  promotionLinkOf,
  recordSignUp,
  recordVisit,
  promotionStats as statsOf,
} from './service.js';

const tags = ['crm'];
const ref = z.object({ ref: z.string().trim().min(1).max(32) });
/** public calls per visitor address and minute: a page view or a sign-up, never a flood */
const VISITS_PER_MINUTE = 60;
const SIGNUPS_PER_MINUTE = 10;

async function jobNumberOf(p: Platform, userId: number) {
  const [me] = await p.db.select({ jobNumber: staffUsers.jobNumber }).from(staffUsers).where(eq(staffUsers.id, userId));
  return me?.jobNumber ?? null;
}

/** Promotion links: the caller's link and figures, the public landing page, the public counting calls. */
export async function promotionRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // the overview's linkPromotion: visits / sign-ups of my link
  p.summary.register('crm.promotion', async (auth) => {
    if (!auth.perms.has(CrmPerm.CUSTOMERS)) return {} as Record<string, string>;
    const c = await promotionCounts(p.db, p.clock, auth.userId);
    return { linkPromotion: `${c.visits} / ${c.signUps}` };
  });
  const html = (reply: { type(t: string): unknown }) => reply.type('text/html; charset=utf-8');

  r.get(
    '/kunlun/crm/main/get/promotionLink',
    {
      schema: {
        tags,
        summary: 'My customer sign-up promotion link (only for my own job number)',
        querystring: promotionLinkQuery,
        response: { 200: envelope(promotionLink) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const mine = await jobNumberOf(p, req.auth!.userId);
      if (mine !== req.query.jobNumber) throw new AppError('NO_PERMISSION');
      return ok({ link: promotionLinkOf(p.config, mine) });
    },
  );

  r.get(
    '/v2/crm/promotion/mine',
    {
      schema: {
        tags,
        summary: 'My promotion link with its visits and sign-ups',
        response: { 200: envelope(promotionStats) },
      },
      config: { access: { perm: CrmPerm.CUSTOMERS } },
    },
    async (req) => {
      const mine = await jobNumberOf(p, req.auth!.userId);
      return ok(await statsOf(p.db, p.clock, req.auth!.userId, mine ? promotionLinkOf(p.config, mine) : null));
    },
  );

  r.get(
    `${PROMOTION_PAGE}/:ref`,
    {
      schema: { tags, summary: 'The public sign-up page of a promotion link (counts a visit)', params: ref },
      config: { access: 'public', audit: false, rateLimit: { max: VISITS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const promoter = await promoterOf(p.db, req.params.ref).catch(() => null);
      if (!promoter) {
        html(reply.code(404));
        return errorMessage(Errors.CRM_PROMOTION_UNKNOWN, locale);
      }
      await recordVisit(p.db, p.clock, promoter.id, req.headers.referer);
      html(reply);
      return landingPage({ locale, promoter: promoter.name });
    },
  );

  r.post(
    `${PROMOTION_PAGE}/:ref`,
    {
      schema: { tags, summary: 'The landing page form posted (a sign-up)', params: ref },
      config: { access: 'public', rateLimit: { max: SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const promoter = await promoterOf(p.db, req.params.ref).catch(() => null);
      html(reply);
      if (!promoter) {
        reply.code(404);
        return errorMessage(Errors.CRM_PROMOTION_UNKNOWN, locale);
      }
      const raw = Object.fromEntries(
        Object.entries((req.body ?? {}) as Record<string, unknown>)
          .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
          .map(([k, v]) => [k, String(v)]),
      );
      const form = promotionSignUp.safeParse(raw);
      const again = (error: string) => {
        reply.code(400);
        return landingPage({ locale, promoter: promoter.name, values: raw, error });
      };
      if (!form.success) return again(errorMessage(Errors.VALIDATION_FAILED, locale));
      try {
        await recordSignUp(p.db, p.clock, promoter.id, form.data);
      } catch (err) {
        if (err instanceof AppError) return again(err.message_(locale));
        throw err;
      }
      return landingPage({ locale, promoter: promoter.name, done: true });
    },
  );

  r.post(
    '/v2/crm/promotion/visit',
    {
      schema: {
        tags,
        summary: 'Count a visit of a promotion link (for a marketing site at PROMOTION_URL)',
        body: ref,
        response: { 200: envelope(z.null()) },
      },
      config: { access: 'public', audit: false, rateLimit: { max: VISITS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req) => {
      const promoter = await promoterOf(p.db, req.body.ref);
      await recordVisit(p.db, p.clock, promoter.id, req.headers.referer);
      return ok(null);
    },
  );

  r.post(
    '/v2/crm/promotion/signup',
    {
      schema: {
        tags,
        summary: 'Record a sign-up through a promotion link (for a marketing site at PROMOTION_URL)',
        body: promotionSignUp.extend(ref.shape),
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: 'public', rateLimit: { max: SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req) => {
      const { ref: jobNumber, ...form } = req.body;
      const promoter = await promoterOf(p.db, jobNumber);
      return ok(await recordSignUp(p.db, p.clock, promoter.id, form));
    },
  );
}
