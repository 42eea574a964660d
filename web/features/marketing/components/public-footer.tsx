/**
 * The public footer (000 §2): the section links, the two legal pages and the support address
 * (D2). Self-contained, like the header, so signed-in pages can swap it for the app shell.
 */
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@contract/product';
import { Logo } from '@web/components/logo';
import { Mail } from 'lucide-react';
import { Link } from 'wouter';
import { LANDING_SECTIONS, PRICING_SECTION } from './landing-sections';
import { SectionLink } from './section-link';
import { SupportEmailLink } from './support-email-link';

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card';

export function PublicFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr_1.3fr] lg:px-8">
        <div className="col-span-2 flex flex-col gap-4 md:col-span-1">
          <Link
            href="/"
            className="-m-1 w-fit rounded-lg p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo />
          </Link>
          <p className="max-w-xs text-sm leading-6 text-muted-foreground">
            Every service, repair, modification and receipt for every vehicle you own, kept in one
            tidy ledger. {PRODUCT_TAGLINE}
          </p>
        </div>

        <nav aria-label="Product" className="flex flex-col gap-3">
          <p className="text-sm font-semibold">Product</p>
          <ul className="flex flex-col gap-2.5">
            {[...LANDING_SECTIONS, PRICING_SECTION].map((section) => (
              <li key={section.id}>
                <SectionLink sectionId={section.id} className={linkClass}>
                  {section.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Legal" className="flex flex-col gap-3">
          <p className="text-sm font-semibold">Legal</p>
          <ul className="flex flex-col gap-2.5">
            <li>
              <Link href="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>

        <div className="col-span-2 flex flex-col gap-3 md:col-span-1">
          <p className="text-sm font-semibold">Support</p>
          <p className="text-sm leading-6 text-muted-foreground">
            Questions about your garage or your plan? We answer every message.
          </p>
          <p className="flex items-center gap-2 text-sm">
            <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <SupportEmailLink className="break-all" />
          </p>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <p>Built for people who keep their cars for the long run.</p>
        </div>
      </div>
    </footer>
  );
}
