/** The breakdown's height: room for each vehicle's bar and label, never squashed. */
export function breakdownHeight(vehicleCount: number): number {
  return Math.max(140, vehicleCount * 52 + 30);
}
