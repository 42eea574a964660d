/** `#features` (000 §2): the five things Garage Ledger does, one card each. */
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/class-names';
import {
  BarChart3,
  CalendarClock,
  Check,
  FileText,
  type LucideIcon,
  Receipt,
  Wrench,
} from 'lucide-react';
import { SectionHeading } from './section-heading';

type Feature = {
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
  /** Spans on the 6-column grid of wide screens: two wide cards, then three. */
  layout: string;
};

const FEATURES: Feature[] = [
  {
    icon: FileText,
    title: 'Document management',
    description:
      'Titles, registrations, insurance cards and service invoices live with the vehicle they belong to, not in a shoebox.',
    points: ['A PDF and a photo on every record', 'Search by vehicle and document type'],
    layout: 'lg:col-span-3',
  },
  {
    icon: Wrench,
    title: 'Modification tracking',
    description:
      'Log every part you fit with its cost, date, installer and notes, so the build sheet writes itself.',
    points: ['Parts, costs and installers logged', 'A history buyers can trust'],
    layout: 'lg:col-span-3',
  },
  {
    icon: Receipt,
    title: 'Expense tracking',
    description:
      'Purchase price, maintenance, repairs and modifications add up to one honest total per vehicle.',
    points: ['Totals per vehicle and garage', 'Spending by category'],
    layout: 'lg:col-span-2',
  },
  {
    icon: CalendarClock,
    title: 'Maintenance scheduler',
    description:
      'Plan services by date or mileage. Anything due in the next 7 days shows up before it is overdue.',
    points: ['Reminders in your notification bell', 'Mark items done as you go'],
    layout: 'lg:col-span-2',
  },
  {
    icon: BarChart3,
    title: 'Reports and analytics',
    description:
      'See where the money goes month by month, compare periods and work out your cost per mile.',
    points: ['Charts by month and category', 'CSV export with Premium'],
    layout: 'md:col-span-2 lg:col-span-2',
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      tabIndex={-1}
      className="scroll-mt-20 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your vehicles have been through, in one ledger"
          description="Garage Ledger replaces the glovebox folder, the spreadsheet and the notes app with one place built for how owners and enthusiasts actually look after their cars."
        />
        <ul className="mt-14 grid gap-5 md:grid-cols-2 lg:grid-cols-6">
          {FEATURES.map((feature) => (
            <li key={feature.title} className={cn('flex', feature.layout)}>
              <FeatureCard feature={feature} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <Card className="group w-full gap-5 p-6 transition-shadow duration-200 hover:shadow-raised sm:p-7">
      <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary ring-1 ring-primary/15 ring-inset">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-2">
        <h3 className="text-lg font-semibold tracking-tight">{feature.title}</h3>
        <p className="text-sm leading-6 text-muted-foreground">{feature.description}</p>
      </div>
      <ul className="mt-auto flex flex-col gap-2 border-t pt-4">
        {feature.points.map((point) => (
          <li key={point} className="flex items-center gap-2 text-sm">
            <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
    </Card>
  );
}
