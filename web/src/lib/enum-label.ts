/**
 * Words for the enum values the server sends ('inappropriate_content', 'pending', 'ip_address'):
 * what a person reads instead of the stored spelling.
 */

/** Values whose words are not just the value with spaces and a capital. */
const EXPLICIT: Readonly<Record<string, string>> = {
  ip_address: 'IP address',
  gps: 'GPS',
  ip: 'IP',
  api: 'API',
  sms: 'SMS',
  url: 'URL',
  id: 'ID',
};

/** 'harassment' → 'Harassment', 'inappropriate_content' → 'Inappropriate content', 'gps' → 'GPS'. */
export function enumLabel(value: string): string {
  const explicit = EXPLICIT[value.toLowerCase()];
  if (explicit) return explicit;
  const words = value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => EXPLICIT[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
