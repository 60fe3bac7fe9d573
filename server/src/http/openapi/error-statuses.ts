import type { Endpoint } from '@switchboard/contract/endpoint';

/**
 * The error statuses an endpoint can answer, from what its declaration says about it. Each comes from
 * a part of the server that every route of that kind passes through, so the document lists what a
 * caller can really meet rather than what each handler happens to throw today.
 */
export function errorStatuses(
  endpoint: Pick<Endpoint, 'method' | 'access' | 'params' | 'query' | 'body' | 'path' | 'otherErrors'>,
  prefix: string,
): number[] {
  const statuses = new Set<number>();
  const writes = endpoint.method !== 'GET';
  // Schema validation of params, query and body; a handler's own field checks.
  if (endpoint.params || endpoint.query || endpoint.body || writes) statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  // A blocked address is refused before routing, whatever it asks for; roles refuse the rest.
  statuses.add(403);
  // A path naming a record that does not exist; a signed-in write naming one (a contact, a user).
  if (endpoint.params || (writes && endpoint.access !== 'public')) statuses.add(404);
  // Unique names, a state that no longer allows the change (a call already ended, a reversed coin entry).
  if (writes) statuses.add(409);
  // The 1 MiB body limit (and an upload's own limit).
  if (writes) statuses.add(413);
  // Health probes are exempt from the request budgets; everything else counts against one.
  if (!`${prefix}${endpoint.path}`.includes('/health')) statuses.add(429);
  statuses.add(500);
  // The database connection lost mid-request; a calling app's routes also close in maintenance mode.
  statuses.add(503);
  for (const status of endpoint.otherErrors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}
