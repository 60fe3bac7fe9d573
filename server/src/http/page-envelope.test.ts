import { describe, expect, it } from 'vitest';
import { pageEnvelope, pageFields } from './page-envelope.ts';

describe('page envelopes', () => {
  it('names the page size as the endpoint does and counts the pages, 0 when nothing matches', () => {
    expect(pageEnvelope('limit', { page: 2, limit: 10 }, { total: 21 })).toEqual({
      total: 21,
      page: 2,
      limit: 10,
      total_pages: 3,
    });
    expect(pageEnvelope('per_page', { page: 1, per_page: 20 }, { total: 0 })).toEqual({
      total: 0,
      page: 1,
      per_page: 20,
      total_pages: 0,
    });
  });

  it('carries the cap flag and the next cursor only for lists that have them', () => {
    expect(
      pageEnvelope('per_page', { page: 1, per_page: 20 }, { total: 40, totalCapped: true, nextCursor: null }),
    ).toEqual({ total: 40, page: 1, per_page: 20, total_pages: 2, total_capped: true, next_cursor: null });
    expect(pageFields('size', { page: 3, size: 20 }, { total: 45, totalCapped: false })).toEqual({
      total: 45,
      page: 3,
      size: 20,
      total_capped: false,
    });
  });
});
