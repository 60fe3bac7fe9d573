/**
 * A value as an SQL literal, if it has one (standard_conforming_strings is on, so only quotes need
 * doubling). Numbers that are not finite and text holding NUL have none.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string' || text.includes('\u0000')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}
