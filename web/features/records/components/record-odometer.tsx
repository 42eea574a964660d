/**
 * A record's odometer at the service (decision 050) as its card and its dialog show it:
 * `45,210 mi`, in the unit its vehicle's odometer shows (D49; the record answer names it).
 */
import type { DistanceUnit } from '@contract/units';
import { formatDistance } from '@web/lib/format-units';

export function RecordOdometer({ odometer, unit }: { odometer: number; unit: DistanceUnit }) {
  return <span className="tabular-nums">{formatDistance(odometer, unit)}</span>;
}
