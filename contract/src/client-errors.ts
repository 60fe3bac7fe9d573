import { z } from 'zod';
import { SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';

/** A lone UTF-16 surrogate (which no database can store) becomes U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * Long text is cut rather than refused: the biggest crashes are the ones worth keeping. The cut
 * can split a surrogate pair, so the text is made well-formed after it.
 */
const clipped = (max: number) => z.string().transform((text) => wellFormed(text.slice(0, max)));

/** What the crash screen posts. */
export const ClientErrorReport = z.object({
  message: clipped(2000),
  stack: clipped(20000).optional(),
  componentStack: clipped(20000).optional(),
  timestamp: clipped(64),
  userAgent: clipped(1000),
  url: clipped(2000),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

/** Reports are accepted without signing in (the crash screen wraps the whole app), so they are rate limited per IP. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;
export const CLIENT_ERROR_MESSAGES = {
  reported: 'Error reported',
  tooMany: 'Too many error reports. Try again later.',
} as const;

/** Public: the crash screen also shows to signed-out visitors. */
export const reportClientErrorEndpoint = endpoint({
  method: 'POST',
  path: '/admin/errors',
  tag: 'client-errors',
  access: 'public',
  body: ClientErrorReport,
  status: 201,
  response: SuccessMessage,
});
