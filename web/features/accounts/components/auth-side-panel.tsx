/**
 * The brand panel beside the sign-in forms on wide screens (000 §1, §2): the tagline and the four
 * things Garage Ledger does for its users.
 */
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@contract/product';
import { BellRing, FileText, History, Wrench } from 'lucide-react';

const POINTS = [
  {
    icon: FileText,
    title: 'Store all vehicle documentation',
    text: 'Titles, receipts, manuals and photos, safely in one place.',
  },
  {
    icon: Wrench,
    title: 'Track modifications and expenses',
    text: 'Every part, every upgrade and every dollar, per vehicle.',
  },
  {
    icon: BellRing,
    title: 'Never miss maintenance with smart reminders',
    text: 'See what is due soon before it becomes a repair.',
  },
  {
    icon: History,
    title: 'Build a complete history of vehicle projects',
    text: 'A service record that adds value when you sell.',
  },
] as const;

export function AuthSidePanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-center">
      {/* Soft light rings: decoration only. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full border-[56px] border-white/5"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-24 size-[28rem] rounded-full border-[72px] border-white/5"
      />
      <div className="relative mx-auto flex w-full max-w-lg flex-col gap-10 px-12 py-16">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary-foreground/95">
            {PRODUCT_NAME}
          </p>
          <h2 className="text-4xl font-bold leading-tight tracking-tight text-balance">
            {PRODUCT_TAGLINE}
          </h2>
          <p className="text-lg text-primary-foreground/95 text-pretty">
            Your garage&apos;s paperwork, service history and spending, organized and always at
            hand.
          </p>
        </div>
        <ul className="flex flex-col gap-6">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="flex flex-col gap-0.5">
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-primary-foreground/95">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
