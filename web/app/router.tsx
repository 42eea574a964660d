/**
 * The route table of 000 §2. Every page is loaded lazily (convention 11): signed-out visitors
 * download only the public pages, signed-in users only the app's. Routes whose feature has not
 * landed yet fall through to the 404 page (D42) rather than showing a mock-up.
 */

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
};

const signedIn = (page: PageAt['page']): PageAt => ({ page, isSignedInPage: true });
const open = (page: PageAt['page']): PageAt => ({ page, isSignedInPage: false });

/**
 * The page each path opens (the routes below, redirects followed), so that its code can be
 * fetched before the page first renders (signed-in-app.tsx).
 */
const PAGES: [pattern: string, PageAt][] = [
  ['/auth', open(AuthPage)],
  ['/dashboard', signedIn(DashboardPage)],
  ['/home', signedIn(DashboardPage)],
  ['/account', signedIn(AccountPage)],
  ['/vehicles', signedIn(VehiclesPage)],
  ['/vehicles/:id', signedIn(VehicleDetailPage)],
  ['/vehicles/:id/edit', signedIn(VehicleEditPage)],
  ['/records', signedIn(RecordsPage)],
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
  const found = PAGES.find(([pattern]) =>
    new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path),
  );
  return found ? found[1] : open(NotFoundPage);
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
