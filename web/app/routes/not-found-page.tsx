/** 000 §2: every unknown path. */
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/page-title';
import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-[70vh] w-full items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 p-8">
          <div className="flex items-center gap-3">
            <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
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
    </main>
  );
}
