/** The landing page's first screen (000 §2): the headline and the decorative dashboard. */
import { LANDING_HERO } from '@contract/page-headings';
import { PRODUCT_TAGLINE } from '@contract/product';
import { Button } from '@web/components/ui/button';
import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'wouter';
import { MockDashboardCard } from './mock-dashboard-card';

const REASSURANCES = ['Free plan, no card needed', 'Export your data any time'];

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-primary-soft via-background to-background"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top_right,var(--color-primary-soft),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-14 px-4 pt-28 pb-20 sm:px-6 md:pt-36 md:pb-28 lg:grid-cols-[1.05fr_1fr] lg:px-8">
        <div className="flex flex-col gap-6">
          <p className="w-fit rounded-full border border-primary/20 bg-card/80 px-3 py-1 text-sm font-medium text-accent-foreground shadow-card">
            {PRODUCT_TAGLINE}
          </p>
          <h1
            id="hero-title"
            className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {LANDING_HERO.title} <span className="text-primary">{LANDING_HERO.titleAccent}</span>
          </h1>
          <p className="max-w-xl text-lg leading-8 text-muted-foreground text-pretty">
            {LANDING_HERO.description}
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
          <ul className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
            {REASSURANCES.map((reassurance) => (
              <li key={reassurance} className="flex items-center gap-2">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {reassurance}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center lg:justify-end">
          <MockDashboardCard />
        </div>
      </div>
    </section>
  );
}
