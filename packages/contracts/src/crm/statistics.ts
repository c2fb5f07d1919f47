import { z } from 'zod';
import { int32 } from '../validation/scalars.js';

/** `POST /v2/crm/index/customer/statistics`: the caller's customer figures (own customers, by their data scope for the rest). */
export const customerStatistics = z.object({
  /** customers the caller owns (private) */
  myCustomer: int32(),
  /** of them, created or received today */
  todayCustomer: int32(),
  /** of them, with a deal */
  dealt: int32(),
  /** of them, with the next contact due by the end of today */
  contactDueToday: int32(),
  /** customers in the open sea */
  openSea: int32(),
});
export type CustomerStatistics = z.infer<typeof customerStatistics>;
