/**
 * The Sign Up tab of /auth (000 §2, §5): first and last name, e-mail, password and its
 * confirmation, validated on submit and again on every change afterwards. A field message the
 * server answers (a taken e-mail, D11) shows under its field too.
 */
import type { RegisterForm as RegisterFormValues, User } from '@contract/accounts';
import { registerFormSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/form-field';
import { useForm } from 'react-hook-form';
import { useRegister } from '../api/register';
import { OrDivider, SsoButton } from './sso-button';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm({ onSignedIn }: { onSignedIn?: (user: User) => void }) {
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const registration = useRegister({
    ...(onSignedIn ? { onSignedIn } : {}),
    onFieldErrors: (fieldErrors) => {
      for (const field of FIELDS) {
        const message = fieldErrors[field];
        if (message) form.setError(field, { type: 'server', message });
      }
    },
  });
  const { errors } = form.formState;

  return (
    <div className="grid gap-5">
      <form
        noValidate
        aria-label="Create account"
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...details }) =>
          registration.mutate(details),
        )}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="register-first-name"
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <InputField
            id="register-last-name"
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <InputField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <InputField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...form.register('password', { deps: ['confirmPassword'] })}
        />
        <InputField
          id="register-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="mt-1 w-full" disabled={registration.isPending}>
          {registration.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <OrDivider />
      <SsoButton>More Sign-Up Options</SsoButton>
    </div>
  );
}
