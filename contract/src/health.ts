import { z } from 'zod';

export const LivenessResponse = z.object({ status: z.literal('ok'), uptime: z.number() });
export const ReadinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  uptime: z.number(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
