import * as z from 'zod/mini';

/*
 * The helpers of common.ts that users.ts needs, built with zod/mini like it (the users screen's first
 * load). Same rules as their full-zod twins in common.ts.
 */

export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

/** Wraps a payload the way every API response carries it: `{ success, data }`. */
export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** Query-string integers arrive as text; this coerces and bounds them. */
export const pageParam = z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1);
export const limitParam = (fallback: number, max = 100) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max)), fallback);

export const UserId = z.uuid();

/** What every paged list answers beside its rows (docs/architecture.md, "Big lists"). */
export const pageFields = {
  total: z.int(),
  page: z.int(),
  limit: z.int(),
  /** ceil(total / limit): 0 when nothing matches. */
  total_pages: z.int(),
  /** True when a search matched more than the cap: `total` is then the cap ("10,000+"). */
  total_capped: z.boolean(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  next_cursor: z.nullable(z.string()),
};
