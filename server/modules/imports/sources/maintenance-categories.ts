/**
 * The maintenance category of a service as another app names it ("Engine Oil, Oil Filter",
 * "Tire Rotation"): one table of words per category of contract/categories.ts, read in order, so
 * that the first service a row lists gives its category. A name no entry knows gets none, and
 * the pipeline files it under 'Other'.
 */
import type { MAINTENANCE_CATEGORIES } from '../../../../contract/categories';

type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];

/** Earlier entries win: "brake fluid" is a fluid change, "oil filter" a filter before an oil. */
const SERVICE_WORDS: readonly (readonly [RegExp, MaintenanceCategory])[] = [
  [/\b(oil change|change oil|engine oil|motor oil)\b/i, 'Oil Change'],
  [/\b(rotat\w*)\b/i, 'Tire Rotation'],
  [/\b(fluid|coolant|antifreeze)\b/i, 'Fluid Change'],
  [/\bbrake/i, 'Brake Service'],
  [/\bfilter/i, 'Filter Replacement'],
  [/\boil\b/i, 'Oil Change'],
  [/\bspark plug/i, 'Spark Plugs'],
  [/\bbattery\b/i, 'Battery Service'],
  [/\btiming belt\b/i, 'Timing Belt'],
  [/\balignment\b/i, 'Wheel Alignment'],
  [/\btune[- ]?up\b/i, 'Engine Tune-up'],
  [/\b(inspection|scheduled|service interval)\b/i, 'Scheduled Maintenance'],
];

/** The category of the first listed service that the table knows; undefined if none. */
export function maintenanceCategoryOf(
  services: string | undefined,
): MaintenanceCategory | undefined {
  if (services === undefined) return undefined;
  for (const service of services.split(/[,;+/]/)) {
    const match = SERVICE_WORDS.find(([words]) => words.test(service));
    if (match) return match[1];
  }
  return undefined;
}
