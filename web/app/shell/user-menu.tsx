/**
 * The avatar menu of the top bar (000 §2): 'Account Settings' and 'Logout'. Its dropdown parts
 * (Radix Menu, Floating UI) are downloaded when it is first opened (decision 010); until then a
 * button of the same name and look stands in for the dropdown's trigger.
 */
import type { User } from '@contract/accounts';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import type * as React from 'react';
import { Suspense, useState } from 'react';
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
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // Radix opens a dropdown on pointer down (and on Enter, Space and Arrow Down): so does this.
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const standIn = (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void preloadAhead(UserMenuDropdown)}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
          event.preventDefault();
          open();
        }
      }}
    />
  );
  if (!hasOpened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown user={user} isOpen={isOpen} onOpenChange={setIsOpen} />
    </Suspense>
  );
}
