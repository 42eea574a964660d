/**
 * Each vehicle's first rows as apply stores them: odometers in the vehicle's unit, quantities in
 * theirs, amounts in the user's currency (converted when the user gave a rate), full or partial.
 * A column the reader could not find shows here as what it became (a partial fill-up read as
 * full), before anything is written. Every figure is the server's, drawn by the app's formatters.
 */
import { type ImportPreview, IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { RECORD_KINDS } from '@contract/records';
import { formatDate } from '@web/lib/format';
import {
  formatDistance,
  formatFigure,
  formatQuantity,
  formatUnitPrice,
} from '@web/lib/format-units';
import { useMoney } from '@web/lib/preferences';
import type { ReactNode } from 'react';

type PreviewVehicle = ImportPreview['vehicles'][number];

const RECORD_TYPE_OF = {
  maintenance: 'maintenance',
  repairs: 'repair',
  modifications: 'modification',
} as const;

/** A table that scrolls on its own on a narrow screen, reachable by keyboard to do so. */
function RowTable({
  caption,
  shown,
  total,
  headings,
  children,
}: {
  caption: string;
  shown: number;
  total: number;
  headings: string[];
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <h4 className="text-sm font-medium">{caption}</h4>
      {/* Scrolls on its own on a narrow screen; focusable, so a keyboard can scroll it too. */}
      <section
        className="overflow-x-auto rounded-lg border border-border"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones
        tabIndex={0}
        aria-label={caption}
      >
        <table className="w-full text-left text-sm tabular-nums">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              {headings.map((heading) => (
                <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">{children}</tbody>
        </table>
      </section>
      {shown < total && (
        <p className="text-xs text-muted-foreground">
          {TEXTS.rowsShown(formatFigure(shown, 0), formatFigure(total, 0))}
        </p>
      )}
    </div>
  );
}

const cell = 'whitespace-nowrap px-3 py-2';

function VehicleRows({ vehicle }: { vehicle: PreviewVehicle }) {
  const money = useMoney();
  const { energy, records, readings } = vehicle.sampleRows;
  const recordTotal =
    vehicle.counts.maintenance + vehicle.counts.repairs + vehicle.counts.modifications;
  const distance = (value: number | null) =>
    value === null ? '—' : formatDistance(value, vehicle.odometerUnit);
  const C = TEXTS.columns;
  return (
    <section data-testid="import-sample" aria-label={vehicle.name} className="grid gap-3">
      <h3 className="font-medium">{vehicle.name}</h3>
      {energy.length > 0 && (
        <RowTable
          caption={TEXTS.energyRows}
          shown={energy.length}
          total={vehicle.counts.energy}
          // Full or partial first after the date: on a phone it must show without scrolling.
          headings={[C.date, C.fill, C.quantity, C.total, C.odometer, C.missed]}
        >
          {energy.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, where two rows may read alike
            <tr key={index} data-testid="sample-energy">
              <td className={cell}>{formatDate(row.date)}</td>
              <td className={cell}>{row.isFull ? TEXTS.fullFill : TEXTS.partialFill}</td>
              <td className={cell}>{formatQuantity(row.quantity, row.unit)}</td>
              <td className={cell}>
                {money.format(row.totalCost)}
                <span className="block text-xs text-muted-foreground">
                  {formatUnitPrice(row.unitPrice, row.unit, money.currency)}
                </span>
              </td>
              <td className={cell}>{distance(row.odometer)}</td>
              <td className={cell}>{row.missedPrevious ? TEXTS.missedFill : TEXTS.notMissed}</td>
            </tr>
          ))}
        </RowTable>
      )}
      {records.length > 0 && (
        <RowTable
          caption={TEXTS.recordRows}
          shown={records.length}
          total={recordTotal}
          headings={[C.date, C.title, C.category, C.cost, C.odometer]}
        >
          {records.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, where two rows may read alike
            <tr key={index} data-testid="sample-record">
              <td className={cell}>{formatDate(row.date, '—')}</td>
              <td className="min-w-40 px-3 py-2">
                {row.title ?? '—'}
                <span className="block text-xs text-muted-foreground">
                  {RECORD_KINDS[RECORD_TYPE_OF[row.kind]].label}
                </span>
              </td>
              <td className={cell}>{row.category}</td>
              <td className={cell}>{row.cost === null ? '—' : money.format(row.cost)}</td>
              <td className={cell}>{distance(row.odometer)}</td>
            </tr>
          ))}
        </RowTable>
      )}
      {readings.length > 0 && (
        <RowTable
          caption={TEXTS.readingRows}
          shown={readings.length}
          total={vehicle.counts.odometer}
          headings={[C.date, C.odometer]}
        >
          {readings.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, where two rows may read alike
            <tr key={index} data-testid="sample-reading">
              <td className={cell}>{formatDate(row.date)}</td>
              <td className={cell}>{distance(row.odometer)}</td>
            </tr>
          ))}
        </RowTable>
      )}
    </section>
  );
}

/** The vehicles that add any row, each with its first rows. */
export function ImportSampleRows({ preview }: { preview: ImportPreview }) {
  const shown = preview.vehicles.filter(
    ({ sampleRows }) =>
      sampleRows.energy.length + sampleRows.records.length + sampleRows.readings.length > 0,
  );
  return (
    <div className="grid gap-6">
      {shown.map((vehicle) => (
        <VehicleRows key={vehicle.key} vehicle={vehicle} />
      ))}
    </div>
  );
}
