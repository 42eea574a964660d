/**
 * The route table of 000 §2. Routes whose feature has not landed yet fall through to the 404 page
 * (D42) rather than showing a mock-up.
 */
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from './protected-route';
import { AccountPage } from './routes/account-page';
import { AuthPage } from './routes/auth-page';
import { DashboardPage } from './routes/dashboard-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';
import { PrivacyPolicyPage } from './routes/privacy-policy-page';
import { PublicOnly } from './routes/public-only';
import { TermsOfServicePage } from './routes/terms-of-service-page';

export function AppRouter() {
  return (
    <Switch>
      <Route path="/">
        <PublicOnly>
          <LandingPage />
        </PublicOnly>
      </Route>
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
      <Route path="/privacy-policy" component={PrivacyPolicyPage} />
      <Route path="/terms-of-service" component={TermsOfServicePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
