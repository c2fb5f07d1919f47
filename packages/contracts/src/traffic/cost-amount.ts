import { z } from 'zod';

/** an amount of cost in its own currency (decisions 0105, 0109): traffic's performance views and the reports */
export const costAmount = z.object({ currency: z.string(), amount: z.string() });
export type CostAmount = z.infer<typeof costAmount>;
