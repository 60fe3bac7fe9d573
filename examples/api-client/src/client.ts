import type { components, operations } from '../generated/api.ts';

/*
 * A small client written the way an app team would write one against the generated types: each call
 * is typed by its operationId, and an error answer by the document's ApiError.
 */

export type ApiError = components['schemas']['ApiError'];

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<Op> = Op extends { responses: infer R } ? JsonBody<R[Extract<keyof R, 200 | 201>]> : never;

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
    /** Seconds from Retry-After, on a 429 or 503. */
    readonly retryAfter: number | undefined,
  ) {
    super(body.message);
  }
}

export function createClient(baseUrl: string, token?: string) {
  async function call<Op>(method: string, path: string, body?: unknown): Promise<SuccessOf<Op>> {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const retryAfter = response.headers.get('retry-after');
      throw new ApiCallError(
        response.status,
        (await response.json()) as ApiError,
        retryAfter ? Number(retryAfter) : undefined,
      );
    }
    return (await response.json()) as SuccessOf<Op>;
  }

  return {
    login: (body: JsonBody<operations['authLogin']['requestBody']>) =>
      call<operations['authLogin']>('POST', '/api/v1/auth/login', body),
    listUsers: (query: operations['usersList']['parameters']['query'] = {}) => {
      const search = new URLSearchParams(
        Object.entries(query ?? {}).map(([key, value]) => [key, String(value)]),
      );
      return call<operations['usersList']>('GET', `/api/v1/admin/public/users?${search}`);
    },
    readiness: () => call<operations['healthReady']>('GET', '/api/v1/health/ready'),
  };
}

/** What the example shows compiling: typed fields on the success bodies and on an error's. */
export async function example(baseUrl: string): Promise<void> {
  const anonymous = createClient(baseUrl);
  const login = await anonymous.login({ username: 'admin', password: 'secret' });
  // An admin with a second factor gets a pending sign-in, finished at /auth/verify-otp with the code.
  if (!('access_token' in login)) throw new Error(`a ${login.method} code is needed: POST /auth/verify-otp`);
  const client = createClient(baseUrl, login.access_token);
  try {
    const page = await client.listUsers({ page: 1, status: 'online' });
    for (const user of page.data.users) console.log(user.username, user.is_online);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 400) {
      for (const field of error.body.errors ?? []) console.log(field.field, field.message);
    }
    throw error;
  }
}
