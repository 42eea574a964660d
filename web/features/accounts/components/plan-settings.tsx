/**
 * Account Settings › Plan (001 §1, D12, D13, D36): the user's plan, what it allows and uses
 * (with the storage its files take, decision 041), when Premium's paid period ends, and the way
 * to upgrade (the shared upgrade dialog, loaded when asked for). On a server without plan
 * limits everything is included.
 */
import { type SubscriptionStatus, UPGRADE_DIALOG } from '@contract/subscription';
import { formatStorageSize } from '@contract/uploads';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/class-names';
import { formatDate } from '@web/lib/format';
import { lazyComponent } from '@web/lib/lazy-component';
import { useSubscriptionStatus } from '@web/lib/subscription-status';
import { Check, Sparkles } from 'lucide-react';
import { Suspense, useState } from 'react';

const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

function usage(count: number, limit: number | null, noun: string): string {
  const plural = (n: number) => `${n} ${n === 1 ? noun : `${noun}s`}`;
  return limit === null ? `${plural(count)} · unlimited` : `${count} of ${plural(limit)}`;
}

/** A server without plan limits sells nothing (docs/decisions/034): no price, no support tier. */
const NO_LIMITS = {
  badge: 'All included',
  text: 'This server has no plan limits: everything is included.',
  features: ['Unlimited vehicles', 'Unlimited records', 'Advanced analytics'],
} as const;

function periodText(status: SubscriptionStatus, isUnlimited: boolean): string {
  if (status.plan !== 'premium') return isUnlimited ? NO_LIMITS.text : UPGRADE_DIALOG.free.price;
  return status.expiresAt
    ? `${UPGRADE_DIALOG.premium.price} · paid through ${formatDate(status.expiresAt)}`
    : `${UPGRADE_DIALOG.premium.price} · active`;
}

/** From this share of the quota on, the bar warns. */
const STORAGE_WARNING_PERCENT = 90;

/** Decision 041: 'Storage: 12.4 MB of 250 MB used', with a bar. */
function StorageUse({ storage }: { storage: SubscriptionStatus['storage'] }) {
  const percent = Math.min(100, (storage.usedBytes / storage.quotaBytes) * 100);
  const text = `${formatStorageSize(storage.usedBytes)} of ${formatStorageSize(storage.quotaBytes)} used`;
  return (
    <div className="grid gap-1.5 rounded-lg bg-muted/60 px-3 py-2 sm:col-span-2">
      <dt className="text-xs text-muted-foreground">Storage</dt>
      <dd className="grid gap-1.5">
        <span className="text-sm font-medium tabular-nums" data-testid="plan-storage">
          {text}
        </span>
        <div
          role="progressbar"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={text}
          className="h-1.5 overflow-hidden rounded-full bg-foreground/10"
        >
          <div
            className={cn(
              'h-full rounded-full',
              percent >= STORAGE_WARNING_PERCENT ? 'bg-destructive' : 'bg-primary',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      </dd>
    </div>
  );
}

export function PlanSettings() {
  const { status, isLoading } = useSubscriptionStatus();
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);

  if (isLoading) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (!status) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Plan</CardTitle>
          <CardDescription role="alert">
            Your plan could not be loaded. Please try again later.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const isPremium = status.plan === 'premium';
  const isUnlimited = status.limits.vehicles === null && status.limits.records === null;
  const hasNoLimits = !isPremium && isUnlimited;
  const plan = isPremium ? UPGRADE_DIALOG.premium : UPGRADE_DIALOG.free;
  const features = hasNoLimits ? NO_LIMITS.features : UPGRADE_DIALOG.premium.features;

  return (
    <Card data-testid="plan-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Plan
          <Badge variant={isPremium ? 'default' : 'secondary'}>
            {hasNoLimits ? NO_LIMITS.badge : plan.name}
          </Badge>
        </CardTitle>
        <CardDescription data-testid="plan-period">
          {periodText(status, isUnlimited)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">Vehicles</dt>
            <dd className="text-sm font-medium tabular-nums" data-testid="plan-vehicles">
              {usage(status.vehicleCount, status.limits.vehicles, 'vehicle')}
            </dd>
          </div>
          <div className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">Records</dt>
            <dd className="text-sm font-medium tabular-nums" data-testid="plan-records">
              {usage(status.recordCount, status.limits.records, 'record')}
            </dd>
          </div>
          <StorageUse storage={status.storage} />
        </dl>
        {isPremium || isUnlimited ? (
          <ul className="grid gap-2 text-sm">
            {features.map((feature) => (
              <li key={feature} className="flex items-center gap-2.5">
                <Check className="size-4 shrink-0 text-primary" aria-hidden />
                {feature}
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid gap-3 rounded-xl border border-primary/30 bg-primary-soft/40 p-4">
            <p className="text-sm">
              Premium adds unlimited vehicles and records, priority support and advanced analytics
              for {UPGRADE_DIALOG.premium.price}.
            </p>
            <Button
              className="w-full sm:w-auto sm:justify-self-start"
              onClick={() => setIsUpgradeOpen(true)}
            >
              <Sparkles aria-hidden />
              Upgrade to Premium
            </Button>
          </div>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {isUpgradeOpen && <UpgradeDialog open onOpenChange={setIsUpgradeOpen} />}
      </Suspense>
    </Card>
  );
}
