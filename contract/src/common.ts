import { z } from 'zod';

/** Every error the API returns has this shape (docs/architecture.md, "One request end to end"). */
export const ApiFieldError = z.object({ field: z.string(), message: z.string() });
export const ApiError = z.object({
  success: z.literal(false),
  message: z.string(),
  detail: z.string().optional(),
  errors: z.array(ApiFieldError).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessage>;

/** Wraps a payload the way every API response carries it: `{ success, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const IsoDateTime = z.string().describe('ISO 8601 date-time');

/** Query-string integers arrive as text; this coerces and bounds them. */
export const pageParam = z.coerce.number().int().min(1).default(1);
export const limitParam = (fallback: number, max = 100) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const UserId = z.string().uuid();

/** A list's free-text search: PostgreSQL cannot take a NUL character, so it is refused here with a 400. */
export const searchText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !text.includes('\0'), 'Text must not contain NUL characters')
    .optional()
    .default('');

/** What every paged list answers beside its rows: written once, in zod/mini (common-mini.ts), which any zod object takes. */
export { pageFields } from './common-mini.ts';

/** The paging query of the lists that page by `per_page` (security, logs, reports, audit log). */
export const perPageQuery = (size: number) => ({
  page: pageParam,
  per_page: limitParam(size),
  /** `next_cursor` of the previous page: continues after its last row without an OFFSET (deep pages). */
  cursor: z.string().max(200).optional(),
});

/** What those lists answer beside their rows. */
export const perPageFields = {
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** ceil(total / per_page): 0 when nothing matches. */
  total_pages: z.number().int(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  next_cursor: z.string().nullable(),
};

/** True when a filtered list matched more than the cap: `total` is then the cap ("10,000+"). */
export const totalCapped = z.boolean();

/** A log list's answer (system logs, audit log): its rows, the paging fields and total_capped. */
export const logsPageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ logs: z.array(row), ...perPageFields, total_capped: totalCapped });

/** An optional query filter: trimmed, and absent when blank. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** An optional date-time filter (ISO 8601): absent when blank, 400 when unparseable. */
export const optionalDateTime = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'Enter a valid date and time');

/** The start and end of a time filter (ISO 8601, either may be absent). */
export const timeRangeQuery = { start: optionalDateTime, end: optionalDateTime };
