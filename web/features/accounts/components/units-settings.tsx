/**
 * Account Settings › Units (decision 050): distance, volume, the fuel economy and electric
 * formats, the currency and the time zone (decision 066), saved together with one toast. The
 * choices are native radio buttons as segmented rows (as Appearance), the currency and the zone
 * native selects: common codes first, then every code this browser can format. Figures already
 * logged are shown converted, never changed. When the device is in another zone than the saved
 * one, the page offers it; the zone changes only when the user takes it.
 */
import {
  DISTANCE_UNITS,
  ECONOMY_FORMATS,
  ELECTRIC_FORMATS,
  PREFERENCE_CHOICE_LABELS,
  type Preferences,
  TIME_ZONE_TEXTS,
  VOLUME_UNITS,
} from '@contract/units';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { Label } from '@web/components/ui/label';
import { SegmentedChoice } from '@web/components/ui/segmented-choice';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePreferences } from '@web/lib/preferences';
import { browserTimeZone } from '@web/lib/today';
import { useId, useMemo, useState } from 'react';
import { type PreferencesChange, useSavePreferences } from '../api/save-preferences';

type UnitValues = Required<PreferencesChange>;

/** The units of this page, each with its heading and its choices in order. */
const UNIT_FIELDS = [
  { name: 'distanceUnit', label: 'Distance', choices: DISTANCE_UNITS },
  { name: 'volumeUnit', label: 'Volume', choices: VOLUME_UNITS },
  { name: 'economyFormat', label: 'Fuel economy', choices: ECONOMY_FORMATS },
  { name: 'electricFormat', label: 'Electric efficiency', choices: ELECTRIC_FORMATS },
] as const;
type UnitField = (typeof UNIT_FIELDS)[number]['name'];

/** Offered first: the currencies most people keep their accounts in. */
const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'MXN',
  'BRL',
  'ZAR',
] as const;

const valuesOf = (preferences: Preferences): UnitValues => ({
  distanceUnit: preferences.distanceUnit,
  volumeUnit: preferences.volumeUnit,
  economyFormat: preferences.economyFormat,
  electricFormat: preferences.electricFormat,
  currency: preferences.currency,
  timeZone: preferences.timeZone,
});

/** The zones this browser knows, with the saved one whatever the list says ('UTC' is not in it). */
function timeZoneChoices(current: string): string[] {
  const supported =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ??
    [];
  return [...new Set([current, 'UTC', ...supported])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

/** "Your device is in X. Use it?": shown while the device's zone is not the saved one. */
function TimeZoneProposal({
  saved,
  isSaving,
  onAccept,
}: {
  saved: string;
  isSaving: boolean;
  onAccept: (zone: string) => void;
}) {
  const device = browserTimeZone();
  if (device === undefined || device === saved) return null;
  return (
    <div
      role="note"
      aria-label="Your device’s time zone"
      className="flex flex-col gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{TIME_ZONE_TEXTS.proposal(device)}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isSaving}
        onClick={() => onAccept(device)}
      >
        {TIME_ZONE_TEXTS.use(device)}
      </Button>
    </div>
  );
}

/** The currencies this browser can format, and the name of each ('EUR · Euro'). */
function currencyChoices(current: string) {
  const supported =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency') ??
    [];
  const names = new Intl.DisplayNames('en', { type: 'currency' });
  const label = (code: string) => `${code} · ${names.of(code) ?? code}`;
  const common = [
    ...new Set([current, ...COMMON_CURRENCIES.filter((code) => supported.includes(code))]),
  ];
  const others = supported.filter((code) => !common.includes(code));
  return {
    common: common.map((code) => ({ code, label: label(code) })),
    others: others.map((code) => ({ code, label: label(code) })),
  };
}

function UnitsForm({ preferences }: { preferences: Preferences }) {
  const saved = valuesOf(preferences);
  const [values, setValues] = useState<UnitValues>(saved);
  const save = useSavePreferences({ onSaved: (next) => setValues(valuesOf(next)) });
  const changed = (Object.keys(values) as (keyof UnitValues)[]).filter(
    (name) => values[name] !== saved[name],
  );
  const { discardQuestion } = useDiscardQuestion(changed.length > 0 && !save.isPending);
  const currencies = useMemo(() => currencyChoices(values.currency), [values.currency]);
  const timeZones = useMemo(() => timeZoneChoices(saved.timeZone), [saved.timeZone]);
  const baseId = useId();
  const choose = (name: UnitField, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <form
      noValidate
      aria-label="Units"
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed.length === 0) return;
        save.mutate(Object.fromEntries(changed.map((name) => [name, values[name]])));
      }}
    >
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-5">
        <legend className="sr-only">Units and currency</legend>
        {UNIT_FIELDS.map(({ name, label, choices }) => (
          <SegmentedChoice
            key={name}
            name={`${baseId}-${name}`}
            legend={label}
            choices={choices.map((choice) => ({
              value: choice,
              label: (PREFERENCE_CHOICE_LABELS[name] as Record<string, string>)[choice]!,
            }))}
            value={values[name]}
            onChange={(value) => choose(name, value)}
          />
        ))}
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-currency`}>Currency</Label>
          <select
            id={`${baseId}-currency`}
            value={values.currency}
            onChange={(event) =>
              setValues((current) => ({ ...current, currency: event.target.value }))
            }
            className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm text-foreground shadow-card outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 sm:w-72"
          >
            <optgroup label="Common">
              {currencies.common.map(({ code, label }) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </optgroup>
            {currencies.others.length > 0 && (
              <optgroup label="All currencies">
                {currencies.others.map(({ code, label }) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <p className="text-xs text-muted-foreground">
            Amounts are kept as you enter them; the currency is the sign shown beside them.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-time-zone`}>{TIME_ZONE_TEXTS.label}</Label>
          <select
            id={`${baseId}-time-zone`}
            value={values.timeZone}
            aria-describedby={`${baseId}-time-zone-help`}
            onChange={(event) =>
              setValues((current) => ({ ...current, timeZone: event.target.value }))
            }
            className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm text-foreground shadow-card outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 sm:w-72"
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <p id={`${baseId}-time-zone-help`} className="text-xs text-muted-foreground">
            {TIME_ZONE_TEXTS.help}
          </p>
          <TimeZoneProposal
            saved={saved.timeZone}
            isSaving={save.isPending}
            onAccept={(zone) => save.mutate({ timeZone: zone })}
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save Units'}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}

export function UnitsSettings() {
  const { preferences } = usePreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Units</CardTitle>
        <CardDescription>
          How distances, fuel, charging and money are shown. What you logged is shown converted,
          never changed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences ? (
          <UnitsForm preferences={preferences} />
        ) : (
          <div className="grid gap-5" role="status" aria-label="Loading your units">
            {UNIT_FIELDS.map(({ name }) => (
              <Skeleton key={name} className="h-16 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
