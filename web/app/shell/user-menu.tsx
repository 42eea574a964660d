/**
 * The avatar menu of the top bar (000 §2): 'Account Settings' and 'Logout'. Its dropdown parts
 * (Radix Menu, Floating UI) are downloaded when it is first opened (decision 010); until then a
 * button of the same name and look stands in for the dropdown's trigger.
 */
import type { User } from '@contract/accounts';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePopupOnDemand } from '@web/lib/use-popup-on-demand';
import type * as React from 'react';
import { Suspense } from 'react';
import { UserAvatar } from './user-avatar';

const UserMenuDropdown = lazyComponent(() => import('./user-menu-dropdown'), 'UserMenuDropdown');

export function UserMenuButton({
  user,
  ...props
}: { user: User } & React.ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label="Open user menu"
      {...props}
      className="cursor-pointer rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <UserAvatar user={user} />
    </button>
  );
}

export function UserMenu({ user }: { user: User }) {
  const { hasOpened, isOpen, setIsOpen, standInProps } = usePopupOnDemand(UserMenuDropdown, 'menu');
  const standIn = <UserMenuButton user={user} {...standInProps} />;
  if (!hasOpened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown user={user} isOpen={isOpen} onOpenChange={setIsOpen} />
    </Suspense>
  );
}
