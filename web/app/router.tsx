/**
 * The route table of 000 §2. Every page is loaded lazily (convention 11): signed-out visitors
 * download only the public pages, signed-in users only the app's. Routes whose feature has not
 * landed yet fall through to the 404 page (D42) rather than showing a mock-up.
 */

import { type PageModule, pageAtPath } from '@contract/pages';
import type { QueryKey } from '@tanstack/react-query';
import { pathToQueryKey } from '@web/lib/api-client';
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

type Page = { preload: () => Promise<void> };

/** Each page module's component: a module added to the contract's table needs one here. */
const PAGE_COMPONENTS: Record<PageModule, Page> = {
  'auth-page': AuthPage,
  'dashboard-page': DashboardPage,
  'account-page': AccountPage,
  'vehicles-page': VehiclesPage,
  'vehicle-detail-page': VehicleDetailPage,
  'vehicle-edit-page': VehicleEditPage,
  'records-page': RecordsPage,
  'expenses-page': ExpensesPage,
  'records-fixed-page': RecordsFixedPage,
  'debug-maintenance-page': DebugMaintenancePage,
  'privacy-policy-page': PrivacyPolicyPage,
  'terms-of-service-page': TermsOfServicePage,
  'api-reference-page': ApiReferencePage,
  'not-found-page': NotFoundPage,
};

type PageAt = {
  page: Page;
  /** Behind ProtectedRoute: only a signed-in user sees it, inside the shell. */
  isSignedInPage: boolean;
  /**
   * The reads the page makes as it first renders (their query keys, each answered by the
   * default query function), so a signed-in user's data can be asked for while the page's code
   * downloads.
   */
  data: QueryKey[];
};

/**
 * The page each path opens (the routes below, redirects followed) and its first reads, from the
 * contract's table, so that its code and data can be fetched before the page first renders
 * (signed-in-app.tsx).
 */
export function pageAt(path: string): PageAt {
  const { module, isSignedInPage, firstReads } = pageAtPath(path);
  return {
    page: PAGE_COMPONENTS[module],
    isSignedInPage,
    data: firstReads.map(pathToQueryKey),
  };
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
