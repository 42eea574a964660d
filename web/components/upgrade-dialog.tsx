/**
 * The upgrade prompt (001 §1, §4, D12): 'Upgrade to Premium', the Free plan against Premium, and
 * 'Upgrade Now' / 'Maybe Later'. Shown instead of an add form when the plan's limit is reached;
 * shared by the vehicle and record features.
 */
import { UPGRADE_DIALOG } from '@contract/subscription';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { cn } from '@web/lib/class-names';
import { browserUpgradeEnvironment, startUpgrade } from '@web/lib/start-upgrade';
import { useSubscriptionStatus } from '@web/lib/subscription-status';
import { Check, Sparkles } from 'lucide-react';

type Plan = (typeof UPGRADE_DIALOG)['free'] | (typeof UPGRADE_DIALOG)['premium'];

function PlanColumn({
  plan,
  isHighlighted,
  note,
}: {
  plan: Plan;
  isHighlighted: boolean;
  note?: string | undefined;
}) {
  return (
    <section
      aria-label={`${plan.name} plan`}
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-5',
        isHighlighted
          ? 'border-primary bg-primary-soft/50 ring-1 ring-primary'
          : 'border-border bg-muted/40',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold">{plan.name}</h3>
          <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{plan.price}</p>
        </div>
        {note && <Badge variant={isHighlighted ? 'default' : 'secondary'}>{note}</Badge>}
      </div>
      <ul className="grid gap-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2.5">
            <Check
              className={cn('size-4 shrink-0', isHighlighted ? 'text-primary' : 'text-success')}
              aria-hidden
            />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Replaces the default 'Upgrade Now' action. */
  onUpgrade?: () => void;
};

export function UpgradeDialog({ open, onOpenChange, onUpgrade }: UpgradeDialogProps) {
  const { status } = useSubscriptionStatus();
  const isFree = status?.plan !== 'premium';

  const upgrade = () => {
    if (onUpgrade) {
      onUpgrade();
      return;
    }
    void startUpgrade(
      status,
      browserUpgradeEnvironment((title) => toast({ title })),
    );
    // Closed either way: the payment page opens in its own tab, and a toast behind a modal
    // dialog would be hidden from screen readers.
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <div className="mx-auto mb-2 flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary sm:mx-0">
            <Sparkles className="size-5" aria-hidden />
          </div>
          <DialogTitle>{UPGRADE_DIALOG.title}</DialogTitle>
          <DialogDescription>{UPGRADE_DIALOG.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <PlanColumn
            plan={UPGRADE_DIALOG.free}
            isHighlighted={false}
            note={isFree ? 'Current plan' : undefined}
          />
          <PlanColumn plan={UPGRADE_DIALOG.premium} isHighlighted note="Recommended" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {UPGRADE_DIALOG.maybeLater}
          </Button>
          <Button onClick={upgrade}>
            <Sparkles aria-hidden />
            {UPGRADE_DIALOG.upgradeNow}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
