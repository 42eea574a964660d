/**
 * The public navigation bar (000 §2, §4): fixed at the top, transparent while the page is
 * scrolled 80 px or less and solid above (`data-scrolled`). Wide screens show the section links
 * and Log In / Sign Up; below the md breakpoint a menu button opens a side drawer holding the
 * same actions. Self-contained so signed-in pages can swap it for the app shell (D39).
 */

import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@web/components/ui/sheet';
import { cn } from '@web/lib/class-names';
import { ChevronRight, Menu } from 'lucide-react';
import { type MouseEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { LANDING_SECTIONS } from './landing-sections';
import { SectionLink } from './section-link';

/** 000 §9: the bar turns solid past this scroll position. */
export const NAV_SOLID_AFTER_PX = 80;

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

/** The drawer of small screens: the section links and the same two actions. */
function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [location, navigate] = useLocation();
  // The section chosen in the drawer; it is scrolled to once the drawer has closed and the
  // page may scroll again.
  const pendingSection = useRef<string | null>(null);

  const goToSection = (sectionId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    pendingSection.current = sectionId;
    setIsOpen(false);
  };

  const onCloseAutoFocus = (event: Event) => {
    const sectionId = pendingSection.current;
    if (!sectionId) return;
    pendingSection.current = null;
    event.preventDefault();
    if (location !== '/') {
      navigate(`/#${sectionId}`);
      return;
    }
    const section = document.getElementById(sectionId);
    if (!section) return;
    window.history.pushState(null, '', `#${sectionId}`);
    section.scrollIntoView({ block: 'start' });
    section.focus({ preventScroll: true });
  };

  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="-mr-2 md:hidden">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" onCloseAutoFocus={onCloseAutoFocus} className="gap-0">
        <SheetHeader className="pb-6">
          <Logo />
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">
            Sections of the Garage Ledger site, and signing in or creating an account.
          </SheetDescription>
        </SheetHeader>
        <nav aria-label="Menu" className="border-t px-3 py-4">
          <ul className="flex flex-col gap-1">
            {LANDING_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={location === '/' ? `#${section.id}` : `/#${section.id}`}
                  onClick={goToSection(section.id)}
                  className="flex items-center justify-between rounded-lg px-3 py-3 text-base font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {section.label}
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <SheetFooter className="border-t pt-6">
          <SheetClose asChild>
            <Button asChild size="lg">
              <Link href="/auth?tab=register">Sign Up</Link>
            </Button>
          </SheetClose>
          <SheetClose asChild>
            <Button asChild size="lg" variant="outline">
              <Link href="/auth">Log In</Link>
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
