import { z } from 'zod';
import { int32, int32Id, text } from '../validation/scalars.js';

const day = () => text().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** The longest period an analysis reads at once. */
export const ANALYSIS_MAX_DAYS = 366;

/**
 * An analysis query: a period (both days included, server time zone) and optionally one sales or
 * one department; the caller's data scope always applies on top.
 */
export const analysisQuery = z.object({
  from: day(),
  to: day(),
  ownerId: int32Id().optional(),
  departmentId: int32Id().optional(),
});
export type AnalysisQuery = z.infer<typeof analysisQuery>;

/** A sum of money in one currency (opportunities keep their own currency; sums never mix them). */
export const currencyAmount = z.object({ currency: text(), amount: z.number() });

/** One funnel stage: open opportunities in it created in the period. */
export const funnelStage = z.object({
  code: text(),
  name: text(),
  nameEn: text(),
  /** the stage's configured win rate, 0..100 */
  winRate: z.number(),
  count: int32(),
  amounts: z.array(currencyAmount),
  /** amounts times the stage's win rate */
  weighted: z.array(currencyAmount),
});

/**
 * `POST /v2/crm/analysis/sales-funnel`: opportunities created in the period (a cohort), open ones by
 * stage, closed ones by outcome; the won rate is won / (won + lost) of the cohort.
 */
export const salesFunnel = z.object({
  stages: z.array(funnelStage),
  won: z.object({ count: int32(), amounts: z.array(currencyAmount) }),
  lost: z.object({ count: int32(), amounts: z.array(currencyAmount) }),
  invalid: int32(),
  /** won / (won + lost) of those created in the period, 0..100; null when none is closed */
  winRate: z.number().nullable(),
  /** per owner: open count, won and lost in the period */
  byOwner: z.array(
    z.object({
      ownerId: int32(),
      ownerName: text(),
      open: int32(),
      won: int32(),
      lost: int32(),
      winRate: z.number().nullable(),
    }),
  ),
});
export type SalesFunnel = z.infer<typeof salesFunnel>;

/**
 * `POST /v2/crm/analysis/account-track`: per sales in the caller's scope, what they did in the
 * period. First paid traffic is the customers' deal event (decision 0069: `trafficAvailable`);
 * new accounts are the finance room's accounts opened in the period, read through its accounts
 * port (`accountsAvailable` false where that room is not mounted: the column says so, never a
 * made-up figure).
 */
export const accountTrack = z.object({
  rows: z.array(
    z.object({
      ownerId: int32(),
      ownerName: text(),
      jobNumber: text().nullable(),
      /** customers created by this sales in the period */
      newCustomers: int32(),
      /** customers this sales took over in the period (claimed, assigned, transferred) */
      receivedCustomers: int32(),
      /** follow-ups recorded on customers */
      followUps: int32(),
      /** distinct customers followed up */
      customersFollowed: int32(),
      /** opportunities created */
      newOpportunities: int32(),
      /** accounts of this sales' customers opened in the period (the customer's owner now) */
      newAccounts: int32(),
      /** this sales' customers whose first paid traffic came in the period (they became dealt then) */
      firstPaidCustomers: int32(),
      lastFollowUpAt: text().nullable(),
    }),
  ),
  accountsAvailable: z.boolean(),
  trafficAvailable: z.boolean(),
});
export type AccountTrack = z.infer<typeof accountTrack>;

export const CRM_ANALYSIS_PATHS = {
  funnel: '/v2/crm/analysis/sales-funnel',
  track: '/v2/crm/analysis/account-track',
} as const;
