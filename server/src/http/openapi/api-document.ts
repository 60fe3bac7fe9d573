import { API_TAGS, namedEndpoints } from '@switchboard/contract/api-catalog';
import { ApiError } from '@switchboard/contract/common';
import type { Endpoint } from '@switchboard/contract/endpoint';
import { WEBHOOK_EVENT_DATA } from '@switchboard/contract/webhook-events';
import { WebhookBody } from '@switchboard/contract/webhooks';
import { z } from 'zod';
import { errorStatuses } from './error-statuses.ts';

/*
 * Completes the document @fastify/swagger builds from the registered routes, so that client generators
 * (openapi-typescript, orval, openapi-generator) get named operations and typed errors: operationIds
 * and summaries from the names the contract declares its endpoints under, tag descriptions, the error
 * answers, and servers. All of it is read from the contract, so it cannot drift from the routes.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses?: Record<string, Json>;
  tags?: string[];
  security?: unknown[];
}

const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: {
    name: 'BadRequest',
    description: 'The request is invalid: `errors` names each field and the reason.',
  },
  401: { name: 'Unauthorized', description: 'No valid access token: sign in or refresh it.' },
  403: {
    name: 'Forbidden',
    description: "The caller's role lacks the permission, or the client address is blocked.",
  },
  404: { name: 'NotFound', description: 'No such record.' },
  409: { name: 'Conflict', description: 'The change conflicts with the current state (e.g. a name in use).' },
  413: { name: 'PayloadTooLarge', description: 'The body is over the size limit.' },
  422: { name: 'UnprocessableEntity', description: 'The request is well-formed but cannot be carried out.' },
  429: {
    name: 'TooManyRequests',
    description: 'Over the request budget: try again after `Retry-After` seconds.',
    retryAfter: true,
  },
  500: { name: 'InternalServerError', description: 'An unexpected error; the body carries no detail.' },
  502: {
    name: 'BadGateway',
    description: 'A payment provider (Stripe) did not answer; nothing was changed.',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is unreachable, or the service is in maintenance mode.',
    retryAfter: true,
  },
};

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `/admin/users/:id` under the API base → `/api/v1/admin/users/{id}`, as the document writes it. */
export function documentPath(endpoint: Pick<Endpoint, 'path' | 'outsideApi'>, apiPrefix: string): string {
  const path = endpoint.outsideApi ? endpoint.path : `${apiPrefix}${endpoint.path}`;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function completeApiDocument(document: Json, apiPrefix: string): Json {
  const byOperation = new Map(
    namedEndpoints().map((named) => [
      `${named.endpoint.method.toLowerCase()} ${documentPath(named.endpoint, apiPrefix)}`,
      named,
    ]),
  );
  const usedTags = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const named = byOperation.get(`${method} ${path}`);
      if (!named) throw new Error(`${method.toUpperCase()} ${path} is not declared in the contract`);
      const { endpoint } = named;
      operation.operationId = named.name;
      operation.summary = named.summary;
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      operation.security = endpoint.access === 'public' ? [] : [{ bearer: [] }];
      operation.responses = responsesOf(endpoint, operation.responses ?? {}, apiPrefix);
    }
  }
  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    'x-webhooks': webhookBodies(),
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [...usedTags].sort().map((name) => {
      const description = API_TAGS[name];
      if (!description) throw new Error(`The API tag ${name} has no description in the contract`);
      return { name, description };
    }),
    components: {
      ...components,
      schemas: {
        ...(components.schemas as Json),
        ApiError: z.toJSONSchema(ApiError, { target: 'openapi-3.0' }),
      },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description, retryAfter }) => [
          name,
          {
            description,
            ...(retryAfter ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
        ]),
      ),
    },
  };
}

function responsesOf(
  endpoint: Endpoint,
  given: Record<string, Json>,
  apiPrefix: string,
): Record<string, Json> {
  const responses: Record<string, Json> = {};
  const success = String(endpoint.status ?? 200);
  if (endpoint.file) {
    responses[success] = {
      description: 'The file, named by Content-Disposition.',
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
      content: { [endpoint.file]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  for (const [status, response] of Object.entries(given)) {
    if (endpoint.file && status === success) continue;
    responses[status] = { ...response, description: describe(status, response.description) };
  }
  for (const status of errorStatuses(endpoint, apiPrefix)) {
    if (responses[status]) continue;
    const known = ERROR_RESPONSES[status];
    if (!known) throw new Error(`No documented answer for status ${status}`);
    responses[status] = { $ref: `#/components/responses/${known.name}` };
  }
  return responses;
}

function describe(status: string, given: unknown): string {
  if (typeof given === 'string' && given !== 'Default Response') return given;
  return status.startsWith('2') ? 'Success' : 'See the body';
}

/**
 * What each webhook delivery POSTs to an endpoint (OpenAPI 3.0 has no `webhooks`; Redoc and Redocly read
 * `x-webhooks`): the signed headers and the versioned body, one entry per event.
 */
function webhookBodies(): Json {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_DATA).map(([type, { summary, data }]) => [
      type,
      {
        post: {
          summary,
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['webhooks'],
          parameters: [
            {
              in: 'header',
              name: 'webhook-id',
              ...header('The message id: the same on every retry and replay'),
            },
            { in: 'header', name: 'webhook-timestamp', ...header('Unix seconds of this attempt') },
            {
              in: 'header',
              name: 'webhook-signature',
              ...header('v1,<base64 HMAC-SHA256> per Standard Webhooks'),
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(WebhookBody.extend({ type: z.literal(type), data }), {
                  target: 'openapi-3.0',
                }),
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx: delivered. 410: the endpoint is turned off. Else: retried.' },
          },
        },
      },
    ]),
  );
}
