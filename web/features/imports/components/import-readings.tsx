/**
 * How the preview reads the file: its decimal separator, its date order (with one of its dates as
 * read), its distance and volume units, each with the evidence the server found and a select to
 * change it. A reading the file leaves open is highlighted, says why, and shows no choice until
 * the user makes one: confirming it is choosing it.
 */
import {
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  DECIMAL_SEPARATOR_LABELS,
  DECIMAL_SEPARATORS,
  IMPORT_VOLUME_UNIT_LABELS,
  type ImportChoices,
  type ImportPreview,
  IMPORT_TEXTS as TEXTS,
} from '@contract/imports';
import { DISTANCE_UNITS, PREFERENCE_CHOICE_LABELS, QUANTITY_UNITS } from '@contract/units';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/class-names';
import { formatDate } from '@web/lib/format';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';

export type ReadingName = Exclude<
  keyof ImportChoices,
  'vehicles' | 'vehicleDetails' | 'currencyRates'
>;

type Judged = { value: string; evidence: string; certain: boolean };

type Reading = {
  name: ReadingName;
  label: string;
  choices: { value: string; label: string }[];
  judged: (preview: ImportPreview) => Judged;
};

const choicesOf = <Value extends string>(values: readonly Value[], labels: Record<Value, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const READINGS: readonly Reading[] = [
  {
    name: 'decimalSeparator',
    label: TEXTS.decimalSeparator,
    choices: choicesOf(DECIMAL_SEPARATORS, DECIMAL_SEPARATOR_LABELS),
    judged: (preview) => preview.decimalSeparator,
  },
  {
    name: 'dateFormat',
    label: TEXTS.dateFormat,
    choices: choicesOf(DATE_ORDERS, DATE_ORDER_LABELS),
    judged: (preview) => preview.dateFormat,
  },
  {
    name: 'distanceUnit',
    label: TEXTS.distanceUnit,
    choices: choicesOf(DISTANCE_UNITS, PREFERENCE_CHOICE_LABELS.distanceUnit),
    judged: (preview) => preview.units.distance,
  },
  {
    name: 'volumeUnit',
    label: TEXTS.volumeUnit,
    choices: choicesOf(QUANTITY_UNITS, IMPORT_VOLUME_UNIT_LABELS),
    judged: (preview) => preview.units.volume,
  },
];

/** "03/04/2024 is read as Apr 3, 2024", or, while the order is still to choose, the date alone. */
function dateExample(preview: ImportPreview, isOpen: boolean): string | null {
  const example = preview.dateFormat.example;
  if (!example) return null;
  if (isOpen) return TEXTS.dateWritten(example.written);
  return TEXTS.dateExample(example.written, formatDate(example.read, example.read));
}

function ReadingField({
  reading,
  preview,
  pendingValue,
  disabled,
  onChoose,
}: {
  reading: Reading;
  preview: ImportPreview;
  pendingValue: string | undefined;
  disabled: boolean;
  onChoose: (name: ReadingName, value: string) => void;
}) {
  const id = useId();
  const judged = reading.judged(preview);
  const isOpen = preview.needsChoice.includes(reading.name) && pendingValue === undefined;
  const example = reading.name === 'dateFormat' ? dateExample(preview, isOpen) : null;
  return (
    <div
      data-testid={`reading-${reading.name}`}
      data-needs-choice={isOpen ? '' : undefined}
      className={cn(
        'grid content-start gap-2 rounded-lg border p-4',
        isOpen ? 'border-warn bg-warn-soft/60' : 'border-border',
      )}
    >
      <Label htmlFor={id}>{reading.label}</Label>
      <ChoiceSelect
        id={id}
        choices={reading.choices}
        value={pendingValue ?? (isOpen ? '' : judged.value)}
        placeholder={TEXTS.choose}
        onValueChange={(value) => onChoose(reading.name, value)}
        disabled={disabled}
        aria-describedby={`${id}-about`}
        className="w-full"
      />
      <div id={`${id}-about`} className="grid gap-1 text-sm">
        {isOpen && (
          <p className="flex gap-2 font-medium">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden="true" />
            {TEXTS.needsChoice[reading.name]}
          </p>
        )}
        {example && <p>{example}</p>}
        <p className="text-muted-foreground">{judged.evidence}</p>
      </div>
    </div>
  );
}

export function ImportReadings({
  preview,
  pending,
  disabled,
  onChoose,
}: {
  preview: ImportPreview;
  /** The choice on its way to the server, shown at once. */
  pending: ImportChoices | undefined;
  disabled: boolean;
  onChoose: (name: ReadingName, value: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {READINGS.map((reading) => (
        <ReadingField
          key={reading.name}
          reading={reading}
          preview={preview}
          pendingValue={pending?.[reading.name]}
          disabled={disabled}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}
