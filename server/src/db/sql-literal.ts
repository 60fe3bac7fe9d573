/**
 * A value as an SQL literal, if it has one (standard_conforming_strings is on, so only quotes need
 * doubling). Numbers that are not finite and text holding NUL have none.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  // In parentheses when negative: written after a minus sign, `-5` would make `--`, which starts a comment.
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return value < 0 ? `(${value})` : String(value);
  }
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string' || text.includes('\u0000')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}
