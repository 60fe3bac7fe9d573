import type { Readable } from 'node:stream';
import type { Endpoint, Schema } from '@switchboard/contract/endpoint';
import { acceptedPermissions } from '@switchboard/contract/permissions';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type ZodFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Output<T> = T extends Schema ? z.output<T> : undefined;

/** The request a handler sees: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<P, Q, B> = FastifyRequest<{
  Params: Output<P>;
  Querystring: Output<Q>;
  Body: Output<B>;
}>;

export interface EndpointRouteOptions {
  /** Extra route config, such as a rate limit. Access comes from the endpoint. */
  config?: Omit<FastifyContextConfig, 'public' | 'user' | 'role' | 'permission'>;
  /** Request headers to validate and document. */
  headers?: z.ZodType;
}

/**
 * Registers an endpoint declared in the contract. The handler returns the success body (sent with the
 * endpoint's status), or the reply itself when it answered some other way (e.g. readiness's 503).
 * Validation, serialisation and the OpenAPI document all come from the endpoint's schemas.
 * A list of endpoints with the same schemas (a path and its alias) registers the handler under each.
 */
export function route<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
>(
  app: ZodFastify,
  endpoints: Endpoint<P, Q, B, R> | readonly Endpoint<P, Q, B, R>[],
  handler: (request: EndpointRequest<P, Q, B>, reply: FastifyReply) => Promise<z.input<R> | FastifyReply>,
  options: EndpointRouteOptions = {},
): void {
  for (const endpoint of Array.isArray(endpoints) ? endpoints : [endpoints]) {
    registerEndpoint(app, endpoint, handler, options);
  }
}

function registerEndpoint<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
>(
  app: ZodFastify,
  endpoint: Endpoint<P, Q, B, R>,
  handler: (request: EndpointRequest<P, Q, B>, reply: FastifyReply) => Promise<z.input<R> | FastifyReply>,
  options: EndpointRouteOptions,
): void {
  const status = endpoint.status ?? 200;
  const isPublic = endpoint.access === 'public';
  // The endpoint's generics are checked at the call site; Fastify's own route generics add nothing here.
  (app as unknown as FastifyInstance).route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...options.config,
      ...(isPublic ? { public: true } : {}),
      // What a calling app uses closes in maintenance mode (settings-effects.ts).
      ...(endpoint.access === 'user' ? { user: true, appFacing: true } : {}),
      ...(endpoint.access === 'root' ? { role: 'root' as const } : {}),
      ...(endpoint.permission ? { permission: endpoint.permission } : {}),
    },
    schema: {
      tags: [endpoint.tag],
      ...permissionDoc(endpoint),
      ...(isPublic ? { security: [] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      // A file is not JSON: nothing to validate or serialise, it is sent as the handler gives it.
      ...(endpoint.file
        ? {}
        : {
            response: { [status]: endpoint.response, ...endpoint.otherResponses } as Record<
              number,
              z.ZodType
            >,
          }),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (endpoint.secret) reply.header('cache-control', 'no-store');
      const result = await handler(request as unknown as EndpointRequest<P, Q, B>, reply);
      // A reply is thenable: a handler that returned it gets here with what its `then` gave, not the
      // reply, once it has been sent. Sending again logged "Reply was already sent" on every such route.
      if (result === reply || reply.sent) return reply;
      return reply.status(status).send(result);
    },
  });
}

/** What a file endpoint's handler gives: the name the browser saves the file under, and the file. */
export interface FileReply {
  filename: string;
  body: Readable | string | Buffer;
}

/**
 * Registers a file endpoint (one declared with `file`): sent with the endpoint's media type and as an
 * attachment under the handler's filename.
 */
export function routeFile<P extends Schema | undefined, Q extends Schema | undefined>(
  app: ZodFastify,
  endpoint: Endpoint<P, Q, undefined, Schema>,
  handler: (request: EndpointRequest<P, Q, undefined>) => Promise<FileReply>,
  options: EndpointRouteOptions = {},
): void {
  const mediaType = endpoint.file;
  if (!mediaType) throw new Error(`${endpoint.path} is not declared as a file endpoint`);
  registerEndpoint(
    app,
    endpoint,
    async (request, reply) => {
      const { filename, body } = await handler(request);
      return reply
        .header('content-type', mediaType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
    options,
  );
}

/** The OpenAPI document shows what each endpoint needs: an `x-permission` extension and a sentence. */
export function permissionDoc(endpoint: Pick<Endpoint, 'access' | 'permission'>) {
  if (endpoint.access === 'public' || !endpoint.permission) return {};
  const who = endpoint.access === 'root' ? 'Root administrators only' : 'Needs';
  const accepted = acceptedPermissions(endpoint.permission);
  const named =
    accepted.length > 1
      ? `any of the permissions ${accepted.map((p) => `\`${p}\``).join(', ')}`
      : `permission \`${endpoint.permission}\``;
  return {
    'x-permission': endpoint.permission,
    description: `${who} (${named}).`,
  };
}
