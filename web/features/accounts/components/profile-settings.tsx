/**
 * Account Settings › Profile (000 §2, D44): the e-mail, with Save Changes, and the read-only
 * Account Information block (account ID and creation date in the local date format).
 */
import type { ProfileInput, User } from '@contract/accounts';
import { profileSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { InputField } from '@web/components/ui/form-field';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateProfile } from '../api/update-profile';

function ProfileForm({ user }: { user: User }) {
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: user.email },
  });
  const update = useUpdateProfile({ onUpdated: (next) => form.reset({ email: next.email }) });
  // A link out of the page asks before typed input goes (decision 038).
  const { discardQuestion } = useDiscardQuestion(form.formState.isDirty && !update.isPending);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>The email address you sign in with and hear from us at.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Profile"
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => update.mutate(values))}
        >
          <InputField
            id="profile-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
          {discardQuestion}
        </form>
      </CardContent>
    </Card>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-all sm:text-right">{children}</dd>
    </div>
  );
}

function AccountInformation({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>Details of your account. They cannot be changed.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          <InfoRow label="Account ID">
            <span className="tabular-nums">{user.id}</span>
          </InfoRow>
          <InfoRow label="Username">{user.username}</InfoRow>
          {name && <InfoRow label="Name">{name}</InfoRow>}
          <InfoRow label="Sign-in method">
            {user.authType === 'oidc' ? 'Single sign-on provider' : 'Email and password'}
          </InfoRow>
          <InfoRow label="Account Created">
            <time dateTime={user.createdAt}>{new Date(user.createdAt).toLocaleDateString()}</time>
          </InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}

export function ProfileSettings({ user }: { user: User }) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileForm user={user} />
      <AccountInformation user={user} />
    </div>
  );
}
