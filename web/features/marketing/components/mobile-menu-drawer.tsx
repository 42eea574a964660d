/**
 * The public navigation bar's drawer on small screens (000 §2): the section links and the same
 * two actions as the wide bar. Loaded when the menu is first opened (decision 010).
 */

import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { afterModalHistory } from '@web/components/ui/modal-history';
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
import { ChevronRight } from 'lucide-react';
import { type MouseEvent, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { LANDING_SECTIONS } from './landing-sections';
import { MenuButton } from './menu-button';

export function MobileMenuDrawer({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [location, navigate] = useLocation();
  // The section chosen in the drawer; it is scrolled to once the drawer has closed and the
  // page may scroll again.
  const pendingSection = useRef<string | null>(null);

  const goToSection = (sectionId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    pendingSection.current = sectionId;
    onOpenChange(false);
  };

  const onCloseAutoFocus = (event: Event) => {
    const sectionId = pendingSection.current;
    if (!sectionId) return;
    pendingSection.current = null;
    event.preventDefault();
    // The drawer's own history entry goes first (decision 038), then the section's.
    afterModalHistory(() => {
      if (location !== '/') {
        navigate(`/#${sectionId}`);
        return;
      }
      const section = document.getElementById(sectionId);
      if (!section) return;
      window.history.pushState(null, '', `#${sectionId}`);
      section.scrollIntoView({ block: 'start' });
      section.focus({ preventScroll: true });
    });
  };

  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <MenuButton />
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
