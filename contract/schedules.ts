/**
 * Service schedules (decision 054): a vehicle's service that repeats by months and/or distance,
 * whichever comes first; its state, the starter schedules offered with a new vehicle, and the
 * messages of the schedule calls. The schemas are in `schemas/schedules.ts`; the arithmetic of
 * due points and states is the server's (`schedules.calc.ts`), answered with each schedule.
 */
import type { z } from 'zod';
import type { MAINTENANCE_CATEGORIES } from './categories';
import type { DueState } from './due-state';
import type { Energy } from './rules/energy';
import type {
  scheduleCompletedSchema,
  scheduleCompletionSchema,
  scheduleInputSchema,
  scheduleSchema,
  scheduleUpdateSchema,
} from './schemas/schedules';
import type { DistanceUnit } from './units';

export { DEFAULT_TIME_ZONE, SCHEDULE_MESSAGES, scheduleFallsDue } from './rules/schedules';

export type ScheduleState = DueState;

export const SCHEDULE_STATE_LABELS: Record<ScheduleState, string> = {
  ok: 'On schedule',
  dueSoon: 'Due soon',
  overdue: 'Overdue',
};

/** The due-soon thresholds when the user has set none: 14 days or 500 (mi or km) ahead. */
export const DEFAULT_DUE_SOON = { days: 14, distance: 500 } as const;

/** A schedule offered when a vehicle is added: never saved unless the user keeps it. */
export type StarterSchedule = {
  title: string;
  category: (typeof MAINTENANCE_CATEGORIES)[number];
  intervalMonths: number;
  /** Per distance unit: round figures in each, not a conversion. */
  intervalDistance: Record<DistanceUnit, number>;
  /**
   * The energies whose parts it services (decision 067): offered to a vehicle that runs on one
   * of them or carries it as its auxiliary fluid; `every` for what every car has.
   */
  forEnergies: 'every' | readonly Energy[];
};

/** The energies burnt in an engine, which has oil and an air filter to change. */
const ENGINE_ENERGIES = ['gasoline', 'diesel', 'e85', 'lpg', 'cng'] as const satisfies Energy[];

/**
 * Common intervals, offered by what the vehicle runs on (decision 067): an electric car gets no
 * oil change, a plug-in hybrid gets both sets, a diesel with AdBlue its own. The owner's manual
 * wins, and the user edits them. A fuel-cell car (hydrogen) is offered what every car has.
 */
export const STARTER_SCHEDULES: readonly StarterSchedule[] = [
  {
    title: 'Oil and filter change',
    category: 'Oil Change',
    intervalMonths: 12,
    intervalDistance: { mi: 7_500, km: 12_000 },
    forEnergies: ENGINE_ENERGIES,
  },
  {
    title: 'Tire rotation',
    category: 'Tire Rotation',
    intervalMonths: 6,
    intervalDistance: { mi: 6_000, km: 10_000 },
    forEnergies: 'every',
  },
  {
    title: 'Cabin air filter',
    category: 'Filter Replacement',
    intervalMonths: 12,
    intervalDistance: { mi: 15_000, km: 20_000 },
    forEnergies: 'every',
  },
  {
    title: 'Brake fluid',
    category: 'Fluid Change',
    intervalMonths: 24,
    intervalDistance: { mi: 30_000, km: 50_000 },
    forEnergies: 'every',
  },
  {
    title: 'Engine air filter',
    category: 'Filter Replacement',
    intervalMonths: 24,
    intervalDistance: { mi: 20_000, km: 30_000 },
    forEnergies: ENGINE_ENERGIES,
  },
  {
    title: 'Diesel fuel filter',
    category: 'Filter Replacement',
    intervalMonths: 24,
    intervalDistance: { mi: 20_000, km: 30_000 },
    forEnergies: ['diesel'],
  },
  {
    title: 'AdBlue (DEF) filter',
    category: 'Filter Replacement',
    intervalMonths: 60,
    intervalDistance: { mi: 60_000, km: 100_000 },
    forEnergies: ['adblue'],
  },
  {
    // The coolant of the battery and motor loop: some manuals say a first change at 10 years.
    title: 'Battery coolant',
    category: 'Fluid Change',
    intervalMonths: 60,
    intervalDistance: { mi: 60_000, km: 100_000 },
    forEnergies: ['electricity'],
  },
];

/** The starter schedules a vehicle is offered, from what it runs on, in the table's order. */
export function starterSchedulesFor(vehicle: {
  energies: readonly Energy[];
  auxiliary: Energy | null;
}): StarterSchedule[] {
  const carried = new Set<Energy>(vehicle.energies);
  if (vehicle.auxiliary !== null) carried.add(vehicle.auxiliary);
  return STARTER_SCHEDULES.filter(
    (starter) =>
      starter.forEnergies === 'every' || starter.forEnergies.some((energy) => carried.has(energy)),
  );
}

export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export type SchedulePayload = z.output<typeof scheduleInputSchema>;
export type ScheduleUpdatePayload = z.output<typeof scheduleUpdateSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleCompletion = z.output<typeof scheduleCompletionSchema>;
export type ScheduleCompleted = z.infer<typeof scheduleCompletedSchema>;
