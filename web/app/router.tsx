/**
 * The route table of 000 §2. Every page is loaded lazily (convention 11): signed-out visitors
 * download only the public pages, signed-in users only the app's. Routes whose feature has not
 * landed yet fall through to the 404 page (D42) rather than showing a mock-up.
 */
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { lazyPage, PageLoading } from './lazy-page';
import { ProtectedRoute } from './protected-route';
import { PublicOnly } from './routes/public-only';

const AuthPage = lazyPage(() => import('./routes/auth-page'), 'AuthPage');
const DashboardPage = lazyPage(() => import('./routes/dashboard-page'), 'DashboardPage');
const AccountPage = lazyPage(() => import('./routes/account-page'), 'AccountPage');
const VehiclesPage = lazyPage(() => import('./routes/vehicles-page'), 'VehiclesPage');
const VehicleDetailPage = lazyPage(
  () => import('./routes/vehicle-detail-page'),
  'VehicleDetailPage',
);
const VehicleEditPage = lazyPage(() => import('./routes/vehicle-edit-page'), 'VehicleEditPage');
const RecordsPage = lazyPage(() => import('./routes/records-page'), 'RecordsPage');
const ExpensesPage = lazyPage(() => import('./routes/expenses-page'), 'ExpensesPage');
const RecordsFixedPage = lazyPage(() => import('./routes/records-fixed-page'), 'RecordsFixedPage');
const DebugMaintenancePage = lazyPage(
  () => import('./routes/debug-maintenance-page'),
  'DebugMaintenancePage',
);
const PrivacyPolicyPage = lazyPage(
  () => import('./routes/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const TermsOfServicePage = lazyPage(
  () => import('./routes/terms-of-service-page'),
  'TermsOfServicePage',
);
const ApiReferencePage = lazyPage(() => import('./routes/api-reference-page'), 'ApiReferencePage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');

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
