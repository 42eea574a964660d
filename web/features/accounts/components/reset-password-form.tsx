/**
 * The form a reset link opens (decision 054): the new password twice, held to the rules of a
 * password change. A link the server refuses (invalid, used or expired) shows its message and
 * the way to ask for a new one.
 */
import { PASSWORD_RESET_MESSAGES, type PasswordResetForm } from '@contract/accounts';
import { passwordResetFormSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useResetPassword } from '../api/reset-password';

/** /auth with the reset request open: where a refused link sends the user. */
const ASK_AGAIN_PATH = '/auth?reset=request';

/** The message of a link that cannot work, and the way to a new one. */
export function InvalidResetLink({ message }: { message: string }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
      <p className="flex items-start gap-2 font-medium text-destructive">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{message}</span>
      </p>
      <Link
        href={ASK_AGAIN_PATH}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        Ask for a new reset link
      </Link>
    </div>
  );
}

export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const form = useForm<PasswordResetForm>({
    resolver: zodResolver(passwordResetFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword({ onReset });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Choose a new password"
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
    >
      <InputField
        id="reset-new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password', { deps: ['confirmPassword'] })}
      />
      <InputField
        id="reset-confirm-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {reset.isError && (
        <InvalidResetLink
          message={errorMessage(reset.error, PASSWORD_RESET_MESSAGES.invalidLink)}
        />
      )}
      <Button type="submit" className="mt-1 w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save New Password'}
      </Button>
    </form>
  );
}
