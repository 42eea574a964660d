/**
 * Account Settings › Profile (000 §2, D44): the first and last name and the e-mail, with Save
 * Changes, the theme (decision 035), and the read-only Account Information block (account ID
 * and creation date, D4).
 */
import type { ProfileInput, User } from '@contract/accounts';
import { profileSchema } from '@contract/schemas/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { InputField } from '@web/components/ui/form-field';
import { formatDate } from '@web/lib/format';
import type { ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useUpdateProfile } from '../api/update-profile';
import { AppearanceSettings } from './appearance-settings';

type ProfileFormValues = { firstName: string; lastName: string; email: string };

const NAME_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

const valuesOf = (user: User): ProfileFormValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
});

/**
 * What the form sends: a name the account never had (a single sign-on account may come without
 * one) and that is still blank is left out, so changing the e-mail never demands a name.
 */
function payloadOf(values: ProfileFormValues, user: User): ProfileInput {
  const keep = (name: string, stored: string | null) => name.trim() !== '' || stored !== null;
  return {
    email: values.email,
    ...(keep(values.firstName, user.firstName) ? { firstName: values.firstName } : {}),
    ...(keep(values.lastName, user.lastName) ? { lastName: values.lastName } : {}),
  };
}

function ProfileForm({ user }: { user: User }) {
  const checkPayload = zodResolver(profileSchema);
  // The contract's schema judges what will be sent, with its messages on the same fields (the
  // payload's fields are the form's, some perhaps left out, hence the options' cast).
  const resolver: Resolver<ProfileFormValues> = async (values, context, options) => {
    const result = await checkPayload(payloadOf(values, user), context, options as never);
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: result.errors }
      : { values, errors: {} };
  };
  const form = useForm<ProfileFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: valuesOf(user),
  });
  const update = useUpdateProfile({ onUpdated: (next) => form.reset(valuesOf(next)) });
  // A link out of the page asks before typed input goes (decision 038).
  const { discardQuestion } = useDiscardQuestion(form.formState.isDirty && !update.isPending);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>
          Your name, and the email address you sign in with and hear from us at.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Profile"
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => update.mutate(payloadOf(values, user)))}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {NAME_FIELDS.map(({ name, label, autoComplete }) => (
              <InputField
                key={name}
                id={`profile-${name}`}
                label={label}
                autoComplete={autoComplete}
                error={form.formState.errors[name]?.message}
                {...form.register(name)}
              />
            ))}
          </div>
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
            <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
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
      <AppearanceSettings user={user} />
      <AccountInformation user={user} />
    </div>
  );
}
