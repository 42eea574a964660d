/**
 * The words at the top of the main pages, written once for both sides: the page draws them, and
 * the server writes them into the page's HTML so that a phone shows them before the page's code
 * has arrived (decision 058, server/plugins/first-paint.ts). The dashboard's and the expenses
 * page's are with their other texts. Nothing here imports another module: the landing page's
 * code carries this file.
 */
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
