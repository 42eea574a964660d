/**
 * The frame of the public reading pages (the legal pages, the API reference): the public header
 * and footer for visitors, a breadcrumb "Home > {title}", the title and its introduction on a
 * soft band, then the page. Inside the signed-in shell (D39) the shell brings the header,
 * navigation and <main>, so the frame leaves them out.
 */
import { cn } from '@web/lib/class-names';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

type PublicPageFrameProps = {
  title: string;
  /** What stands under the title on the band: a date, a summary. */
  intro: ReactNode;
  /** False inside the signed-in shell, which brings its own header, navigation and <main>. */
  withPublicChrome: boolean;
  children: ReactNode;
};

export function PublicPageFrame({
  title,
  intro,
  withPublicChrome,
  children,
}: PublicPageFrameProps) {
  const Main = withPublicChrome ? 'main' : 'div';
  return (
    <>
      {withPublicChrome && <PublicHeader />}
      <Main id={withPublicChrome ? 'main' : undefined}>
        <div className="border-b bg-linear-to-b from-primary-soft/80 via-primary-soft/30 to-background">
          <div
            className={cn(
              'mx-auto max-w-6xl px-4 pb-12 sm:px-6 lg:px-8',
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
                  {title}
                </li>
              </ol>
            </nav>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
            {intro}
          </div>
        </div>
        {children}
      </Main>
      {withPublicChrome && <PublicFooter />}
    </>
  );
}
