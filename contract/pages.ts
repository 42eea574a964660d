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

/** A page's module under web/app/routes/, which is also the name of its chunk. */
export type PageModule =
  | 'auth-page'
  | 'dashboard-page'
  | 'account-page'
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
  | 'not-found-page';

type PageEntry = {
  pattern: string;
  module: PageModule;
  /** Behind the sign-in: only a signed-in user sees it, inside the shell. */
  isSignedInPage: boolean;
  /**
   * The `GET` calls the page makes as it first renders (`:id` stands for the path's id). Only
   * what it reads: each one listed is asked for before the page has drawn.
   */
  firstReads: readonly string[];
};

const signedIn = (pattern: string, module: PageModule, firstReads: string[] = []): PageEntry => ({
  pattern,
  module,
  isSignedInPage: true,
  firstReads,
});
const open = (pattern: string, module: PageModule): PageEntry => ({
  pattern,
  module,
  isSignedInPage: false,
  firstReads: [],
});

/** What the signed-in shell itself reads on every page: the bell's count (D18). */
const SHELL_READS = ['/api/upcoming-maintenance'];

const DASHBOARD_READS = ['/api/vehicles', '/api/upcoming-maintenance', '/api/recent-activity'];

/** Every path but `/` (the landing page, which needs none of this), redirects included. */
export const PAGES: readonly PageEntry[] = [
  open('/auth', 'auth-page'),
  signedIn('/dashboard', 'dashboard-page', DASHBOARD_READS),
  // D24: /home shows the dashboard.
  signedIn('/home', 'dashboard-page', DASHBOARD_READS),
  signedIn('/account', 'account-page'),
  signedIn('/vehicles', 'vehicles-page', ['/api/vehicles']),
  signedIn('/vehicles/:id', 'vehicle-detail-page', [
    '/api/vehicles/:id',
    '/api/vehicles/:id/images',
    '/api/upcoming-maintenance',
    '/api/vehicles',
  ]),
  signedIn('/vehicles/:id/edit', 'vehicle-edit-page'),
  signedIn('/records', 'records-page', ['/api/records', '/api/vehicles']),
  // 001 §2, D27, D28: the legacy pages open their view inside /records.
  signedIn('/documents', 'records-page'),
  signedIn('/modifications', 'records-page'),
  signedIn('/maintenance', 'records-page'),
  signedIn('/expenses', 'expenses-page'),
  signedIn('/debug/maintenance', 'debug-maintenance-page'),
  signedIn('/records-fixed', 'records-fixed-page'),
  signedIn('/raw-maintenance', 'debug-maintenance-page'),
  signedIn('/direct-maintenance', 'debug-maintenance-page'),
  open('/privacy-policy', 'privacy-policy-page'),
  open('/terms-of-service', 'terms-of-service-page'),
  open('/api-reference', 'api-reference-page'),
];

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

export type PageAtPath = Omit<PageEntry, 'pattern'> & {
  /** The path's id, for a pattern with `:id`; null when it has none or it is no id. */
  routeId: number | null;
};

/**
 * The page a path opens and its first reads with the path's id filled in, the shell's among
 * them: none of the page's for an id that is no id (the page says so), and the 404 page for a
 * path that is no page.
 */
export function pageAtPath(path: string): PageAtPath {
  for (const { pattern, ...page } of PAGES) {
    const match = new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(path);
    if (!match) continue;
    const hasId = pattern.includes(':id');
    const routeId = hasId ? parseRouteId(match[1]) : null;
    const pageReads =
      hasId && routeId === null
        ? []
        : page.firstReads.map((read) => read.replace(':id', String(routeId)));
    const shellReads = page.isSignedInPage ? SHELL_READS : [];
    return { ...page, routeId, firstReads: [...new Set([...pageReads, ...shellReads])] };
  }
  return { module: 'not-found-page', isSignedInPage: false, firstReads: [], routeId: null };
}
