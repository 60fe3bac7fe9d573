import type { z } from 'zod';
import type { EndpointPermission } from './permissions.ts';

/** A schema from the full zod, or from zod/mini where the web's first download must stay small. */
export type Schema = z.core.$ZodType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server denies by default: `admin` needs an active admin signed in to
 * the console, `root` a root administrator, `user` any active account signed in (a calling app's or
 * the console's), `public` nobody.
 */
export type EndpointAccess = 'public' | 'user' | 'admin' | 'root';

/** The media type of an endpoint that answers with a file to save instead of a JSON body. */
export type FileMediaType =
  | 'text/csv; charset=utf-8'
  | 'application/octet-stream'
  | 'application/json; charset=utf-8';

/**
 * One HTTP endpoint, declared once: the server registers its route from this and the web calls
 * through it, so a path, a field name or a status code cannot drift between the two.
 * `path` uses `:name` placeholders, relative to the API base (`/api/v1`) unless `outsideApi` is set.
 */
export interface Endpoint<
  Params extends Schema | undefined = Schema | undefined,
  Query extends Schema | undefined = Schema | undefined,
  Body extends Schema | undefined = Schema | undefined,
  Response extends Schema = Schema,
> {
  method: HttpMethod;
  path: string;
  /** OpenAPI grouping. */
  tag: string;
  /** The API document's one-line summary; without it, one is made from the name it is exported under. */
  summary?: string;
  access: EndpointAccess;
  /**
   * What a signed-in admin's role must hold (root holds everything). Deny by default: an `admin` or
   * `root` endpoint without one is refused to every admin but root, and a test fails on it.
   */
  permission?: EndpointPermission;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success status and its body. */
  status?: 200 | 201;
  response: Response;
  /**
   * Error statuses (answered with the API's error shape) beyond those every endpoint of its kind can
   * give, for the API document: e.g. 422 when a restore's backup is unreadable.
   */
  otherErrors?: readonly number[];
  /** Other statuses that answer with a body of their own (e.g. readiness's 503). */
  otherResponses?: Record<number, Schema>;
  /** Served at the site root instead of under the API base (`/config.json`). */
  outsideApi?: boolean;
  /**
   * A file download (a CSV export, a backup): the body is the file, of this media type, named by its
   * Content-Disposition; `response` describes it for the API document. The web saves it through the
   * API client's `downloadEndpoint`.
   */
  file?: FileMediaType;
  /**
   * The answer carries a secret (tokens, an authenticator's secret, recovery codes): it is sent with
   * `Cache-Control: no-store`, so no browser or proxy keeps it. A server test fails on an endpoint whose
   * response has such a field without this mark.
   */
  secret?: true;
}

/** Declares an endpoint and keeps its exact schema types for the server and the web. */
export function endpoint<
  Params extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Body extends Schema | undefined = undefined,
  Response extends Schema = Schema,
>(definition: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return definition;
}

type Input<T> = T extends Schema ? z.input<T> : undefined;
type Output<T> = T extends Schema ? z.output<T> : undefined;

export type EndpointParams<E> =
  E extends Endpoint<infer P, Schema | undefined, Schema | undefined, Schema> ? Output<P> : never;
export type EndpointQuery<E> =
  E extends Endpoint<Schema | undefined, infer Q, Schema | undefined, Schema> ? Output<Q> : never;
export type EndpointBody<E> =
  E extends Endpoint<Schema | undefined, Schema | undefined, infer B, Schema> ? Output<B> : never;
export type EndpointResponse<E> =
  E extends Endpoint<Schema | undefined, Schema | undefined, Schema | undefined, infer R>
    ? z.output<R>
    : never;

/** What a caller sends: the schemas' input types (before defaults and coercion). */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, Schema>
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
