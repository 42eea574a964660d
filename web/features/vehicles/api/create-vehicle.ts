/**
 * `POST /api/vehicles` (001 §7). The add dialog runs the whole flow (create, then one upload per
 * image, then its toasts, 001 §4), so this hook only creates and refreshes.
 */
import type { Vehicle, VehicleInput } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';

export async function createVehicle(input: VehicleInput): Promise<Vehicle> {
  const response = await apiRequest('POST', '/api/vehicles', input);
  const vehicle = await readJson<Vehicle>(response);
  if (!vehicle) throw new Error('The server did not answer the new vehicle');
  return vehicle;
}

export function useCreateVehicle() {
  return useMutation({ mutationFn: createVehicle });
}
