import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const LivenessResponse = z.object({ status: z.literal('ok'), uptime: z.number() });
export const ReadinessResponse = z.object({
  /**
   * 'draining' from the first moment of a stop: the instance finishes what it holds and takes nothing new
   * (503, so a load balancer sends new connections elsewhere).
   */
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: z.enum(['up', 'down']),
  /**
   * The Redis that carries socket.io events between instances: 'off' without REDIS_URL. While it is
   * down the instance still serves HTTP (readiness stays 200) but its live events reach only its own sockets.
   */
  redis: z.enum(['up', 'down', 'off']),
  uptime: z.number(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

export const healthEndpoints = {
  live: endpoint({
    method: 'GET',
    path: '/health/simple',
    tag: 'health',
    access: 'public',
    response: LivenessResponse,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    tag: 'health',
    access: 'public',
    response: ReadinessResponse,
    otherResponses: { 503: ReadinessResponse },
  }),
};
