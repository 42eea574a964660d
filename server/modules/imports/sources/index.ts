/**
 * Every reader the import knows, in the order detection asks them: the most specific layouts
 * first, so that a file two readers could take goes to the one whose markers it carries.
 */
import { garageLedgerSource } from './garage-ledger';
import type { ImportSource } from './source';

export const IMPORT_SOURCES: readonly ImportSource[] = [garageLedgerSource];
