/** `#pricing`: the two plans of 000 §1 (free: 1 vehicle and 1 record; Premium: $9.99 a month). */
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/class-names';
import { Check } from 'lucide-react';
import { PRICING_SECTION } from './landing-sections';
import { SectionHeading } from './section-heading';

type Plan = {
  name: string;
  price: string;
  period: string;
  summary: string;
  points: string[];
  isHighlighted: boolean;
};

const PLANS: Plan[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    summary: 'Try Garage Ledger with the car you drive every day.',
    points: [
      '1 vehicle',
      '1 maintenance, repair or modification record',
      'A PDF and a photo on the record',
      'Maintenance reminders',
    ],
    isHighlighted: false,
  },
  {
    name: 'Premium',
    price: '$9.99',
    period: 'per month',
    summary: 'For enthusiasts, collectors and busy family garages.',
    points: [
      'Unlimited vehicles',
      'Unlimited records',
      'Priority support',
      'Advanced analytics: period comparisons, cost per mile and CSV export',
    ],
    isHighlighted: true,
  },
];

export function PricingSection() {
  return (
    <section
      id={PRICING_SECTION.id}
      aria-labelledby="pricing-title"
      tabIndex={-1}
      className="scroll-mt-20 border-t bg-card py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Start free. Upgrade when your garage grows."
          description="No card needed for the free plan. Premium is billed monthly through Stripe, and you can upgrade from your account whenever you are ready."
        />
        <ul className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {PLANS.map((plan) => (
            <li key={plan.name} className="flex">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card
      className={cn(
        'relative w-full gap-6 p-8',
        plan.isHighlighted && 'border-primary/40 shadow-raised ring-1 ring-primary/30',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">{plan.name}</h3>
        {plan.isHighlighted ? <Badge variant="pill">Most popular</Badge> : null}
      </div>
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{plan.price}</span>
        <span className="text-sm text-muted-foreground">{plan.period}</span>
      </p>
      <p className="text-sm text-muted-foreground">{plan.summary}</p>
      <ul className="flex flex-col gap-3 border-t pt-6">
        {plan.points.map((point) => (
          <li key={point} className="flex gap-3 text-sm">
            <span
              className={cn(
                'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
                plan.isHighlighted
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-primary-soft text-primary',
              )}
            >
              <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
            </span>
            {point}
          </li>
        ))}
      </ul>
    </Card>
  );
}
