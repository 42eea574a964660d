/**
 * What a reader of another app's files hands the import pipeline (decision 055): the file's rows
 * in our kinds, with each number and date still spelled as in the file. The pipeline, not the
 * reader, decides how to read the spellings (decimal separator, date order) from all of a file's
 * values at once, so that no reader assumes a locale and an ambiguous file can ask.
 */
import type { Energy } from '@contract/energy';
import type { ImportFormat } from '@contract/imports';
import type { DistanceUnit, QuantityUnit } from '@contract/units';

/** The sources the pipeline knows (IMPORT_FORMATS in the contract); a reader per format. */
export type { ImportFormat };

/**
 * One file of the upload, with the entries of a zip or tar.gz upload expanded in its place
 * (`name` is then the entry's path, e.g. `SimplyAuto/Fuel_Log.csv`).
 */
export type ImportFile = {
  name: string;
  bytes: Buffer;
  /** The bytes as text: UTF-8 without a BOM, or Windows-1252 when they are not UTF-8. */
  text: () => string;
};

/**
 * A number as the file spells it ("1.234,5", "$3.969", "106,421"), read by the pipeline with the
 * file's decimal separator; or a number already (a JSON source). Empty or absent means none.
 */
export type RawNumber = string | number;

/**
 * A date as the file spells it ("2024-01-03", "03.01.2024", "1/3/2024 14:05"; a time after the
 * date is ignored), read by the pipeline with the file's date order. A reader that builds a
 * date from parts (Simply Auto's Day, Month, Year) writes it as ISO `YYYY-MM-DD`.
 */
export type RawDate = string;

/** The kinds of row an import can add (the preview's `counts`, vehicles aside). */
export type ImportRowKind = SourceRow['kind'];

/** Where a row came from: the file (entry path) and its 1-based line, for the preview's lists. */
type RowOrigin = { file: string; line: number; vehicle: string };

/** Units a row states itself (aCar gives them per row); else its vehicle's, else the file's. */
type RowUnits = { distanceUnit?: DistanceUnit; quantityUnit?: QuantityUnit };

/** A fill-up or a charge. At least two of quantity, unit price and total cost. */
export type SourceEnergyRow = RowOrigin &
  RowUnits & {
    kind: 'energy';
    date: RawDate;
    odometer?: RawNumber;
    /** The energy; absent when the file does not say (the vehicle's first energy is used). */
    energy?: Energy;
    quantity?: RawNumber;
    unitPrice?: RawNumber;
    totalCost?: RawNumber;
    /** Absent: a full tank (what every source assumes without the column). */
    isFull?: boolean;
    missedPrevious?: boolean;
    /** ISO 4217, when the row says (Spritmonitor). */
    currency?: string;
    place?: string;
    notes?: string;
  };

/** A maintenance record, a repair or a modification; done unless it says otherwise. */
export type SourceRecordRow = RowOrigin &
  RowUnits & {
    kind: 'maintenance' | 'repairs' | 'modifications';
    date: RawDate;
    odometer?: RawNumber;
    /** Short name of the work ("Oil change"); the source's type or description. */
    title?: string;
    /** One of the kind's categories in contract/categories.ts; the pipeline uses 'Other' else. */
    category?: string;
    description?: string;
    cost?: RawNumber;
    currency?: string;
    location?: string;
    technician?: string;
    notes?: string;
    /** False for work still to do (Garage Ledger's own scheduled maintenance). */
    isCompleted?: boolean;
  };

/** An odometer reading entered on its own. */
export type SourceOdometerRow = RowOrigin &
  RowUnits & {
    kind: 'odometer';
    date: RawDate;
    odometer: RawNumber;
    notes?: string;
  };

export type SourceRow = SourceEnergyRow | SourceRecordRow | SourceOdometerRow;

/** A vehicle as the file names it; `key` is what its rows' `vehicle` says. */
export type SourceVehicle = RowUnits & {
  key: string;
  /** What the user recognises it by in the preview ("My SX4", "2015 Suzuki SX4"). */
  name: string;
  year?: number;
  make?: string;
  model?: string;
  trim?: string;
  vin?: string;
  licensePlate?: string;
  color?: string;
  notes?: string;
  energies?: Energy[];
  /** Litres. */
  tankCapacity?: RawNumber;
};

/** A setting the file states, with the words that say so (shown in the preview). */
export type Stated<Value> = { value: Value; evidence: string };

/** A row that cannot be read, and why, in words a user understands. */
export type SourceProblem = { file: string; line: number; reason: string };

/**
 * Header cells of a file that the reader takes nothing from, and the header spellings it does
 * know there: a column spelled otherwise than the reader expects is listed, not silently dropped.
 */
export type UnknownColumns = { file: string; columns: string[]; understood: string[] };

export type SourceReading = {
  vehicles: SourceVehicle[];
  rows: SourceRow[];
  problems: SourceProblem[];
  /** Readers of CSV files answer them (`noteUnknownColumns`); JSON and database readers none. */
  unknownColumns?: UnknownColumns[];
  /** What the file says about itself; what it leaves out the pipeline judges from the values. */
  stated: {
    distanceUnit?: Stated<DistanceUnit>;
    volumeUnit?: Stated<QuantityUnit>;
    decimalSeparator?: Stated<'.' | ','>;
    /** In the pipeline's words: 'YYYY-MM-DD', 'DD.MM.YYYY', 'MM/DD/YYYY', 'DD/MM/YYYY', … */
    dateFormat?: Stated<string>;
    currency?: Stated<string>;
  };
};

/** How sure a reader is that the files are its format, and the words that show it. */
export type Detection = { format: ImportFormat; evidence: string };

export type ImportSource = {
  format: ImportFormat;
  /** The app's name as users know it ("Fuelly"). */
  label: string;
  /** Whether these files are this source's (headers, section markers, entry names); cheap. */
  detect: (files: ImportFile[]) => Detection | null;
  /** The rows; never throws on a bad row (a problem instead), only on a file it cannot read. */
  read: (files: ImportFile[]) => SourceReading;
};
