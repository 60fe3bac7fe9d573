import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server denies by default: `admin` needs a signed-in, active admin,
 * `root` a root administrator, `public` nobody.
 */
export type EndpointAccess = 'public' | 'admin' | 'root';

/**
 * One HTTP endpoint, declared once: the server registers its route from this and the web calls
 * through it, so a path, a field name or a status code cannot drift between the two.
 * `path` uses `:name` placeholders, relative to the API base (`/api/v1`) unless `outsideApi` is set.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** OpenAPI grouping. */
  tag: string;
  access: EndpointAccess;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success status and its body. */
  status?: 200 | 201;
  response: Response;
  /** Other statuses that answer with a body of their own (e.g. readiness's 503). */
  otherResponses?: Record<number, z.ZodType>;
  /** Served at the site root instead of under the API base (`/config.json`). */
  outsideApi?: boolean;
}

/** Declares an endpoint and keeps its exact schema types for the server and the web. */
export function endpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(definition: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return definition;
}

type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType> ? Output<P> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType> ? Output<Q> : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType> ? Output<B> : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.output<R>
    : never;

/** What a caller sends: the schemas' input types (before defaults and coercion). */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? OptionalKeys<{ params: Input<P>; query: Input<Q>; body: Input<B> }>
    : never;

type OptionalKeys<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: T[K];
};

/** `/admin/users/:id` with `{ id: 'x' }` → `/admin/users/x`, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
