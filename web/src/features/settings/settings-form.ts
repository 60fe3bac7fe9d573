import { Settings } from '@switchboard/contract/settings';

/** CORS origins are edited one per line; blank lines are dropped. */
export const originsFromText = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export const originsToText = (origins: readonly string[]) => origins.join('\n');

/** The same rules the server applies, so each bad field is named before the request. */
export function validateSettings(
  draft: Settings,
): { ok: true; value: Settings } | { ok: false; errors: Record<string, string> } {
  const parsed = Settings.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.code === 'invalid_type' ? 'Enter a whole number' : issue.message;
  }
  return { ok: false, errors };
}
