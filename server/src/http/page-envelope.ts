/** What the spec calls a list's page size on the wire: `limit` (users, calls, coins), `per_page` (logs, security, reports), `size` (social). */
export type PageSizeName = 'limit' | 'per_page' | 'size';

/** What a list's repository found for one page: its total, and where the list has them, the cap flag and the next page's cursor. */
export interface PageCount {
  total: number;
  totalCapped?: boolean;
  nextCursor?: string | null;
}

type Optional<C extends PageCount> = (C extends { totalCapped: boolean }
  ? { total_capped: boolean }
  : unknown) &
  (C extends { nextCursor: string | null } ? { next_cursor: string | null } : unknown);

export type PageFields<N extends PageSizeName, C extends PageCount> = { total: number; page: number } & {
  [K in N]: number;
} & Optional<C>;

export type PageEnvelope<N extends PageSizeName, C extends PageCount> = PageFields<N, C> & {
  total_pages: number;
};

/**
 * The fields a page of a list answers beside its rows, under the wire names its endpoint uses:
 * `pageFields('per_page', query, { total, nextCursor })` → `{ total, page, per_page, next_cursor }`.
 * `total_capped` and `next_cursor` are there only for lists that count them.
 */
export function pageFields<N extends PageSizeName, C extends PageCount>(
  sizeName: N,
  query: { page: number } & { [K in N]: number },
  count: C,
): PageFields<N, C> {
  const fields: Record<string, unknown> = {
    total: count.total,
    page: query.page,
    [sizeName]: query[sizeName],
  };
  if (count.totalCapped !== undefined) fields.total_capped = count.totalCapped;
  if (count.nextCursor !== undefined) fields.next_cursor = count.nextCursor;
  return fields as PageFields<N, C>;
}

/** pageFields and `total_pages`: ceil(total / page size), 0 when nothing matches. */
export function pageEnvelope<N extends PageSizeName, C extends PageCount>(
  sizeName: N,
  query: { page: number } & { [K in N]: number },
  count: C,
): PageEnvelope<N, C> {
  const size = query[sizeName] as number;
  return { ...pageFields(sizeName, query, count), total_pages: Math.ceil(count.total / size) };
}
