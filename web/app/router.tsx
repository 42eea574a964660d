/**
 * The route table of 000 §2. Routes whose feature has not landed yet fall through to the 404 page
 * (D42) rather than showing a mock-up.
 */
import { Route, Switch } from 'wouter';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';

export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
