import { Link } from 'react-router';

/** A user's name, linking to their page (/users/:id); a user no longer known shows the name alone. */
export function UserLink({ id, username }: { id: string | null; username: string | null }) {
  const name = username ?? 'Unknown user';
  if (!id) return <span>{name}</span>;
  return (
    <Link to={`/users/${id}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {name}
    </Link>
  );
}
