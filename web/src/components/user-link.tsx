import { Link } from 'react-router';
import { cn } from '@/lib/utils.ts';

interface UserLinkProps {
  /** The user's id; null when the row names no user (e.g. a report whose reporter was removed). */
  id: string | null;
  /** The username; null or empty when the id is no longer a known user. */
  username: string | null;
  className?: string;
}

/**
 * A user as a person reads them: the username, linked to their page (`/users/:id`), where the id is shown.
 * No user shows "—"; an id without a username (a removed user) shows "deleted user", never the id.
 */
export function UserLink({ id, username, className }: UserLinkProps) {
  if (!id) return <span className={cn('text-muted-foreground', className)}>—</span>;
  if (!username) return <span className={cn('text-muted-foreground italic', className)}>deleted user</span>;
  return (
    <Link
      to={`/users/${encodeURIComponent(id)}`}
      className={cn('font-medium underline-offset-4 hover:underline focus-visible:underline', className)}
    >
      {username}
    </Link>
  );
}
