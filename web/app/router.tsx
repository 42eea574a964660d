/**
 * The route table of 000 §2. Every page is loaded lazily (convention 11): signed-out visitors
 * download only the public pages, signed-in users only the app's. Routes whose feature has not
 * landed yet fall through to the 404 page (D42) rather than showing a mock-up.
 */

import type { QueryKey } from '@tanstack/react-query';
import { RECENT_ACTIVITY_QUERY_KEY } from '@web/features/dashboard/api/get-recent-activity';
import { RECORDS_QUERY_KEY } from '@web/features/records/api/get-records';
import { UPCOMING_MAINTENANCE_QUERY_KEY } from '@web/features/records/api/get-upcoming-maintenance';
import { VEHICLES_QUERY_KEY } from '@web/features/vehicles/api/get-vehicles';
import { parseRouteId } from '@web/features/vehicles/lib/route-id';
import { lazyComponent } from '@web/lib/lazy-component';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoading } from './lazy-page';
import { ProtectedRoute } from './protected-route';
import { PublicOnly } from './routes/public-only';

const AuthPage = lazyComponent(() => import('./routes/auth-page'), 'AuthPage');
const DashboardPage = lazyComponent(() => import('./routes/dashboard-page'), 'DashboardPage');
const AccountPage = lazyComponent(() => import('./routes/account-page'), 'AccountPage');
const VehiclesPage = lazyComponent(() => import('./routes/vehicles-page'), 'VehiclesPage');
const VehicleDetailPage = lazyComponent(
  () => import('./routes/vehicle-detail-page'),
  'VehicleDetailPage',
);
const VehicleEditPage = lazyComponent(
  () => import('./routes/vehicle-edit-page'),
  'VehicleEditPage',
);
const RecordsPage = lazyComponent(() => import('./routes/records-page'), 'RecordsPage');
const ExpensesPage = lazyComponent(() => import('./routes/expenses-page'), 'ExpensesPage');
const RecordsFixedPage = lazyComponent(
  () => import('./routes/records-fixed-page'),
  'RecordsFixedPage',
);
const DebugMaintenancePage = lazyComponent(
  () => import('./routes/debug-maintenance-page'),
  'DebugMaintenancePage',
);
const PrivacyPolicyPage = lazyComponent(
  () => import('./routes/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const TermsOfServicePage = lazyComponent(
  () => import('./routes/terms-of-service-page'),
  'TermsOfServicePage',
);
const ApiReferencePage = lazyComponent(
  () => import('./routes/api-reference-page'),
  'ApiReferencePage',
);
const NotFoundPage = lazyComponent(() => import('./routes/not-found-page'), 'NotFoundPage');

type PageAt = {
  page: { preload: () => Promise<void> };
  /** Behind ProtectedRoute: only a signed-in user sees it, inside the shell. */
  isSignedInPage: boolean;
  /**
   * The reads the page makes as it first renders (their query keys, each answered by the
   * default query function), so a signed-in user's data can be asked for while the page's code
   * downloads. A key the page does not read would be a wasted call: list only what it reads.
   */
  data: QueryKey[];
};

type Page = PageAt['page'];
/** A path's `:id`, when the pattern has one. */
type FirstScreenData = (id: string | undefined) => QueryKey[];

const signedIn = (page: Page, data: FirstScreenData = () => []) => ({
  page,
  isSignedInPage: true,
  data,
});
const open = (page: Page) => ({ page, isSignedInPage: false, data: () => [] });

/** A vehicle page's own reads; none for an id that is no vehicle id (the page says so). */
const vehicleData = (id: string | undefined): QueryKey[] => {
  const vehicleId = parseRouteId(id);
  if (vehicleId === null) return [];
  return [
    [...VEHICLES_QUERY_KEY, vehicleId],
    [...VEHICLES_QUERY_KEY, vehicleId, 'images'],
    UPCOMING_MAINTENANCE_QUERY_KEY,
    VEHICLES_QUERY_KEY,
  ];
};
const dashboardData = () => [
  VEHICLES_QUERY_KEY,
  UPCOMING_MAINTENANCE_QUERY_KEY,
  RECENT_ACTIVITY_QUERY_KEY,
];

/**
 * The page each path opens (the routes below, redirects followed), so that its code and its
 * first reads can be fetched before the page first renders (signed-in-app.tsx).
 */
const PAGES: [pattern: string, ReturnType<typeof signedIn>][] = [
  ['/auth', open(AuthPage)],
  ['/dashboard', signedIn(DashboardPage, dashboardData)],
  ['/home', signedIn(DashboardPage, dashboardData)],
  ['/account', signedIn(AccountPage)],
  ['/vehicles', signedIn(VehiclesPage, () => [VEHICLES_QUERY_KEY])],
  ['/vehicles/:id', signedIn(VehicleDetailPage, vehicleData)],
  ['/vehicles/:id/edit', signedIn(VehicleEditPage)],
  ['/records', signedIn(RecordsPage, () => [RECORDS_QUERY_KEY, VEHICLES_QUERY_KEY])],
  ['/documents', signedIn(RecordsPage)],
  ['/modifications', signedIn(RecordsPage)],
  ['/maintenance', signedIn(RecordsPage)],
  ['/expenses', signedIn(ExpensesPage)],
  ['/debug/maintenance', signedIn(DebugMaintenancePage)],
  ['/records-fixed', signedIn(RecordsFixedPage)],
  ['/raw-maintenance', signedIn(DebugMaintenancePage)],
  ['/direct-maintenance', signedIn(DebugMaintenancePage)],
  ['/privacy-policy', open(PrivacyPolicyPage)],
  ['/terms-of-service', open(TermsOfServicePage)],
  ['/api-reference', open(ApiReferencePage)],
];

export function pageAt(path: string): PageAt {
  for (const [pattern, found] of PAGES) {
    const match = new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(path);
    if (match) return { ...found, data: found.data(match[1]) };
  }
  return { page: NotFoundPage, isSignedInPage: false, data: [] };
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {/* `/` never reaches the router: the app's root shows the landing page on its own. */}
        <Route path="/auth">
          <PublicOnly>
            <AuthPage />
          </PublicOnly>
        </Route>
        <Route path="/dashboard">
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        </Route>
        {/* D24: /home shows the dashboard, and like it needs a signed-in user. */}
        <Route path="/home">
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        </Route>
        <Route path="/account">
          <ProtectedRoute>
            <AccountPage />
          </ProtectedRoute>
        </Route>
        <Route path="/vehicles">
          <ProtectedRoute>
            <VehiclesPage />
          </ProtectedRoute>
        </Route>
        <Route path="/vehicles/:id">
          <ProtectedRoute>
            <VehicleDetailPage />
          </ProtectedRoute>
        </Route>
        <Route path="/vehicles/:id/edit">
          <ProtectedRoute>
            <VehicleEditPage />
          </ProtectedRoute>
        </Route>
        <Route path="/records">
          <ProtectedRoute>
            <RecordsPage />
          </ProtectedRoute>
        </Route>
        {/* 001 §2, D27, D28: the legacy pages open their view inside /records. */}
        <Route path="/documents">
          <Redirect to="/records?type=document" replace />
        </Route>
        <Route path="/modifications">
          <Redirect to="/records?type=modification" replace />
        </Route>
        <Route path="/maintenance">
          <Redirect to="/records?type=maintenance" replace />
        </Route>
        <Route path="/expenses">
          <ProtectedRoute>
            <ExpensesPage />
          </ProtectedRoute>
        </Route>
        {/* D17: the debug pages show only the signed-in user's own data. */}
        <Route path="/debug/maintenance">
          <ProtectedRoute>
            <DebugMaintenancePage source="all" />
          </ProtectedRoute>
        </Route>
        <Route path="/records-fixed">
          <ProtectedRoute>
            <RecordsFixedPage />
          </ProtectedRoute>
        </Route>
        <Route path="/raw-maintenance">
          <ProtectedRoute>
            <DebugMaintenancePage source="raw" />
          </ProtectedRoute>
        </Route>
        <Route path="/direct-maintenance">
          <ProtectedRoute>
            <DebugMaintenancePage source="direct" />
          </ProtectedRoute>
        </Route>
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-of-service" component={TermsOfServicePage} />
        <Route path="/api-reference" component={ApiReferencePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
