/** The signed-in user's initials in a round badge (decorative: its owner names the user). */
import type { User } from '@contract/accounts';
import { cn } from '@web/lib/class-names';
import { initials } from './user-identity';

export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 select-none items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
