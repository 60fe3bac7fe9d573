import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md "Errors"). */
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

/** Wraps a payload the way spec §7 reads it: `{ success, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const IsoDateTime = z.string().describe('ISO 8601 date-time');

/** Query-string integers arrive as text; this coerces and bounds them. */
export const pageParam = z.coerce.number().int().min(1).default(1);
export const limitParam = (fallback: number, max = 100) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const UserId = z.string().uuid();

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
