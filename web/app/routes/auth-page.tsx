/**
 * `/auth`: sign in or create an account (000 §2). The Sign Up tab opens when the address says
 * `signup=true` or `tab=register`; on wide screens the brand panel sits beside the forms.
 */
import { AUTH_HEADINGS } from '@contract/page-headings';
import { Logo } from '@web/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AuthSidePanel } from '@web/features/accounts/components/auth-side-panel';
import { LoginForm } from '@web/features/accounts/components/login-form';
import { RegisterForm } from '@web/features/accounts/components/register-form';
import { useSsoErrorToast } from '@web/features/accounts/hooks/use-sso-error-toast';
import { usePageTitle } from '@web/lib/page-title';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';

type AuthTab = 'login' | 'register';

function tabFromSearch(search: string): AuthTab {
  const params = new URLSearchParams(search);
  return params.get('signup') === 'true' || params.get('tab') === 'register' ? 'register' : 'login';
}

/** One tab of /auth: its heading, its form, and a link over to the other tab. */
function AuthTabPanel(props: {
  value: AuthTab;
  heading: string;
  description: string;
  form: ReactNode;
  switchPrompt: string;
  switchLabel: string;
  onSwitch: () => void;
}) {
  return (
    <TabsContent value={props.value} className="mt-2">
      <Card className="gap-6">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{props.heading}</h1>
          <CardDescription>{props.description}</CardDescription>
        </CardHeader>
        <CardContent>{props.form}</CardContent>
      </Card>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {props.switchPrompt}{' '}
        <button
          type="button"
          className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
          onClick={props.onSwitch}
        >
          {props.switchLabel}
        </button>
      </p>
    </TabsContent>
  );
}

export function AuthPage() {
  usePageTitle('Sign In');
  useSsoErrorToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<AuthTab>(() => tabFromSearch(search));

  // A link to /auth?tab=register followed while already here switches the tab too.
  useEffect(() => {
    setTab(tabFromSearch(search));
  }, [search]);

  const goToDashboard = () => {
    if (window.location.pathname !== '/dashboard') navigate('/dashboard');
  };

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-2">
      <div className="flex flex-col px-4 py-6 sm:px-8 lg:px-12">
        <header>
          <Link href="/" aria-label="Garage Ledger home" className="inline-flex rounded-md">
            <Logo />
          </Link>
        </header>
        <main className="flex flex-1 items-start justify-center py-8 sm:items-center sm:py-12">
          <div className="flex w-full max-w-md flex-col gap-6">
            <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Sign Up</TabsTrigger>
              </TabsList>
              <AuthTabPanel
                value="login"
                heading={AUTH_HEADINGS.login.title}
                description={AUTH_HEADINGS.login.description}
                form={<LoginForm onSignedIn={goToDashboard} />}
                switchPrompt="New to Garage Ledger?"
                switchLabel="Create an account"
                onSwitch={() => setTab('register')}
              />
              <AuthTabPanel
                value="register"
                heading={AUTH_HEADINGS.register.title}
                description={AUTH_HEADINGS.register.description}
                form={<RegisterForm onSignedIn={goToDashboard} />}
                switchPrompt="Already have an account?"
                switchLabel="Sign in"
                onSwitch={() => setTab('login')}
              />
            </Tabs>
            <p className="text-center text-xs text-muted-foreground text-pretty">
              By continuing you agree to our{' '}
              <Link
                href="/terms-of-service"
                className="underline underline-offset-4 hover:text-foreground"
              >
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link
                href="/privacy-policy"
                className="underline underline-offset-4 hover:text-foreground"
              >
                Privacy Policy
              </Link>
              .
            </p>
          </div>
        </main>
      </div>
      <AuthSidePanel />
    </div>
  );
}
