/**
 * The keys of a vehicle's fuel and odometer reads (query keys are API paths, convention 6) and
 * what a write refreshes: after an entry or a reading changes, the vehicle's entries, economy and
 * odometer history, the vehicle itself (its mileage is its latest accepted reading), the list of
 * vehicles, what follows from mileage or from the plan's count (an entry counts as a record,
 * D12), and the record lists (a record's odometer is fixed with its reading).
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

export const ENERGY_KEYS = {
  vehicle: (vehicleId: number) => ['/api/vehicles', vehicleId] as const,
  entries: (vehicleId: number) => ['/api/vehicles', vehicleId, 'energy'] as const,
  economy: (vehicleId: number) => ['/api/vehicles', vehicleId, 'economy'] as const,
  odometer: (vehicleId: number) => ['/api/vehicles', vehicleId, 'odometer'] as const,
};

/** A path with its page's cursor, if any. */
export function pagedPath(path: string, cursor: string | null): string {
  return cursor === null ? path : `${path}?cursor=${encodeURIComponent(cursor)}`;
}

/** The record lists not under the vehicle's path (`/api/records`, `/api/{collection}`). */
const RECORD_LISTS = ['/api/records', '/api/maintenance', '/api/repairs', '/api/modifications'];

export async function refreshVehicleEnergy(vehicleId: number) {
  await Promise.all([
    // The vehicle's own reads: itself, its entries, economy and odometer history (and the rest
    // under its path, which a mileage change may touch).
    queryClient.invalidateQueries({ queryKey: ENERGY_KEYS.vehicle(vehicleId) }),
    queryClient.invalidateQueries({ queryKey: ['/api/vehicles'], exact: true }),
    queryClient.invalidateQueries({ queryKey: ['/api/upcoming-maintenance'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/subscription/status'] }),
    // A reading fixed or deleted in the history fixes or clears the odometer of the record it
    // came with; the lists beyond the vehicle's own show it too.
    ...RECORD_LISTS.map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
  ]);
}

/**
 * The deletion of one of a vehicle's fill-ups or readings: the call, the toast it answers with,
 * the vehicle's reads refreshed; on a refusal, the server's reason (else `failure`).
 */
export function useVehicleRowDeletion(
  { path, deleted, failure }: { path: string; deleted: string; failure: string },
  { onDeleted }: { onDeleted?: () => void } = {},
) {
  return useMutation({
    mutationFn: ({ id }: { id: number; vehicleId: number }) =>
      apiRequest('DELETE', `${path}/${id}`),
    onSuccess: async (_, { vehicleId }) => {
      toast({ title: deleted });
      onDeleted?.();
      await refreshVehicleEnergy(vehicleId);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Not deleted',
        description: errorMessage(error, failure),
      });
    },
  });
}
