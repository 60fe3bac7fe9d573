import type { AdminUserRow } from '@switchboard/contract/users';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat();

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatJoined(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}

export function formatDateTime(iso: string | null, missing = 'Never'): string {
  if (iso === null) return missing;
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
}

export function formatCoins(coins: number): string {
  return numberFormat.format(coins);
}

/** The letter shown in the avatar: the full name's first letter, else the username's. */
export function userInitial(user: Pick<AdminUserRow, 'full_name' | 'username'>): string {
  const source = user.full_name?.trim() || user.username;
  return (source.charAt(0) || '?').toUpperCase();
}

export function displayName(user: Pick<AdminUserRow, 'full_name' | 'username'>): string {
  return user.full_name?.trim() || user.username;
}
