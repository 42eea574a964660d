/**
 * The words at the top of the main pages, written once for both sides: the page draws them, and
 * the server writes them into the page's HTML so that a phone shows them before the page's code
 * has arrived (decision 058, server/plugins/first-paint.ts).
 */
import { DASHBOARD_TEXTS } from './dashboard';
import { EXPENSES_TEXTS } from './expenses';
import type { PageModule } from './pages';

/** A page's heading and the line under it. */
export type PageHeading = { title: string; description: string };

export const VEHICLES_PAGE_HEADING = {
  title: 'My Vehicles',
  description: 'Every vehicle in your garage with what it has cost and what it needs next.',
} as const;

export const RECORDS_PAGE_HEADING = {
  title: 'Records',
  description: 'View and manage your vehicle records',
} as const;

/** The two tabs of /auth: signing in (the default) and signing up (`?tab=register`). */
export const AUTH_HEADINGS = {
  login: {
    title: 'Welcome Back',
    description: 'Sign in to your garage to pick up where you left off.',
  },
  register: {
    title: 'Create Account',
    description: 'Start your garage: it takes less than a minute.',
  },
} as const;

/** The landing page's headline, its coloured end, and the paragraph under it (000 §2). */
export const LANDING_HERO = {
  title: 'Digitize your car records.',
  titleAccent: 'All of them.',
  description:
    'Maintenance, repairs, modifications, receipts and photos for every vehicle you own, in one garage that reminds you what is due and shows where the money went.',
} as const;

/** The dashboard greets the user by name (000 §2), which its first paint knows from the session. */
export const dashboardGreeting = (name: string | null) => (name ? `Welcome, ${name}` : 'Welcome');

/**
 * The heading a signed-in page opens with, for the pages that have a fixed one; the dashboard's
 * title is its greeting, which needs the user's name.
 */
export function signedInPageHeading(module: PageModule, name: string | null): PageHeading | null {
  switch (module) {
    case 'dashboard-page':
      return { title: dashboardGreeting(name), description: DASHBOARD_TEXTS.subtitle };
    case 'vehicles-page':
      return VEHICLES_PAGE_HEADING;
    case 'records-page':
      return RECORDS_PAGE_HEADING;
    case 'expenses-page':
      return { title: EXPENSES_TEXTS.title, description: EXPENSES_TEXTS.subtitle };
    default:
      return null;
  }
}
