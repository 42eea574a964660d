/**
 * A record's odometer at the service (decision 050) as its card and its dialog show it:
 * `45,210 mi`, in its vehicle's unit (the unit left out until the vehicles are read).
 */
import { FIGURE_DECIMALS, formatDistance, formatFigure } from '@web/lib/format-units';
import { useOdometerUnitOf } from '../api/get-record-vehicles';

export function RecordOdometer({ vehicleId, odometer }: { vehicleId: number; odometer: number }) {
  const unit = useOdometerUnitOf(vehicleId);
  return (
    <span className="tabular-nums">
      {unit === null
        ? formatFigure(odometer, FIGURE_DECIMALS.distance)
        : formatDistance(odometer, unit)}
    </span>
  );
}
