/**
 * The phone tab bar below the md breakpoint (000 §2): Home, Vehicles, Expenses, Account, the
 * current one highlighted; clear of the home indicator through the safe-area inset.
 */
import { cn } from '@web/lib/class-names';
import { Link, useLocation } from 'wouter';
import { TAB_ITEMS } from './navigation';

export function BottomTabBar() {
  const [path] = useLocation();
  return (
    <nav
      aria-label="Main"
      data-testid="bottom-tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
        {TAB_ITEMS.map((item) => {
          const isActive = item.matches(path);
          return (
            <li key={item.href} className="flex">
              <Link
                href={item.href}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'group flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium outline-none transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  isActive
                    ? 'text-accent-foreground'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    isActive && 'bg-primary-soft text-primary',
                  )}
                >
                  <item.icon className="size-5" aria-hidden="true" />
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
