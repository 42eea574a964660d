/**
 * The signed-in application shell (000 §2, D39): the sidebar from md up, the top bar, the page in
 * `<main id="main">`, and the phone tab bar below md, with room kept for it under the page. No page
 * shows a tooltip today, so the shell carries no tooltip provider: Radix Tooltip would bring
 * Floating UI into every signed-in page's first load (decision 010). A page that adds tooltips
 * wraps them in `TooltipProvider` (components/ui/tooltip.tsx, with the delays of 000 §9).
 */
import type { User } from '@contract/accounts';
import { applyTheme } from '@web/lib/theme';
import type * as React from 'react';
import { useEffect } from 'react';
import { BottomTabBar } from './bottom-tab-bar';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppShell({ user, children }: { user: User; children: React.ReactNode }) {
  // The user's theme wherever they sign in (decision 035), and this browser's from then on.
  useEffect(() => applyTheme(user.theme), [user.theme]);

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-raised focus:outline-none focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <Sidebar user={user} />
      <div className="flex min-h-dvh flex-col md:pl-64">
        <TopBar user={user} />
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 flex-col pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none md:pb-0"
        >
          {children}
        </main>
      </div>
      <BottomTabBar />
    </div>
  );
}
