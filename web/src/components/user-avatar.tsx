import type { AdminUserRow } from '@switchboard/contract/users';
import { userInitial } from '@/lib/user-display.ts';
import { cn } from '@/lib/utils.ts';

export function UserAvatar({
  user,
  className,
}: {
  user: Pick<AdminUserRow, 'full_name' | 'username'>;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary',
        className,
      )}
    >
      {userInitial(user)}
    </span>
  );
}
