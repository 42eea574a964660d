/**
 * `#benefits` (000 §2): the garage overview, quick access and a dashboard of your own, beside a
 * decorative vehicle list with fixed sample data (hidden from screen readers, like the hero's).
 */
import { Badge } from '@web/components/ui/badge';
import { CalendarClock, Car, FolderOpen, LayoutDashboard, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';

const BENEFITS: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Car,
    title: 'See every vehicle at a glance',
    description:
      'Each vehicle shows its key stats (mileage, money invested, record count) and the next maintenance that is due, so nothing hides behind a click.',
  },
  {
    icon: FolderOpen,
    title: 'Quick access to what matters',
    description:
      'Documents, expense history and modification logs are one tap away from every vehicle, at home or at the parts counter.',
  },
  {
    icon: LayoutDashboard,
    title: 'A dashboard that is yours',
    description:
      'Show, hide and reorder the dashboard’s sections so the things you check most sit at the top.',
  },
];

export function BenefitsSection() {
  return (
    <section
      id="benefits"
      aria-labelledby="benefits-title"
      tabIndex={-1}
      className="scroll-mt-20 border-y bg-card py-20 outline-none sm:py-28"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-14 px-4 sm:px-6 lg:grid-cols-2 lg:gap-20 lg:px-8">
        <div className="flex flex-col gap-10">
          <SectionHeading
            id="benefits-title"
            eyebrow="Benefits"
            align="left"
            title="Your whole garage, organized"
            description="Whether it is a daily driver, a weekend project or a driveway full of both, Garage Ledger keeps the big picture and the small print together."
          />
          <ul className="flex flex-col gap-7">
            {BENEFITS.map(({ icon: Icon, title, description }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-card">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="text-base font-semibold">{title}</h3>
                  <p className="text-sm leading-6 text-muted-foreground">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <GaragePreview />
      </div>
    </section>
  );
}

const SAMPLE_VEHICLES = [
  {
    name: '2019 Subaru WRX',
    stats: '42,310 mi · $31,840 invested',
    next: 'Oil change due Jun 3',
    isDueSoon: true,
    kind: 'Daily Driver',
  },
  {
    name: '1998 Toyota Supra',
    stats: '88,902 mi · $54,275 invested',
    next: 'Coolant flush due in 1,200 miles',
    isDueSoon: false,
    kind: 'Project',
  },
  {
    name: '2021 Ford F-150',
    stats: '18,904 mi · $46,120 invested',
    next: 'All maintenance up to date',
    isDueSoon: false,
    kind: 'Daily Driver',
  },
];

function GaragePreview() {
  return (
    <figure className="relative isolate">
      <figcaption className="sr-only">
        An example garage: three vehicles, each with its mileage, money invested and next
        maintenance.
      </figcaption>
      <div
        aria-hidden="true"
        className="absolute -inset-4 rounded-[2rem] bg-linear-to-br from-primary-soft via-background to-accent sm:-inset-6"
      />
      <div aria-hidden="true" className="relative rounded-2xl border bg-card p-5 shadow-raised">
        <div className="mb-4 flex items-center justify-between">
          <p className="text-base font-semibold">My Vehicles</p>
          <span className="text-xs font-medium text-muted-foreground">3 vehicles</span>
        </div>
        <ul className="flex flex-col gap-3">
          {SAMPLE_VEHICLES.map((vehicle) => (
            <li
              key={vehicle.name}
              className="flex items-center gap-4 rounded-xl border bg-background p-4"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Car className="size-5" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="flex items-center justify-between gap-2">
                  <p className="truncate text-sm font-semibold">{vehicle.name}</p>
                  <Badge variant={vehicle.kind === 'Project' ? 'pill' : 'secondary'}>
                    {vehicle.kind}
                  </Badge>
                </div>
                <p className="text-xs text-muted-foreground tabular-nums">{vehicle.stats}</p>
                <p
                  className={
                    vehicle.isDueSoon
                      ? 'flex items-center gap-1 text-xs font-medium text-foreground'
                      : 'flex items-center gap-1 text-xs text-muted-foreground'
                  }
                >
                  <CalendarClock
                    className={vehicle.isDueSoon ? 'size-3.5 text-warn' : 'size-3.5'}
                  />
                  {vehicle.next}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
