/** Display formats shared by every screen. Dates use the browser's locale; an unreadable date is shown as sent. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat();
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, e.g. "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}

/** A day and time; `missing` stands in for null (e.g. a user who never signed in). */
export function formatDateTime(iso: string | null, missing = 'Never'): string {
  if (iso === null) return missing;
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
}

/** Coins are whole numbers, grouped: "12,500". */
export function formatCoins(coins: number): string {
  return numberFormat.format(coins);
}

export function formatCount(count: number): string {
  return numberFormat.format(count);
}

/** A 0–1 rate as a whole percentage, e.g. 0.425 → "43%". */
export const formatPercent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "Info", "Scheduled": an API's lowercase value as a label. */
export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Money is held in cents; shown in US dollars: "$12.50". */
export function formatUsdCents(cents: number): string {
  return usdFormat.format(cents / 100);
}

/** A call length as a clock: 75 → "1:15", 3725 → "62:05". */
export function formatDurationClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A length in words: 75 → "1m 15s", 45 → "0m 45s". */
export function formatDurationWords(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** A total the server capped (it stops counting past `cap`): "10,000+". */
export function formatTotal(total: number, capped = false): string {
  return capped ? `${numberFormat.format(total)}+` : numberFormat.format(total);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in binary units: 1536 → "1.5 KB", 0 → "0 B". */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}
