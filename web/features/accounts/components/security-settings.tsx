/**
 * Account Settings › Security (000 §2, D10, D43): a Change Password form for accounts with a
 * password, or the sign-in provider's card for externally managed ones; a Sign Out card for both.
 */
import type { PasswordChangeForm, User } from '@contract/accounts';
import { passwordChangeFormSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { InputField } from '@web/components/ui/form-field';
import { formatDate } from '@web/lib/format';
import { useSiteInfo } from '@web/lib/site-info';
import { ExternalLink, LogOut, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '../api/change-password';
import { useLogout } from '../api/logout';

const EMPTY_PASSWORDS: PasswordChangeForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

function ChangePasswordCard() {
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_PASSWORDS,
  });
  const change = useChangePassword({ onChanged: () => form.reset(EMPTY_PASSWORDS) });
  // A link out of the page asks before typed input goes (decision 038).
  const { discardQuestion } = useDiscardQuestion(form.formState.isDirty && !change.isPending);
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          Use at least 8 characters. Other devices signed in to your account will be signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Change password"
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
            change.mutate({ currentPassword, newPassword }),
          )}
        >
          <InputField
            id="current-password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <InputField
            id="new-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword', { deps: ['confirmPassword'] })}
          />
          <InputField
            id="confirm-new-password"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <div className="flex justify-end pt-1">
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              {change.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
          {discardQuestion}
        </form>
      </CardContent>
    </Card>
  );
}

function ProviderCard({ user }: { user: User }) {
  const accountUrl = useSiteInfo().data?.oidcAccountUrl ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Authentication Provider</CardTitle>
        <CardDescription>You sign in to Garage Ledger with single sign-on.</CardDescription>
        <CardAction>
          <Badge variant="success">Active</Badge>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/50 p-4">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-medium">Last login: {formatDate(user.lastLoginAt ?? new Date())}</p>
            <p className="text-muted-foreground">
              Password management is handled by your authentication provider. Change your password
              or security settings in your provider account.
            </p>
          </div>
        </div>
        {accountUrl && (
          <Button asChild variant="outline" className="w-full sm:w-fit">
            <a href={accountUrl} target="_blank" rel="noopener noreferrer">
              Manage Provider Account
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function SignOutCard({ onSignedOut }: { onSignedOut: () => void }) {
  const logout = useLogout();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign Out</CardTitle>
        <CardDescription>Sign out of Garage Ledger on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: onSignedOut })}
        >
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </CardContent>
    </Card>
  );
}

export function SecuritySettings({ user, onSignedOut }: { user: User; onSignedOut: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      {user.authType === 'oidc' ? <ProviderCard user={user} /> : <ChangePasswordCard />}
      <SignOutCard onSignedOut={onSignedOut} />
    </div>
  );
}
