/**
 * `/reset-password?token=…`: where a password reset e-mail leads (decision 054). Open to anyone:
 * the link may be opened in a browser that is still signed in, and using it signs every device
 * out. Done, it goes to /auth to sign in with the new password.
 */
import { PASSWORD_RESET_MESSAGES } from '@contract/accounts';
import { Logo } from '@web/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { AuthSidePanel } from '@web/features/accounts/components/auth-side-panel';
import {
  InvalidResetLink,
  ResetPasswordForm,
} from '@web/features/accounts/components/reset-password-form';
import { usePageTitle } from '@web/lib/page-title';
import { Link, useLocation, useSearch } from 'wouter';

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-2">
      <div className="flex flex-col px-4 py-6 sm:px-8 lg:px-12">
        <header>
          <Link href="/" aria-label="Garage Ledger home" className="inline-flex rounded-md">
            <Logo />
          </Link>
        </header>
        <main className="flex flex-1 items-start justify-center py-8 sm:items-center sm:py-12">
          <Card className="w-full max-w-md gap-6">
            <CardHeader>
              <h1 className="text-2xl font-bold tracking-tight">Choose a New Password</h1>
              <CardDescription>
                Use at least 8 characters. Once it is saved, every device signed in to your account
                is signed out.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {token ? (
                <ResetPasswordForm token={token} onReset={() => navigate('/auth')} />
              ) : (
                <InvalidResetLink message={PASSWORD_RESET_MESSAGES.invalidLink} />
              )}
            </CardContent>
          </Card>
        </main>
      </div>
      <AuthSidePanel />
    </div>
  );
}
