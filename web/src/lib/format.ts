/** Display formats shared by every screen. Dates use the browser's locale; an unreadable date is shown as sent. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
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

/** The exact moment, to the second, for a tooltip or a details line: "Thursday, November 26, 2026 at 4:39:52 AM". */
export function formatExactTime(iso: string): string {
  const date = parse(iso);
  return date ? exactFormat.format(date) : iso;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The largest unit whose threshold a distance reaches, with its length in ms. */
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['year', 365 * DAY, 365 * DAY],
  ['month', 30 * DAY, 30 * DAY],
  ['week', 7 * DAY, 7 * DAY],
  ['day', DAY, DAY],
  ['hour', HOUR, HOUR],
  ['minute', MINUTE, MINUTE],
];

/**
 * How long ago (or ahead) a moment is, in the browser's words: "just now", "3 min. ago", "yesterday",
 * "in 2 hr.". Under 45 seconds either way is "just now" (clocks of server and browser differ by a few
 * seconds). The one way every screen shows a time; `<Time>` adds the exact moment on hover.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return iso;
  const diff = date.getTime() - now;
  const distance = Math.abs(diff);
  if (distance < 45 * SECOND) return 'just now';
  for (const [unit, threshold, length] of RELATIVE_UNITS) {
    if (distance >= threshold) return relativeFormat.format(Math.trunc(diff / length), unit);
  }
  return relativeFormat.format(Math.sign(diff) * Math.max(1, Math.round(distance / MINUTE)), 'minute');
}

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const clockSecondsFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A clock time for a chart's axis, where points minutes or seconds apart need telling apart: "04:39". */
export function formatClockTime(iso: string, withSeconds = false): string {
  const date = parse(iso);
  return date ? (withSeconds ? clockSecondsFormat : clockFormat).format(date) : iso;
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

/** Money in a currency's smallest unit, in that currency: (99, 'EUR') → "€0.99". */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
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
