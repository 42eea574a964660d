/**
 * The public navigation bar (000 §2, §4): fixed at the top, transparent while the page is
 * scrolled 80 px or less and solid above (`data-scrolled`). Wide screens show the section links
 * and Log In / Sign Up; below the md breakpoint a menu button opens a side drawer holding the
 * same actions. Self-contained so signed-in pages can swap it for the app shell (D39).
 */

import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/class-names';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { LANDING_SECTIONS } from './landing-sections';
import { MenuButton } from './menu-button';
import { SectionLink } from './section-link';

/** 000 §9: the bar turns solid past this scroll position. */
export const NAV_SOLID_AFTER_PX = 80;

const MobileMenuDrawer = lazyComponent(() => import('./mobile-menu-drawer'), 'MobileMenuDrawer');

export function PublicHeader() {
  const isScrolled = useScrolledPast(NAV_SOLID_AFTER_PX);
  const [location] = useLocation();
  return (
    <header
      data-scrolled={isScrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200',
        isScrolled
          ? 'border-border bg-card/95 shadow-card backdrop-blur'
          : 'border-transparent bg-transparent',
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-card px-3 py-2 text-sm font-medium shadow-raised focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <Link
          href="/"
          // On the landing page itself the logo takes the reader back to the top.
          onClick={() => {
            if (location === '/') window.scrollTo({ top: 0 });
          }}
          className="-m-1 rounded-lg p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>

        <nav aria-label="Primary" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LANDING_SECTIONS.map((section) => (
              <li key={section.id}>
                <SectionLink
                  sectionId={section.id}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {section.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <Link href="/auth">Log In</Link>
          </Button>
          <Button asChild>
            <Link href="/auth?tab=register">Sign Up</Link>
          </Button>
        </div>

        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * The drawer of small screens. Its dialog parts (Radix Dialog, focus trap, scroll lock) are about
 * 12 KB of gzipped JavaScript, so they download when the menu is first opened (decision 010);
 * until then a plain button of the same name and look stands in for the drawer's trigger.
 */
function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const standIn = (
    <MenuButton
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void preloadAhead(MobileMenuDrawer)}
      onClick={() => {
        setHasOpened(true);
        setIsOpen(true);
      }}
    />
  );
  if (!hasOpened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MobileMenuDrawer isOpen={isOpen} onOpenChange={setIsOpen} />
    </Suspense>
  );
}
