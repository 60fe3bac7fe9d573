/** What no answer may show: a stack trace, or the database's own words (SQL, constraint and driver errors). */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at [^\n]+:\d+:\d+|node:internal|node_modules\/|\.ts:\d+:\d+/],
  [
    'database error text',
    /syntax error at or near|violates [a-z ]*constraint|relation "[^"]+" does not exist|duplicate key value|invalid input syntax for|Failed query:|invalid byte sequence for encoding|DrizzleQueryError|PostgresError|\bSQLSTATE\b/i,
  ],
];

/** Why this answer breaks the rules (a 5xx, a 4xx without a message, a leak), or null when it keeps them. */
export function badAnswer(status: number, body: string, contentType: string | undefined): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  for (const [what, pattern] of LEAKS) if (pattern.test(body)) return `shows ${what}: ${body.slice(0, 300)}`;
  if (status >= 400) {
    if (!contentType?.includes('application/json')) return `answered ${status} without a JSON message`;
    let message: unknown;
    try {
      message = (JSON.parse(body) as { message?: unknown }).message;
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
    if (typeof message !== 'string' || message.trim() === '') return `answered ${status} without a message`;
  }
  return null;
}
