import { z } from 'zod';

export const needScoreQuery = z.object({ resourceId: z.coerce.number().int().positive() });
export const needScore = z.object({ need: z.boolean(), question: z.string().nullable() });
export const commitScoreBody = z.object({
  resourceId: z.number().int().positive(),
  score: z.number().int().min(1).max(5),
  content: z.string().trim().max(500).optional(),
});
export type CommitScoreBody = z.infer<typeof commitScoreBody>;
