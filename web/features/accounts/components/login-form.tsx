/**
 * The Login tab of /auth (000 §2, §5): e-mail and password, validated on submit and again on
 * every change afterwards; 'Signing in...' while the call runs. On a server that sends e-mail,
 * 'Forgot password?' beside the password opens the reset request (decision 054), at once when
 * the address asks for it (`?reset=request`, the reset page's way back).
 */
import type { LoginInput, User } from '@contract/accounts';
import { loginSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/form-field';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { useSiteInfo } from '@web/lib/site-info';
import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import { useLogin } from '../api/login';
import { OrDivider, SsoButton } from './sso-button';

/** Loaded when asked for, so the sign-in page's first load carries no dialog code. */
const ForgotPasswordDialog = lazyComponent(
  () => import('./forgot-password-dialog'),
  'ForgotPasswordDialog',
);

export function LoginForm({ onSignedIn }: { onSignedIn?: (user: User) => void }) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const login = useLogin(onSignedIn ? { onSignedIn } : {});
  const { errors } = form.formState;
  const canResetPassword = useSiteInfo().data?.mailEnabled === true;
  const search = useSearch();
  const [isResetOpen, setIsResetOpen] = useState(
    () => new URLSearchParams(search).get('reset') === 'request',
  );

  return (
    <div className="grid gap-5">
      <form
        noValidate
        aria-label="Sign in"
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
      >
        <InputField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <InputField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            canResetPassword && (
              <button
                type="button"
                className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline"
                onPointerEnter={() => preloadAhead(ForgotPasswordDialog)}
                onFocus={() => preloadAhead(ForgotPasswordDialog)}
                onClick={() => setIsResetOpen(true)}
              >
                Forgot password?
              </button>
            )
          }
          {...form.register('password')}
        />
        <Button type="submit" className="mt-1 w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <OrDivider />
      <SsoButton>More Sign-In Options</SsoButton>
      {canResetPassword && isResetOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open
            onOpenChange={setIsResetOpen}
            email={form.getValues('email')}
          />
        </Suspense>
      )}
    </div>
  );
}
