/**
 * 000 §2: every unknown path. Signed-in users see it inside the shell; visitors get the public
 * header and footer around it (D39).
 */
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { PublicFooter } from '@web/features/marketing/components/public-footer';
import { PublicHeader } from '@web/features/marketing/components/public-header';
import { usePageTitle } from '@web/lib/page-title';
import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { useIsInAppShell } from '../layout';

function NotFoundCard() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 p-8">
          <div className="flex items-center gap-3">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <Button asChild className="self-start">
            <Link href="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

export function NotFoundPage() {
  usePageTitle('Page not found');
  if (useIsInAppShell()) return <NotFoundCard />;
  return (
    <>
      <PublicHeader />
      <main id="main" className="pt-16">
        <NotFoundCard />
      </main>
      <PublicFooter />
    </>
  );
}
