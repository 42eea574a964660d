/**
 * The avatar menu's dropdown (000 §2): 'Account Settings' and 'Logout'. Loaded when the menu is
 * first opened (decision 010).
 */
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
import { fullName, secondaryLine } from './user-identity';
import { UserMenuButton } from './user-menu';

export function UserMenuDropdown({
  user,
  isOpen,
  onOpenChange,
}: {
  user: User;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [, navigate] = useLocation();
  const { signOut } = useSignOut();
  return (
    <DropdownMenu open={isOpen} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
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
