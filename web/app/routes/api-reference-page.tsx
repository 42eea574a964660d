/**
 * `/api-reference`: the API described for people who script their garage. Public like the legal
 * pages: visitors see the public header and footer, a signed-in user sees it inside the shell (D39).
 */
import { PRODUCT_NAME } from '@contract/product';
import { ApiReference } from '@web/features/api-reference/components/api-reference';
import { PublicFooter } from '@web/features/marketing/components/public-footer';
import { PublicHeader } from '@web/features/marketing/components/public-header';
import { cn } from '@web/lib/class-names';
import { usePageTitle } from '@web/lib/page-title';
import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { useIsInAppShell } from '../layout';

export const API_REFERENCE_TITLE = 'API Reference';

export function ApiReferencePage() {
  usePageTitle(API_REFERENCE_TITLE);
  const withPublicChrome = !useIsInAppShell();
  // Inside the signed-in shell the shell brings the header, navigation and <main>.
  const Main = withPublicChrome ? 'main' : 'div';
  return (
    <>
      {withPublicChrome && <PublicHeader />}
      <Main id={withPublicChrome ? 'main' : undefined}>
        <div className="border-b bg-linear-to-b from-primary-soft/80 via-primary-soft/30 to-background">
          <div
            className={cn(
              'mx-auto max-w-6xl px-4 pb-10 sm:px-6 lg:px-8',
              withPublicChrome ? 'pt-28 md:pt-32' : 'pt-8',
            )}
          >
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
                <li>
                  <Link
                    href="/"
                    className="rounded-sm transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    Home
                  </Link>
                </li>
                <li aria-hidden="true" className="flex">
                  <ChevronRight className="size-4" />
                </li>
                <li aria-current="page" className="font-medium text-foreground">
                  {API_REFERENCE_TITLE}
                </li>
              </ol>
            </nav>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">
              {API_REFERENCE_TITLE}
            </h1>
            <p className="mt-4 max-w-3xl text-lg leading-8 text-pretty text-muted-foreground">
              Script your garage: everything the {PRODUCT_NAME} app does goes through this JSON API,
              and your scripts can call it the same way with your own account.
            </p>
          </div>
        </div>
        <ApiReference />
      </Main>
      {withPublicChrome && <PublicFooter />}
    </>
  );
}
