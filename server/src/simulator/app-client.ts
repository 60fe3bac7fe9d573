import { REFRESH_TOKEN_HEADER, type TokenResponse } from '@switchboard/contract/auth';
import {
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  fillPath,
} from '@switchboard/contract/endpoint';

/** A refusal from the server, with the status the simulator acts on (409 taken, 429 back off). */
export class AppRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/**
 * One virtual user's HTTP side, through the same contract endpoints a real app calls. Each user
 * comes from an address of its own (`X-Forwarded-For`), which the server honours only when it
 * trusts the simulator as a proxy (TRUST_PROXY); otherwise they all share the simulator's address.
 */
export class AppClient {
  private accessToken: string | null = null;
  private refreshToken: string | null = null;
  private expiresAt = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly forwardedFor: string,
  ) {}

  get token(): string | null {
    return this.accessToken;
  }

  signedIn(tokens: TokenResponse): void {
    this.accessToken = tokens.access_token;
    this.refreshToken = tokens.refresh_token;
    this.expiresAt = Date.now() + tokens.expires_in * 1000;
  }

  /** The access token, refreshed first when it has under a minute left. */
  async freshToken(): Promise<string | null> {
    if (this.refreshToken && Date.now() > this.expiresAt - 60_000) {
      const tokens = (await this.send('POST', '/auth/refresh-token', undefined, {
        [REFRESH_TOKEN_HEADER]: this.refreshToken,
      })) as TokenResponse;
      this.signedIn(tokens);
    }
    return this.accessToken;
  }

  async call<E extends Endpoint>(
    endpoint: E,
    input: Partial<EndpointInput<E>> = {},
    headers: Record<string, string> = {},
  ): Promise<EndpointResponse<E>> {
    const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
    let path = fillPath(endpoint.path, params as Record<string, unknown> | undefined);
    if (query) {
      const search = new URLSearchParams(
        Object.entries(query).flatMap(([k, v]): [string, string][] =>
          v === undefined ? [] : [[k, String(v)]],
        ),
      );
      path += `?${search}`;
    }
    const token = endpoint.access === 'public' ? null : await this.freshToken();
    return (await this.send(endpoint.method, path, body, {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    })) as EndpointResponse<E>;
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-forwarded-for': this.forwardedFor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const parsed = (await response.json().catch(() => ({}))) as { message?: string; detail?: string };
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new AppRequestError(
        `${method} ${path.split('?')[0]}: ${response.status} ${parsed.detail ?? parsed.message ?? ''}`.trim(),
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return parsed;
  }
}
