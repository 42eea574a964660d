/** The landing page's first screen (000 §2): the headline and the decorative dashboard. */
import { PRODUCT_TAGLINE } from '@contract/product';
import { Button } from '@web/components/ui/button';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { MockDashboardCard } from './mock-dashboard-card';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-primary-soft via-background to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-28 pb-20 sm:px-6 md:pt-36 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col gap-6">
          <p className="w-fit rounded-full border border-primary/20 bg-card px-3 py-1 text-sm font-medium text-accent-foreground">
            {PRODUCT_TAGLINE}
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Digitize your car records. <span className="text-primary">All of them.</span>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground text-pretty">
            Maintenance, repairs, modifications, receipts and photos for every vehicle you own, in
            one garage that reminds you what is due and shows where the money went.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/auth?tab=register">
                Start Your Garage
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">See what it does</a>
            </Button>
          </div>
        </div>
        <div className="flex justify-center lg:justify-end">
          <MockDashboardCard />
        </div>
      </div>
    </section>
  );
}
