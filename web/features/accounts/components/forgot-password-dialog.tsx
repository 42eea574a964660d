/**
 * 'Forgot password?' on the sign-in form (decision 054): a small dialog that asks for the
 * account's address, sends it, and then shows the server's answer, which reads the same whether
 * or not the address has an account. Shown only on a server that sends e-mail.
 */
import type { PasswordResetRequestInput } from '@contract/accounts';
import { passwordResetRequestSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { InputField } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the sign-in form's email field holds, to start from. */
  email: string;
}) {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email },
  });
  const setOpen = (next: boolean) => {
    if (request.isPending) return;
    onOpenChange(next);
  };
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <FormDialogContent
        title="Reset your password"
        description="Enter the email address of your account. We will send it a link to choose a new password."
        isBusy={request.isPending}
        className="max-w-md"
      >
        {request.isSuccess ? (
          <div className="grid gap-5">
            <p
              role="status"
              className="flex items-start gap-3 rounded-lg border border-border bg-muted/50 p-4 text-sm"
            >
              <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{request.data}</span>
            </p>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button className="w-full sm:w-auto">Done</Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form
            noValidate
            aria-label="Reset your password"
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => request.mutate(values))}
          >
            <InputField
              id="reset-email"
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              error={errors.email?.message}
              {...form.register('email')}
            />
            {request.isError && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errorMessage(request.error, 'The reset link could not be sent. Please try again.')}
              </p>
            )}
            <div
              data-slot="form-actions"
              className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
            >
              <DialogClose asChild>
                <Button variant="outline" disabled={request.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </div>
          </form>
        )}
      </FormDialogContent>
    </Dialog>
  );
}
