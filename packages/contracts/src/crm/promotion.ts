import { z } from 'zod';
import { int32, text } from '../validation/scalars.js';

/**
 * Promotion links: every sales with a job number has a public sign-up link
 * (`<PUBLIC_URL>/promo/<jobNumber>`, or PROMOTION_URL?ref=<jobNumber> when a marketing site is
 * configured). Opening it counts a visit; the form on it records a sign-up attributed to the sales.
 */
export const PROMOTION_PAGE = '/promo';

/** The form of the landing page (also accepted as JSON by the sign-up call). */
export const promotionSignUp = z.object({
  company: text().trim().min(2).max(128),
  name: text().trim().min(1).max(64),
  email: z.email().max(254),
  phone: text().trim().max(32).optional(),
  message: text().trim().max(1000).optional(),
});
export type PromotionSignUp = z.infer<typeof promotionSignUp>;

/** `GET /v2/crm/promotion/mine`: my link and what it brought. */
export const promotionStats = z.object({
  link: text().nullable(),
  visits: int32(),
  visitsToday: int32(),
  signUps: int32(),
  recent: z.array(z.object({ id: int32(), company: text(), name: text(), email: text(), createdAt: text() })),
});
export type PromotionStats = z.infer<typeof promotionStats>;
