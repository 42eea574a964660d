/**
 * D37: an advanced analytics panel on the free plan: its title and what it would show, marked
 * Premium, with the way to the upgrade prompt instead of the data.
 */
import { EXPENSES_TEXTS } from '@contract/expenses';
import { UPGRADE_DIALOG } from '@contract/subscription';
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
import { Lock, Sparkles } from 'lucide-react';
import { useId } from 'react';

export function LockedPanel({
  title,
  text,
  onUpgrade,
}: {
  title: string;
  text: string;
  onUpgrade: () => void;
}) {
  const titleId = useId();
  return (
    <Card
      className="min-w-0 gap-4"
      role="region"
      aria-labelledby={titleId}
      data-testid="locked-panel"
    >
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{text}</CardDescription>
        <CardAction>
          <Badge variant="pill" className="gap-1">
            <Lock className="size-3" aria-hidden />
            {EXPENSES_TEXTS.premium}
          </Badge>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3 rounded-lg">
        <p className="text-sm text-muted-foreground">{EXPENSES_TEXTS.upgradeToSee}</p>
        <Button onClick={onUpgrade}>
          <Sparkles aria-hidden />
          {UPGRADE_DIALOG.title}
        </Button>
      </CardContent>
    </Card>
  );
}
