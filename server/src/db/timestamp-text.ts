/** PostgreSQL's text of a UTC timestamptz (`2026-11-24 09:30:00.123456+00`, or `T` and `+00:00` inside JSON). */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00(?::00)?|Z)$/;

/**
 * A timestamp as the contract's ISO text, whether the driver handed back a Date (pg) or text (PGlite,
 * or any timestamp inside JSON). UTC text is rewritten as text, to the millisecond as Date would keep
 * it: V8 parses this format on its slow path, which was 7% of the server's CPU on the dashboard.
 */
export function isoTimestamp(value: string | Date): string {
  const utc = typeof value === 'string' ? UTC_TEXT.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(value).toISOString();
}
