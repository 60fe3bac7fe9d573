/** The message to show for a failed call: the server's own words when it gave any. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
