/**
 * Where each of the file's vehicles goes: a new vehicle (the default, unless the server matched
 * it to one of the user's), or one of the user's vehicles; with what the file holds of it, and
 * for a new one its year, make and model to confirm.
 */
import { type ImportChoices, type ImportPreview, IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { countsLine } from './import-counts';
import { ImportVehicleDetails, type VehicleDetails } from './import-vehicle-details';

const NEW_VEHICLE = 'new';

export function ImportVehicleTargets({
  preview,
  vehicles,
  pending,
  disabled,
  onChoose,
  onConfirmDetails,
}: {
  preview: ImportPreview;
  vehicles: readonly Vehicle[];
  pending: ImportChoices | undefined;
  disabled: boolean;
  onChoose: (key: string, vehicleId: number | null) => void;
  onConfirmDetails: (key: string, details: VehicleDetails) => void;
}) {
  const choices = [
    { value: NEW_VEHICLE, label: TEXTS.newVehicle },
    ...vehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicleTitle(vehicle) })),
  ];
  return (
    <ul className="grid divide-y divide-border rounded-lg border border-border">
      {preview.vehicles.map((vehicle) => {
        const pendingTarget = pending?.vehicles?.[vehicle.key];
        const target = pendingTarget !== undefined ? pendingTarget : vehicle.vehicleId;
        return (
          <li
            key={vehicle.key}
            data-testid="import-vehicle"
            className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_18rem] sm:items-center"
          >
            <div className="grid min-w-0 gap-0.5">
              <span className="truncate font-medium">{vehicle.name}</span>
              <span className="text-sm text-muted-foreground">
                {countsLine({ ...vehicle.counts, vehicles: 0 }) ?? TEXTS.vehicleHasNothingNew}
              </span>
            </div>
            <ChoiceSelect
              aria-label={TEXTS.vehicleTarget(vehicle.name)}
              choices={choices}
              value={target === null ? NEW_VEHICLE : String(target)}
              onValueChange={(value) =>
                onChoose(vehicle.key, value === NEW_VEHICLE ? null : Number(value))
              }
              disabled={disabled}
              className="w-full"
            />
            {target === null && vehicle.vehicleId === null && (
              <div className="sm:col-span-2">
                <ImportVehicleDetails
                  // A new answer of the server starts the fields from what it now says.
                  key={JSON.stringify(vehicle.details)}
                  vehicle={vehicle}
                  disabled={disabled}
                  onConfirm={(details) => onConfirmDetails(vehicle.key, details)}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
