import { APP_NAME, APP_VERSION } from '@switchboard/contract/app-info';
import type { ApiError } from '@switchboard/contract/common';
import {
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  fillPath,
} from '@switchboard/contract/endpoint';
import { logApiTiming } from '@/lib/logger.ts';

/** Base API path, 30 s time-out, identifying headers. */
export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 30_000;
export const NETWORK_ERROR_MESSAGE = 'Network error: Unable to connect to server';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly fieldErrors: { field: string; message: string }[] = [],
    /**
     * The detail or message the server's JSON error body gave, or null when it gave none (a network
     * failure, or a body that is not the API's, such as a proxy's HTML 502 page).
     */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

interface ApiClientHooks {
  getAccessToken(): string | null;
  /** Called on any 401 so the stored session is cleared. */
  onUnauthorized(): void;
  appName: string;
  appVersion: string;
}

let hooks: ApiClientHooks = {
  getAccessToken: () => null,
  onUnauthorized: () => {},
  appName: APP_NAME,
  appVersion: APP_VERSION,
};

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Leave the session alone on 401 (the login call itself answers 401 for a bad password). */
  keepSessionOn401?: boolean;
}

/** Calls `${API_BASE}${path}` and returns the parsed JSON body, or throws ApiRequestError. */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const response = await send(path, init, 'application/json', REQUEST_TIMEOUT_MS);
  return (await response.json().catch(() => null)) as T;
}

/**
 * Sends a request with the console's headers and token; the response when it is a success, else
 * ApiRequestError (401 ends the session). `timeoutMs` null: no time-out (a download of any size).
 */
async function send(
  path: string,
  init: ApiRequestInit,
  accept: string,
  timeoutMs: number | null,
): Promise<Response> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(init.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    Accept: accept,
    'X-Client-Type': 'admin-dashboard',
    'X-App-Name': hooks.appName,
    'X-App-Version': hooks.appVersion,
    'X-Requested-With': 'XMLHttpRequest',
    ...init.headers,
  };
  // A FormData body is sent as multipart/form-data; the browser writes that header with its boundary.
  const isForm = init.body instanceof FormData;
  if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = hooks.getAccessToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;

  const signals = [init.signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const method = init.method ?? 'GET';
  const startedAt = performance.now();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body:
        init.body === undefined || isForm ? (init.body as FormData | undefined) : JSON.stringify(init.body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiRequestError(NETWORK_ERROR_MESSAGE, 0);
  }

  logApiTiming(method, path, response.status, performance.now() - startedAt);
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    if (response.status === 401 && !init.keepSessionOn401) hooks.onUnauthorized();
    const serverMessage = errorBodyMessage(payload);
    throw new ApiRequestError(
      serverMessage ?? `Request failed with status ${response.status}`,
      response.status,
      errorBodyFieldErrors(payload),
      serverMessage,
    );
  }
  return response;
}

/** The error body's detail text, else its message; null when the body is not the API's. */
function errorBodyMessage(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { detail, message } = payload as Partial<Record<keyof ApiError, unknown>>;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (typeof message === 'string' && message.trim()) return message;
  return null;
}

function errorBodyFieldErrors(payload: unknown): ApiRequestError['fieldErrors'] {
  const errors = (payload as Partial<ApiError> | null)?.errors;
  return Array.isArray(errors) ? errors : [];
}

export type CallOptions = Pick<ApiRequestInit, 'signal' | 'headers' | 'keepSessionOn401'>;

/**
 * Calls an endpoint declared in the contract: the path, method, and the types of what is sent and
 * received all come from the declaration.
 */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: ApiRequestInit['query'];
    body?: unknown;
  };
  return apiRequest<EndpointResponse<E>>(fillPath(endpoint.path, params), {
    ...options,
    method: endpoint.method,
    query,
    body,
  });
}

/**
 * Downloads a file endpoint (declared with `file`: a CSV export, a backup) and hands it to the browser
 * to save, under the name the server's Content-Disposition gives.
 */
export async function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<void> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: ApiRequestInit['query'] };
  const response = await send(
    fillPath(endpoint.path, params),
    { ...options, method: endpoint.method, query },
    endpoint.file ?? '*/*',
    null,
  );
  const disposition = response.headers.get('content-disposition') ?? '';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  link.click();
  URL.revokeObjectURL(link.href);
}
