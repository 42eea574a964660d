/**
 * The My Vehicles search (001 §2): matches year, make, model and trim, case-insensitively. Each
 * word of the query must match one of them, so '2019 civic' finds the 2019 Honda Civic while a
 * single word behaves like a plain substring search.
 */
import type { Vehicle } from '@contract/vehicles';

type Searchable = Pick<Vehicle, 'year' | 'make' | 'model' | 'trim'>;

function searchableText(vehicle: Searchable): string[] {
  return [String(vehicle.year), vehicle.make, vehicle.model, vehicle.trim ?? ''].map((part) =>
    part.toLocaleLowerCase(),
  );
}

export function searchVehicles<T extends Searchable>(vehicles: readonly T[], query: string): T[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...vehicles];
  return vehicles.filter((vehicle) => {
    const parts = searchableText(vehicle);
    return words.every((word) => parts.some((part) => part.includes(word)));
  });
}
