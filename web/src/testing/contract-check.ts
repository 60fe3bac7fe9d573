import { ApiError } from '@switchboard/contract/common';
import type { Endpoint, Schema } from '@switchboard/contract/endpoint';
import { z } from 'zod';
import { API_BASE } from '@/lib/api-client.ts';
import type { FetchCall } from './fetch-call.ts';

/** Responses a test sends on purpose although the contract forbids them (see offContract). */
export const offContractResponses = new WeakSet<Response>();

const violations: string[] = [];

/** The contract violations of the test that just ran; test-setup.ts fails the test when there are any. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  paramNames: string[];
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string' &&
  'response' in value;

/** Every endpoint the contract declares, exported alone or in a `<domain>Endpoints` object. */
const ROUTES: Route[] = Object.values(
  import.meta.glob<Record<string, unknown>>('../../../contract/src/*.ts', { eager: true }),
)
  .flatMap((module) => Object.values(module))
  .flatMap((value) =>
    isEndpoint(value) ? [value] : typeof value === 'object' && value ? Object.values(value) : [],
  )
  .filter(isEndpoint)
  .map((endpoint) => {
    const paramNames: string[] = [];
    const path = `${endpoint.outsideApi ? '' : API_BASE}${endpoint.path}`.replace(
      /:([A-Za-z_]\w*)/g,
      (_match, name: string) => {
        paramNames.push(name);
        return '([^/]+)';
      },
    );
    return { endpoint, pattern: new RegExp(`^${path}$`), paramNames };
  })
  // A literal segment wins over a parameter: `/admin/users/bulk` before `/admin/users/:id`.
  .sort((a, b) => a.paramNames.length - b.paramNames.length);

function issues(schema: Schema | undefined, value: unknown, what: string): string[] {
  if (!schema) return [];
  const result = z.safeParse(schema, value);
  return result.success ? [] : [`${what}: ${JSON.stringify(result.error.issues)}`];
}

/**
 * Parses a faked request and its response with the schemas of the endpoint they belong to, and records
 * what does not fit, so a fake that drifts from the contract fails its test.
 */
export async function checkAgainstContract(call: FetchCall, response: Response): Promise<void> {
  if (offContractResponses.has(response) || response.type === 'error') return;
  const name = `${call.method} ${call.url}`;
  const url = new URL(call.url, 'http://localhost');
  const route = ROUTES.find((r) => r.endpoint.method === call.method && r.pattern.test(url.pathname));
  if (!route) {
    violations.push(`${name}: no endpoint in the contract answers this request`);
    return;
  }
  const { endpoint } = route;
  const values = route.pattern.exec(url.pathname)?.slice(1) ?? [];
  const params = Object.fromEntries(route.paramNames.map((n, i) => [n, decodeURIComponent(values[i] ?? '')]));
  const found = [
    ...issues(endpoint.params, params, 'path parameters'),
    ...issues(endpoint.query, Object.fromEntries(url.searchParams), 'query'),
    ...issues(endpoint.body, call.body, 'request body'),
  ];
  if (response.headers.get('content-type')?.includes('application/json')) {
    const text = await response.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const schema =
      response.status === (endpoint.status ?? 200)
        ? endpoint.response
        : (endpoint.otherResponses?.[response.status] ?? (response.status >= 400 ? ApiError : undefined));
    found.push(...issues(schema, body, `${response.status} response`));
  }
  for (const problem of found) violations.push(`${name}: ${problem}`);
}
