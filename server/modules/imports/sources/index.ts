/**
 * Every reader the import knows, in the order detection asks them: the most specific layouts
 * first, so that a file two readers could take goes to the one whose markers it carries.
 */
import { acarSource } from './acar';
import { drivvoSource } from './drivvo';
import { fuelioSource } from './fuelio';
import { fuellySource } from './fuelly';
import { garageLedgerSource } from './garage-ledger';
import { hammondSource } from './hammond';
import { lubeloggerSource } from './lubelogger';
import { myGarageSource } from './mygarage';
import { simplyAutoSource } from './simply-auto';
import type { ImportSource } from './source';
import { spritmonitorSource } from './spritmonitor';
import { tracktorSource } from './tracktor';

export const IMPORT_SOURCES: readonly ImportSource[] = [
  garageLedgerSource,
  lubeloggerSource,
  fuelioSource,
  drivvoSource,
  acarSource,
  fuellySource,
  spritmonitorSource,
  simplyAutoSource,
  hammondSource,
  tracktorSource,
  myGarageSource,
];
