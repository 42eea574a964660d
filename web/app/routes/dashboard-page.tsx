/**
 * `/dashboard` and `/home` (000 §2, D24, D42): the welcome line for now; the summary tiles and
 * lists arrive with their own work.
 */
import { displayName } from '@contract/accounts';
import { useUser } from '@web/features/accounts/api/get-user';
import { usePageTitle } from '@web/lib/page-title';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useUser();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">
          {user ? `Welcome, ${displayName(user)}` : 'Welcome'}
        </h1>
        <p className="text-sm text-muted-foreground">
          Here&apos;s what is happening in your garage.
        </p>
      </div>
    </div>
  );
}
