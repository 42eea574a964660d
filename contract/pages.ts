/**
 * The web app's pages as both sides need them (000 §2): which code each path opens and what it
 * reads as it first renders. The web's router draws from this table, and the server uses it to
 * send a page's code and first reads along with the HTML (decision 015), so both always agree.
 * Free of zod: the router reads it before any page's code has arrived.
 */

/**
 * The build writes this file beside the web root: for each module under web/app/ that loads
 * lazily, the files it needs that index.html does not already load.
 */
export const PAGE_ASSETS_FILE = 'page-assets.json';

/**
 * The server's word, in a page's HTML, that it found a session for the request (decision 024):
 * `<meta name="session-hint" content="signed-in">`, absent for a visitor. Only a hint: the app
 * starts a signed-in user's first reads with its session read rather than after it, and the
 * session read itself still decides what is shown.
 */
export const SESSION_HINT = { name: 'session-hint', signedIn: 'signed-in' } as const;

/** A page's module under web/app/routes/, which is also the name of its chunk. */
export type PageModule =
  | 'auth-page'
  | 'reset-password-page'
  | 'dashboard-page'
  | 'account-page'
  | 'import-preview-page'
  | 'vehicles-page'
  | 'vehicle-detail-page'
  | 'vehicle-edit-page'
  | 'records-page'
  | 'expenses-page'
  | 'records-fixed-page'
  | 'debug-maintenance-page'
  | 'privacy-policy-page'
  | 'terms-of-service-page'
  | 'api-reference-page'
  | 'unsubscribe-page'
  | 'not-found-page';

/** The maintenance debug pages' three views of the same records (001 §2, D16, D17). */
export type MaintenanceDebugSource = 'all' | 'raw' | 'direct';

/** What a page's component is given by the router: only the debug pages take anything. */
export type PageProps = { source?: MaintenanceDebugSource };

/**
 * Who may open a path: `signed-in` only a signed-in user, inside the shell (a visitor gets the
 * sign-in page); `public-only` only a visitor (a signed-in user goes to the dashboard); `open`
 * anyone; `redirect` nobody, the path sends on to `redirectTo`.
 */
export type PageGuard = 'signed-in' | 'public-only' | 'open' | 'redirect';

export type PageEntry = {
  pattern: string;
  guard: PageGuard;
  /** The page's module; for a redirect, the page it sends on to (its code is fetched ahead). */
  module: PageModule;
  /**
   * The `GET` calls the page makes as it first renders (`:id` stands for the path's id), the
   * shell's excepted. Exactly what it reads: each one listed is asked for before the page has
   * drawn, and `e2e/first-reads.spec.ts` checks that the page asks for these and no others.
   */
  firstReads: readonly string[];
  /**
   * Of the first reads, those the page asks through a query of its own (its own key, or read
   * afresh on every opening): the server preloads them with the others, but the app cannot
   * answer them ahead from its shared cache, so its first screen does not ask for them.
   */
  ownQueries?: readonly string[];
  /** The first screen is a form, which validates with zod (the bundle check allows it there). */
  opensOnForm: boolean;
  /** For a redirect: where it sends, query included. */
  redirectTo?: string;
  /** What the router gives the page's component. */
  props?: PageProps;
};

type Options = Partial<Pick<PageEntry, 'firstReads' | 'ownQueries' | 'opensOnForm' | 'props'>>;

const page = (
  guard: PageGuard,
  pattern: string,
  module: PageModule,
  { opensOnForm = false, firstReads = [], ...rest }: Options = {},
): PageEntry => ({ pattern, guard, module, firstReads, opensOnForm, ...rest });
/** Reads the page asks through its own query (`ownQueries`), among its first reads. */
const ownQueries = (reads: string[]): Options => ({ firstReads: reads, ownQueries: reads });
const signedIn = (pattern: string, module: PageModule, options?: Options) =>
  page('signed-in', pattern, module, options);
const open = (pattern: string, module: PageModule) => page('open', pattern, module);
/** A legacy path that opens a view of another page (its reads follow from its query, so none). */
const redirect = (pattern: string, redirectTo: string, module: PageModule): PageEntry => ({
  ...page('redirect', pattern, module),
  redirectTo,
});

/**
 * What the signed-in shell itself reads on every page: the bell's count (D18) and the user's
 * units and currency, which every figure of a signed-in page is written in (D49).
 */
const SHELL_READS = ['/api/upcoming-maintenance', '/api/user/preferences'];

const DASHBOARD_READS = ['/api/vehicles', '/api/upcoming-maintenance', '/api/recent-activity'];
const RECORDS_READS = ['/api/records', '/api/vehicles'];
/** Decision 057: the first page of the records, read through the page's own paged query. */
const RECORD_PAGE_READS: Options = {
  firstReads: ['/api/records/page', '/api/vehicles'],
  ownQueries: ['/api/records/page'],
};

/**
 * Every path but `/` (the landing page, which the app's root shows on its own: decision 010),
 * redirects included, in the order the router tries them. The one place a page is declared: the
 * router's routes, the server's first-screen links, the bundle check's routes and the
 * code-splitting test's chunks all follow from it (decision 023).
 */
