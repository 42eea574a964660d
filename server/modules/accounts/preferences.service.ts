/**
 * The user's units and currency (decision 050, D49) with the theme (decision 035) and the time
 * zone (decision 066): read from the user's row by every call that shows figures, and changed by
 * `PATCH /api/user/preferences`. A stored value the contract does not know (written by a newer
 * version, or a zone this runtime lacks) reads as the default.
 */
import { readTheme } from '@contract/appearance';
import {
  DEFAULT_PREFERENCES,
  DISTANCE_UNITS,
  ECONOMY_FORMATS,
  ELECTRIC_FORMATS,
  type Preferences,
  VOLUME_UNITS,
} from '@contract/units';
import { unauthorized } from '../../app-error';
import type { Executor } from '../../db/open';
import { userTimeZone } from '../../today';
import { findUserById, type UserRow } from './accounts.repository';

const oneOf = <Choice extends string>(
  choices: readonly Choice[],
  value: string,
  fallback: Choice,
) => (choices.includes(value as Choice) ? (value as Choice) : fallback);

export function toPreferences(
  row: Pick<
    UserRow,
    | 'distanceUnit'
    | 'volumeUnit'
    | 'economyFormat'
    | 'electricFormat'
    | 'currency'
    | 'theme'
    | 'timeZone'
  >,
): Preferences {
  return {
    distanceUnit: oneOf(DISTANCE_UNITS, row.distanceUnit, DEFAULT_PREFERENCES.distanceUnit),
    volumeUnit: oneOf(VOLUME_UNITS, row.volumeUnit, DEFAULT_PREFERENCES.volumeUnit),
    economyFormat: oneOf(ECONOMY_FORMATS, row.economyFormat, DEFAULT_PREFERENCES.economyFormat),
    electricFormat: oneOf(ELECTRIC_FORMATS, row.electricFormat, DEFAULT_PREFERENCES.electricFormat),
    currency: row.currency,
    theme: readTheme(row.theme),
    timeZone: userTimeZone(row),
  };
}

/** The signed-in user's preferences; 401 when the user is gone. */
export async function readPreferences(db: Executor, userId: number): Promise<Preferences> {
  const row = await findUserById(db, userId);
  if (!row) throw unauthorized();
  return toPreferences(row);
}
