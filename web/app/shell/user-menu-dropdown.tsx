/** The avatar menu of the top bar (000 §2): 'Account Settings' and 'Logout'. */
import type { User } from '@contract/accounts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { LogOut, Settings } from 'lucide-react';
import { useLocation } from 'wouter';
import { useSignOut } from './use-sign-out';
import { UserAvatar } from './user-avatar';
import { fullName, secondaryLine } from './user-identity';

export function UserMenu({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const { signOut } = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="cursor-pointer rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" sideOffset={8} className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5 py-2 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{fullName(user)}</span>
          <span className="truncate text-xs text-muted-foreground">{secondaryLine(user)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/account')}>
          <Settings aria-hidden="true" />
          Account Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
