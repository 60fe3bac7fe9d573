import type { HttpMethod } from '@switchboard/contract/endpoint';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../testing/test-app.ts';

/**
 * Calls the API as a calling app would, each request from its own address: the per-address budget
 * (Settings → API) is not what these tests are about.
 */
export function appApi(t: TestApp) {
  let calls = 0;
  return (
    method: HttpMethod,
    url: string,
    headers: { authorization: string } | Record<string, never>,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      remoteAddress: `10.77.${Math.floor(++calls / 250)}.${calls % 250}`,
      ...(payload === undefined ? {} : { payload }),
    });
}

/** The field and reason of a 4xx body's first error. */
export const fieldError = (body: { errors?: { field: string; message: string }[] }) => body.errors?.[0];

/** How many rows a table holds, to show that a refused request wrote nothing. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const result = (await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}
