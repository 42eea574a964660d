/**
 * The Login tab of /auth (000 §2, §5): e-mail and password, validated on submit and again on
 * every change afterwards; 'Signing in...' while the call runs.
 */
import type { LoginInput, User } from '@contract/accounts';
import { loginSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/form-field';
import { useForm } from 'react-hook-form';
import { useLogin } from '../api/login';
import { OrDivider, SsoButton } from './sso-button';

export function LoginForm({ onSignedIn }: { onSignedIn?: (user: User) => void }) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const login = useLogin(onSignedIn ? { onSignedIn } : {});
  const { errors } = form.formState;

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
          {...form.register('password')}
        />
        <Button type="submit" className="mt-1 w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <OrDivider />
      <SsoButton>More Sign-In Options</SsoButton>
    </div>
  );
}
