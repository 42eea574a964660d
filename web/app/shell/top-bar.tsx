/**
 * The top bar (000 §2): on phones the logo, and on every width the notification bell and the
 * avatar menu.
 */
import type { User } from '@contract/accounts';
import { Logo } from '@web/components/logo';
import { Link } from 'wouter';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

export function TopBar({ user }: { user: User }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-3 border-b border-border bg-card/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/80 sm:px-6 md:bg-background/80 lg:px-8">
      <Link
        href="/dashboard"
        className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 md:hidden"
      >
        <Logo />
      </Link>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
