/**
 * A vehicle's economy from its stored rows (decision 050): each entry's odometer flagged as the
 * judged reading it carries is, and the arithmetic of `economy.calc.ts`. One path for the
 * vehicle's economy call and the expenses page, so that both give the same figures.
 */
import type { Economy, Energy, PropulsionEnergy } from '@contract/energy';
import type { DistanceUnit, Preferences } from '@contract/units';
import type { JudgedReading } from '../odometer/odometer.calc';
import { computeEconomy } from './economy.calc';
import type { EconomyEntryRow } from './energy.repository';

/** The vehicle's energy profile as its row holds it. */
export type StoredEnergyProfile = {
  energies: string[];
  auxiliary: string | null;
  batteryCapacity: number | null;
  odometerUnit: string;
};

export function computeVehicleEconomy(input: {
  profile: StoredEnergyProfile;
  entries: readonly EconomyEntryRow[];
  /** The vehicle's readings, judged (`judgeReadings`). */
  readings: readonly (JudgedReading & { energyEntryId: number | null })[];
  /** D48: the completed running costs of the period. */
  serviceCost: number;
  from: string | null;
  to: string | null;
  preferences: Preferences;
}): Omit<Economy, 'vehicleId' | 'currency'> {
  const { profile, serviceCost, from, to, preferences } = input;
  const odometerUnit = profile.odometerUnit as DistanceUnit;
  const judged = input.readings;
  const flaggedEntryIds = new Set(
    judged
      .filter((reading) => reading.flag !== null && reading.energyEntryId !== null)
      .map((reading) => reading.energyEntryId!),
  );
  return computeEconomy({
    vehicle: {
      energies: profile.energies as PropulsionEnergy[],
      auxiliary: profile.auxiliary === 'adblue' ? 'adblue' : null,
      batteryCapacity: profile.batteryCapacity,
      odometerUnit,
    },
    entries: input.entries.map((row) => ({
      ...row,
      energy: row.energy as Energy,
      isOdometerFlagged: flaggedEntryIds.has(row.id),
    })),
    readings: judged,
    serviceCost,
    from,
    to,
    preferences,
  });
}
