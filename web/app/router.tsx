/**
 * The route table of 000 §2, drawn from the contract's table of pages (decision 023): each
 * entry's pattern, guard, page and props become one route, in the table's order. Every page is
 * loaded lazily (convention 11): signed-out visitors download only the public pages, signed-in
 * users only the app's. Routes whose feature has not landed yet fall through to the 404 page
 * (D42) rather than showing a mock-up.
 */

import {
  firstReadsToWarm,
  NOT_FOUND_PAGE,
  PAGES,
  type PageEntry,
  type PageModule,
  type PageProps,
  pageAtPath,
} from '@contract/pages';
import type { QueryKey } from '@tanstack/react-query';
import { pathToQueryKey } from '@web/lib/api-client';
import { type LazyComponent, lazyComponent } from '@web/lib/lazy-component';
import { type ComponentType, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoading } from './lazy-page';
import { ProtectedRoute } from './protected-route';
import { PublicOnly } from './routes/public-only';

type Page = LazyComponent<ComponentType<PageProps>>;

/**
 * Each page module's code, the one thing the contract's table cannot hold: a module added to
 * the table without its `import()` here is a type error.
 */
const PAGE_COMPONENTS: Record<PageModule, Page> = {
  'auth-page': lazyComponent(() => import('./routes/auth-page'), 'AuthPage'),
  'reset-password-page': lazyComponent(
    () => import('./routes/reset-password-page'),
    'ResetPasswordPage',
  ),
  'dashboard-page': lazyComponent(() => import('./routes/dashboard-page'), 'DashboardPage'),
  'account-page': lazyComponent(() => import('./routes/account-page'), 'AccountPage'),
  'import-preview-page': lazyComponent(
    () => import('./routes/import-preview-page'),
    'ImportPreviewPage',
  ),
  'vehicles-page': lazyComponent(() => import('./routes/vehicles-page'), 'VehiclesPage'),
  'vehicle-detail-page': lazyComponent(
    () => import('./routes/vehicle-detail-page'),
    'VehicleDetailPage',
  ),
  'vehicle-edit-page': lazyComponent(() => import('./routes/vehicle-edit-page'), 'VehicleEditPage'),
  'records-page': lazyComponent(() => import('./routes/records-page'), 'RecordsPage'),
  'expenses-page': lazyComponent(() => import('./routes/expenses-page'), 'ExpensesPage'),
  'records-fixed-page': lazyComponent(
    () => import('./routes/records-fixed-page'),
    'RecordsFixedPage',
  ),
  'debug-maintenance-page': lazyComponent(
    () => import('./routes/debug-maintenance-page'),
    'DebugMaintenancePage',
  ),
  'privacy-policy-page': lazyComponent(
    () => import('./routes/privacy-policy-page'),
    'PrivacyPolicyPage',
  ),
  'terms-of-service-page': lazyComponent(
    () => import('./routes/terms-of-service-page'),
    'TermsOfServicePage',
  ),
  'api-reference-page': lazyComponent(
    () => import('./routes/api-reference-page'),
    'ApiReferencePage',
  ),
  'unsubscribe-page': lazyComponent(() => import('./routes/unsubscribe-page'), 'UnsubscribePage'),
  'not-found-page': lazyComponent(() => import('./routes/not-found-page'), 'NotFoundPage'),
};

type PageAt = {
  page: Page;
  /** Behind ProtectedRoute: only a signed-in user sees it, inside the shell. */
  isSignedInPage: boolean;
  /**
   * The reads the page makes as it first renders through the shared cache (their query keys,
   * each answered by the default query function), so a signed-in user's data can be asked for
   * while the page's code downloads; a page's own queries are left to it (`ownQueries`).
   */
  data: QueryKey[];
};

/**
 * The page each path opens (redirects followed) and its first reads, from the contract's table,
 * so that its code and data can be fetched before the page first renders (first-screen.ts).
 */
export function pageAt(path: string): PageAt {
  const { module, isSignedInPage } = pageAtPath(path);
  return {
    page: PAGE_COMPONENTS[module],
    isSignedInPage,
    data: firstReadsToWarm(path).map(pathToQueryKey),
  };
}

/** What a path of the table shows, behind its guard. */
function PageBehindGuard({ guard, module, props, redirectTo }: PageEntry) {
  const Page = PAGE_COMPONENTS[module];
  switch (guard) {
    case 'redirect':
      return <Redirect to={redirectTo ?? '/'} replace />;
    case 'signed-in':
      return (
        <ProtectedRoute>
          <Page {...props} />
        </ProtectedRoute>
      );
    case 'public-only':
      return (
        <PublicOnly>
          <Page {...props} />
        </PublicOnly>
      );
    case 'open':
      return <Page {...props} />;
  }
}

const NotFoundPage = PAGE_COMPONENTS[NOT_FOUND_PAGE];

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {/* `/` never reaches the router: the app's root shows the landing page on its own. */}
        {PAGES.map((entry) => (
          <Route key={entry.pattern} path={entry.pattern}>
            <PageBehindGuard {...entry} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
