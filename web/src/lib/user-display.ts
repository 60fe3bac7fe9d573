interface NamedUser {
  full_name: string | null;
  username: string;
}

/** The letter shown in an avatar: the full name's first letter, else the username's. */
export function userInitial(user: NamedUser): string {
  const source = user.full_name?.trim() || user.username;
  return (source.charAt(0) || '?').toUpperCase();
}

export function displayName(user: NamedUser): string {
  return user.full_name?.trim() || user.username;
}
