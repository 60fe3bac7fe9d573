/** Whether an error (or one it wraps, as Drizzle does) is PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
