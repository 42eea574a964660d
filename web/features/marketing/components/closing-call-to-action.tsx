/** The landing page's closing call to action (000 §2), with the second 'Start Your Garage'. */
import { Button } from '@web/components/ui/button';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="get-started-title" className="bg-card pb-20 sm:pb-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-primary via-primary to-primary-hover px-6 py-16 text-center text-primary-foreground shadow-raised sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-primary-foreground/10 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-28 -left-20 -z-10 size-80 rounded-full bg-primary-soft/10 blur-2xl"
          />
          <h2
            id="get-started-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Give your vehicles the records they deserve
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-primary-foreground/85 text-pretty">
            Create your free garage in under a minute: add a vehicle, log its last service and let
            Garage Ledger remember the rest.
          </p>
          <div className="mt-10 flex justify-center">
            <Button
              asChild
              size="lg"
              className="bg-card text-primary shadow-raised hover:bg-primary-soft focus-visible:ring-primary-foreground focus-visible:ring-offset-primary"
            >
              <Link href="/auth?tab=register">
                Start Your Garage
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
