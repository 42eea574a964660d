/**
 * Amounts of the file in another currency than the user's: a rate to convert them (exactly, on
 * the server), or the figures kept as they are; never relabelled without a word. Until one is
 * chosen for each currency, Import waits.
 */
import { type ImportPreview, IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { currencyRateSchema } from '@contract/schemas/imports';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/class-names';
import { Check, Coins, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

type Foreign = ImportPreview['foreignCurrencies'][number];

function CurrencyChoice({
  foreign,
  currency,
  disabled,
  onChoose,
}: {
  foreign: Foreign;
  currency: string;
  disabled: boolean;
  onChoose: (code: string, rate: string) => void;
}) {
  const id = useId();
  const [rate, setRate] = useState(
    foreign.rate !== null && foreign.rate !== 'keep' ? foreign.rate : '',
  );
  const [error, setError] = useState<string | null>(null);
  const isOpen = foreign.rate === null;

  const convert = (event: FormEvent) => {
    event.preventDefault();
    const parsed = currencyRateSchema.safeParse(rate.trim());
    if (!parsed.success || parsed.data === 'keep') {
      setError(parsed.success ? TEXTS.failed : (parsed.error.issues[0]?.message ?? TEXTS.failed));
      return;
    }
    setError(null);
    onChoose(foreign.currency, parsed.data);
  };

  return (
    <form
      onSubmit={convert}
      data-testid="import-currency"
      data-needs-choice={isOpen ? '' : undefined}
      className={cn(
        'grid gap-3 rounded-lg border p-4 text-sm',
        isOpen ? 'border-warn bg-warn-soft/60' : 'border-border',
      )}
    >
      <p className="flex gap-2 font-medium">
        {isOpen ? (
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden="true" />
        ) : (
          <Coins className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        {TEXTS.currencyAsk(foreign.currency, currency)}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{TEXTS.rateLabel(foreign.currency, currency)}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            value={rate}
            inputMode="decimal"
            placeholder="0.92"
            onChange={(event) => setRate(event.target.value)}
            disabled={disabled}
            aria-invalid={error !== null ? true : undefined}
            className="sm:w-36"
          />
          <Button type="submit" variant="outline" disabled={disabled}>
            {TEXTS.convert}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={disabled}
            onClick={() => onChoose(foreign.currency, 'keep')}
          >
            {TEXTS.keepFigures}
          </Button>
        </div>
      </div>
      {error && (
        <p role="alert" className="font-medium text-destructive">
          {error}
        </p>
      )}
      {foreign.rate !== null && (
        <p className="flex gap-2 text-muted-foreground" data-testid="import-currency-chosen">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {foreign.rate === 'keep'
            ? TEXTS.figuresKept(foreign.currency, currency)
            : TEXTS.rateChosen(foreign.currency, foreign.rate, currency)}
        </p>
      )}
    </form>
  );
}

export function ImportCurrency({
  preview,
  disabled,
  onChoose,
}: {
  preview: ImportPreview;
  disabled: boolean;
  onChoose: (code: string, rate: string) => void;
}) {
  return (
    <div className="grid gap-3">
      {preview.foreignCurrencies.map((foreign) => (
        <CurrencyChoice
          key={foreign.currency}
          foreign={foreign}
          currency={preview.currency}
          disabled={disabled}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}
