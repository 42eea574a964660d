/** `/account`: Account Settings (000 §2). Protected, so a user is always there. */

import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/features/accounts/api/get-user';
import { AccountSettings } from '@web/features/accounts/components/account-settings';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePageTitle } from '@web/lib/page-title';
import { Bell } from 'lucide-react';
import { Suspense } from 'react';
import { useLocation } from 'wouter';

/** Loaded when its tab is first opened: the page's first load carries only its own sections. */
const NotificationSettings = lazyComponent(
  () => import('@web/features/notifications/components/notification-settings'),
  'NotificationSettings',
);
/** Restore, imports and their undo, in Data: loaded when that tab is first opened. */
const ImportSettings = lazyComponent(
  () => import('@web/features/imports/components/import-settings'),
  'ImportSettings',
);
/** The calendar feed's link, in the same tab (decision 054): reminders that come to you. */
const CalendarSettings = lazyComponent(
  () => import('@web/features/notifications/components/calendar-settings'),
  'CalendarSettings',
);

export function AccountPage() {
  usePageTitle('Account Settings');
  const { user } = useUser();
  const [, navigate] = useLocation();
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-col gap-1 md:mb-8">
        <h1 className="text-2xl font-bold tracking-tight">Account Settings</h1>
        <p className="text-sm text-muted-foreground">
          Manage your profile, your sign-in security, your plan, your units, your data and your
          notifications.
        </p>
      </header>
      <AccountSettings
        user={user}
        onSignedOut={() => navigate('/auth', { replace: true })}
        onDeleted={() => navigate('/', { replace: true })}
        dataSections={
          <Suspense
            fallback={
              <div role="status" aria-label="Loading your imports">
                <Skeleton className="h-64 w-full" />
              </div>
            }
          >
            <ImportSettings />
          </Suspense>
        }
        addedSections={[
          {
            value: 'notifications',
            label: 'Notifications',
            shortLabel: 'Alerts',
            icon: Bell,
            content: (
              <Suspense
                fallback={
                  <div role="status" aria-label="Loading your notification settings">
                    <Skeleton className="h-96 w-full" />
                  </div>
                }
              >
                <div className="grid gap-6">
                  <NotificationSettings />
                  <CalendarSettings />
                </div>
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
