/**
 * The sidebar of md and wider screens (000 §2, decision 032): logo, the places, and the signed-in user
 * with a Logout button at the bottom.
 */
import type { User } from '@contract/accounts';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/class-names';
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { SIDEBAR_ITEMS } from './navigation';
import { useSignOut } from './use-sign-out';
import { UserAvatar } from './user-avatar';
import { fullName, secondaryLine } from './user-identity';

export function Sidebar({ user }: { user: User }) {
  const [path] = useLocation();
  const { signOut, isPending } = useSignOut();
  return (
    <aside
      aria-label="Sidebar"
      data-testid="sidebar"
      className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-border bg-card md:flex"
    >
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          href="/dashboard"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <Logo />
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {SIDEBAR_ITEMS.map((item) => {
            const isActive = item.matches(path);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors',
                    'focus-visible:ring-2 focus-visible:ring-ring',
                    isActive
                      ? 'bg-primary-soft text-accent-foreground'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  <item.icon
                    className={cn('size-4.5', isActive ? 'text-primary' : 'text-muted-foreground')}
                    aria-hidden="true"
                  />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-border p-3">
        <div className="flex items-center gap-3 px-2 py-2" data-testid="sidebar-user">
          <UserAvatar user={user} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-foreground">{fullName(user)}</p>
            <p className="truncate text-xs text-muted-foreground" title={secondaryLine(user)}>
              {secondaryLine(user)}
            </p>
          </div>
        </div>
        <Button
          variant="ghost"
          className="mt-1 w-full justify-start gap-3 px-3 text-muted-foreground hover:text-foreground"
          disabled={isPending}
          onClick={() => void signOut()}
        >
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </div>
    </aside>
  );
}
