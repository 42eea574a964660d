/**
 * Queries of the `vehicles` table. Every query is scoped by the signed-in user's id (D9): another
 * user's vehicle is found exactly as often as a missing one, never.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { vehicles } from '../../db/schema';

export type VehicleRow = typeof vehicles.$inferSelect;

/**
 * The user's vehicle, locked until the transaction ends (`for update`), or undefined. Writes that
 * must count something of the vehicle (its images, D12's limits) take this lock first so that
 * concurrent requests line up instead of racing past a limit.
 */
export async function lockOwnedVehicle(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<VehicleRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)))
    .for('update');
  return row;
}