export const PAGES: readonly PageEntry[] = [
  page('public-only', '/auth', 'auth-page', { opensOnForm: true }),
  // Decision 054: open to anyone, since a reset link may be opened where someone is signed in.
  page('open', '/reset-password', 'reset-password-page', { opensOnForm: true }),
  signedIn('/dashboard', 'dashboard-page', { firstReads: DASHBOARD_READS }),
  // D24: /home shows the dashboard, and like it needs a signed-in user.
  signedIn('/home', 'dashboard-page', { firstReads: DASHBOARD_READS }),
  signedIn('/account', 'account-page', { opensOnForm: true }),
  // An import's preview: read through a query of its own, which says why it failed (gone, expired).
  // It opens on a form: a new vehicle's year, make and model, a currency's rate.
  signedIn('/account/imports/:id', 'import-preview-page', {
    firstReads: ['/api/imports/:id', '/api/vehicles'],
    ownQueries: ['/api/imports/:id'],
    opensOnForm: true,
  }),
  signedIn('/vehicles', 'vehicles-page', { firstReads: ['/api/vehicles'] }),
  signedIn('/vehicles/:id', 'vehicle-detail-page', {
    firstReads: [
      '/api/vehicles/:id',
      '/api/vehicles/:id/images',
      '/api/upcoming-maintenance',
      '/api/vehicles',
      // The record tabs open on every kind's first page, at the list's own page size.
      '/api/vehicles/:id/records/page',
    ],
    // Read through an infinite query of its own (get-vehicle-record-page.ts).
    ownQueries: ['/api/vehicles/:id/records/page'],
  }),
  signedIn('/vehicles/:id/edit', 'vehicle-edit-page', {
    firstReads: ['/api/vehicles/:id'],
    opensOnForm: true,
  }),
  signedIn('/records', 'records-page', RECORD_PAGE_READS),
  // 001 §2, D27, D28: the legacy pages open their view inside /records.
  redirect('/documents', '/records?type=document', 'records-page'),
  redirect('/modifications', '/records?type=modification', 'records-page'),
  redirect('/maintenance', '/records?type=maintenance', 'records-page'),
  // The figures are read afresh on every opening, under a key holding the filter.
  signedIn('/expenses', 'expenses-page', ownQueries(['/api/expenses'])),
  // D17: the debug pages show only the signed-in user's own data, always fresh, kept apart.
  signedIn('/debug/maintenance', 'debug-maintenance-page', {
    ...ownQueries(['/api/maintenance']),
    props: { source: 'all' },
  }),
  signedIn('/records-fixed', 'records-fixed-page', { firstReads: RECORDS_READS }),
  signedIn('/raw-maintenance', 'debug-maintenance-page', {
    ...ownQueries(['/api/maintenance']),
    props: { source: 'raw' },
  }),
  // Then the maintenance of the vehicle `?vehicleId=` names, else of the first one listed: a
  // read that follows from an answer, which no table can name ahead.
  signedIn('/direct-maintenance', 'debug-maintenance-page', {
    firstReads: ['/api/vehicles'],
    props: { source: 'direct' },
  }),
  open('/privacy-policy', 'privacy-policy-page'),
  open('/terms-of-service', 'terms-of-service-page'),
  open('/api-reference', 'api-reference-page'),
  // Decision 054: where a message's unsubscribe link leads a person; the link's key acts, not a session.
  open('/unsubscribe', 'unsubscribe-page'),
];

/** The page of a path that is no page (D42): anyone may see it, and it reads nothing. */
export const NOT_FOUND_PAGE: PageModule = 'not-found-page';

/** Whether a path's page needs a signed-in user: a redirect, if the page it sends on to does. */
function needsSignIn({ guard, redirectTo }: PageEntry): boolean {
  if (guard === 'redirect' && redirectTo) {
    const target = PAGES.find((entry) => entry.pattern === redirectTo.split('?')[0]);
    return target ? needsSignIn(target) : false;
  }
  return guard === 'signed-in';
}

/**
 * The largest id a column holds, as `ID_MAX` in common.ts: the build's configuration reads this
 * file as Node does, which resolves no import without its file extension.
 */
const LARGEST_ID = 2_147_483_647;

/**
 * The id of a route such as `/vehicles/{id}/edit` (001 §2): digits only, as a positive id the
 * server could hold; anything else ('abc', '1.5', '0', '1e3') is no id at all.
 */
export function parseRouteId(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return id >= 1 && id <= LARGEST_ID ? id : null;
}

export type PageAtPath = Pick<PageEntry, 'module' | 'firstReads'> & {
  /** Behind the sign-in: only a signed-in user sees it, inside the shell. */
  isSignedInPage: boolean;
  /** The path's id, for a pattern with `:id`; null when it has none or it is no id. */
  routeId: number | null;
};

/**
 * The page a path opens and its first reads with the path's id filled in, the shell's among
 * them: none of the page's for an id that is no id (the page says so), and the 404 page for a
 * path that is no page.
 */
export function pageAtPath(path: string): PageAtPath {
  return resolvePath(path).page;
}

/**
 * The first reads of a path's page that the app can ask for ahead, through its shared cache
 * (the page's own queries left out: `ownQueries`).
 */
export function firstReadsToWarm(path: string): string[] {
  const { page, ownReads } = resolvePath(path);
  return page.firstReads.filter((read) => !ownReads.includes(read));
}

function resolvePath(path: string): { page: PageAtPath; ownReads: string[] } {
  for (const entry of PAGES) {
    const match = new RegExp(`^${entry.pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(path);
    if (!match) continue;
    const hasId = entry.pattern.includes(':id');
    const routeId = hasId ? parseRouteId(match[1]) : null;
    const fill = (reads: readonly string[] = []) =>
      hasId && routeId === null ? [] : reads.map((read) => read.replace(':id', String(routeId)));
    const isSignedInPage = needsSignIn(entry);
    const shellReads = isSignedInPage ? SHELL_READS : [];
    const firstReads = [...new Set([...fill(entry.firstReads), ...shellReads])];
    return {
      page: { module: entry.module, isSignedInPage, firstReads, routeId },
      ownReads: fill(entry.ownQueries),
    };
  }
  const notFound = { module: NOT_FOUND_PAGE, isSignedInPage: false, firstReads: [], routeId: null };
  return { page: notFound, ownReads: [] };
}
