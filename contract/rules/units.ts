/**
 * What the schemas check with of `units.ts`: its constants and texts, below both (decision 071).
 * The schemas import them from here and `units.ts` passes on those its readers use, so a file and
 * its schema never import each other.
 */

export const DISTANCE_UNITS = ['mi', 'km'] as const;

/** The volumes a user may see liquid energies in. */
export const VOLUME_UNITS = ['galUS', 'galUK', 'L'] as const;

/** Every unit a quantity of energy may be typed in. */
export const QUANTITY_UNITS = ['L', 'galUS', 'galUK', 'kg', 'kWh'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/** How a quantity is measured, and the canonical unit it is stored in. */
export const MEASURES = {
  volume: { canonical: 'L', units: ['L', 'galUS', 'galUK'] },
  mass: { canonical: 'kg', units: ['kg'] },
  electric: { canonical: 'kWh', units: ['kWh'] },
} as const satisfies Record<string, { canonical: QuantityUnit; units: readonly QuantityUnit[] }>;
export type Measure = keyof typeof MEASURES;

export const ECONOMY_FORMATS = ['mpgUS', 'mpgUK', 'L/100km', 'km/L'] as const;

export const ELECTRIC_FORMATS = ['mi/kWh', 'kWh/100mi', 'kWh/100km', 'km/kWh'] as const;

export const UNIT_MESSAGES = {
  currency: 'Currency must be a three-letter ISO 4217 code, such as USD or EUR',
  preferencesSaved: 'Preferences saved',
  timeZone: 'Please choose a time zone such as Europe/Paris or America/New_York',
} as const;

const knownTimeZones = new Set<string>();

/**
 * Whether the runtime knows an IANA time zone ('UTC', 'Europe/Paris'): the schema refuses one it
 * does not, and the server and the web read a stored one it does not (a restore before decision
 * 062 could store one) as the default. Each zone is tried once; only known names are kept.
 */
export function isKnownTimeZone(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  knownTimeZones.add(name);
  return true;
}
