/**
 * Spritmonitor.de's two exports of one vehicle (research §4.6): the fuelings CSV and the costs
 * CSV (`853999_fuelings.csv`, `853999_costs.csv`), with English or German headers. Its documented
 * format: `;` between cells, `\` before a `;` that belongs to a note, DD.MM.YYYY dates, a decimal
 * comma, no thousands separator, a currency on every row, and codes for the fueling type, the
 * fuel and the cost type. The files hold no vehicle data: the vehicle is named from the files'
 * id. The German header names the odometer `Km-Stand`, a reading in kilometres; the quantity's unit
 * is stated nowhere, and the pipeline asks (offering litres for a file in euros).
 *
 * Checked against (research §4.6): the official description pasted in lubelog #2 (English
 * fuelings header, `;`, decimal comma, `\` escapes), PySpritmonitor's codes, and next-fleet's
 * hand-written German fuelings and costs headers (unverified). The English costs header is not
 * documented. Samples are built by hand from these; no file downloaded from Spritmonitor itself.
 */
import type { Energy } from '@contract/energy';
import type { QuantityUnit } from '@contract/units';
import { type CsvRow, sniffDelimiter } from './csv';
import { missingAmountsReason } from './energy-amounts';
import type {
  ImportFile,
  ImportSource,
  SourceReading,
  SourceRecordRow,
  SourceVehicle,
} from './source';
import {
  baseName,
  type ColumnAliases,
  type Columns,
  cellOf,
  columnKey,
  definedOnly,
  findColumns,
  hasColumns,
  leadingRows,
  problemAt,
  readRows,
  textOf,
} from './table-reading';

type Language = 'English' | 'German';

/** One table of header spellings per language (the German one from next-fleet's fixtures). */
const FUELING_HEADERS: Record<Language, ColumnAliases<FuelingField>> = {
  English: {
    date: ['date'],
    odometer: ['odometer'],
    quantity: ['quantity'],
    totalCost: ['total price'],
    unitPrice: ['unit price'],
    currency: ['currency'],
    type: ['type'],
    fuel: ['fuel'],
    note: ['note'],
    company: ['company'],
    location: ['location'],
  },
  German: {
    date: ['datum'],
    odometer: ['km-stand'],
    quantity: ['spritmenge'],
    totalCost: ['kosten'],
    unitPrice: ['preis pro einheit'],
    currency: ['währung'],
    type: ['tankart'],
    fuel: ['kraftstoff'],
    note: ['bemerkung'],
    company: ['tankstelle'],
    location: ['ort'],
  },
};
type FuelingField =
  | 'date'
  | 'odometer'
  | 'quantity'
  | 'totalCost'
  | 'unitPrice'
  | 'currency'
  | 'type'
  | 'fuel'
  | 'note'
  | 'company'
  | 'location';
/** A currency on every row is Spritmonitor's mark, beside its fueling type and fuel codes. */
const FUELING_REQUIRED: readonly FuelingField[] = [
  'date',
  'odometer',
  'quantity',
  'currency',
  'type',
  'fuel',
];

/** The English costs header is not documented: the words of the German one, translated. */
const COST_HEADERS: Record<Language, ColumnAliases<CostField>> = {
  English: {
    date: ['date'],
    odometer: ['odometer'],
    costType: ['cost type', 'costtype'],
    title: ['title', 'name', 'description'],
    cost: ['costs', 'cost', 'total price'],
    currency: ['currency'],
    note: ['note'],
  },
  German: {
    date: ['datum'],
    odometer: ['km-stand'],
    costType: ['kostenart'],
    title: ['bezeichnung'],
    cost: ['kosten'],
    currency: ['währung'],
    note: ['bemerkung'],
  },
};
type CostField = 'date' | 'odometer' | 'costType' | 'title' | 'cost' | 'currency' | 'note';
const COST_REQUIRED: readonly CostField[] = ['date', 'costType', 'cost', 'currency'];

/**
 * The documented layouts' first columns, in order: a header that begins so, with `;` between its
 * cells, is an untouched export, whose numbers and dates are spelled as documented. A file saved
 * again by a spreadsheet (`,` between cells, other columns) may not be, and is left to the
 * pipeline's judgement.
 */
const DOCUMENTED_LEADS: readonly (readonly string[])[] = [
  ['date', 'odometer', 'trip', 'quantity', 'total price', 'currency', 'type'],
  ['datum', 'km-stand', 'teil-km', 'spritmenge', 'kosten', 'währung', 'tankart'],
  ['datum', 'km-stand', 'kostenart', 'bezeichnung', 'kosten', 'währung'],
];

/** Fueling type: 1 full and 3 first fueling are full tanks, 2 partial; 0 marks an invalid one. */
const FUELING_TYPES: Readonly<Record<string, { isFull: boolean } | 'invalid'>> = {
  '0': 'invalid',
  '1': { isFull: true },
  '2': { isFull: false },
  '3': { isFull: true },
};

/** Spritmonitor's fuel codes (its documented list) as our energies. */
const FUEL_CODES: Readonly<Record<string, Energy>> = {
  '1': 'diesel',
  '2': 'diesel',
  '3': 'diesel',
  '4': 'diesel',
  '6': 'gasoline',
  '7': 'gasoline',
  '8': 'gasoline',
  '9': 'gasoline',
  '12': 'lpg',
  '13': 'cng',
  '14': 'cng',
  '15': 'e85',
  '16': 'gasoline',
  '18': 'gasoline',
  '19': 'electricity',
  '20': 'gasoline',
  '21': 'adblue',
  '22': 'gasoline',
  '23': 'hydrogen',
  '24': 'electricity',
  '25': 'diesel',
};

/** Spritmonitor counts electricity in kWh and gases in kg, the only units we take them in. */
const ENERGY_UNITS: Partial<Record<Energy, QuantityUnit>> = {
  electricity: 'kWh',
  cng: 'kg',
  hydrogen: 'kg',
};

type CostKind = {
  name: string;
  kind?: SourceRecordRow['kind'];
  category?: string;
};

/** Spritmonitor's cost types: work on the car is imported, the rest is named in a problem. */
const COST_TYPES: Readonly<Record<string, CostKind>> = {
  '1': { name: 'Maintenance', kind: 'maintenance', category: 'Scheduled Maintenance' },
  '2': { name: 'Repair', kind: 'repairs' },
  '3': { name: 'Change tires', kind: 'maintenance', category: 'Other' },
  '4': { name: 'Change oil', kind: 'maintenance', category: 'Oil Change' },
  '5': { name: 'Insurance' },
  '6': { name: 'Tax' },
  '7': { name: 'Inspection (TÜV)' },
  '8': { name: 'Tuning', kind: 'modifications', category: 'Performance' },
  '9': { name: 'Accessories', kind: 'modifications' },
  '10': { name: 'Purchase price' },
  '11': { name: 'Miscellaneous' },
  '12': { name: 'Care', kind: 'maintenance' },
  '13': { name: 'Payment' },
  '14': { name: 'Registration' },
  '15': { name: 'Financing' },
  '16': { name: 'Refund' },
  '17': { name: 'Fine' },
  '18': { name: 'Parking' },
  '19': { name: 'Toll' },
  '20': { name: 'Spare parts', kind: 'repairs' },
};

/**
 * Spritmonitor writes `\` before a character that would otherwise end a cell (`Wäsche\; innen`):
 * the escaped characters stand in as private-use ones while the CSV is read, then come back.
 */
const ESCAPED = [
  [';', '\uE000'],
  ['"', '\uE001'],
  ['\\', '\uE002'],
] as const;

function hideEscapes(text: string): string {
  return text.replace(
    /\\([;"\\])/g,
    (_, char: string) => ESCAPED.find(([escaped]) => escaped === char)?.[1] ?? char,
  );
}

function restoreEscapes(cell: string): string {
  return ESCAPED.reduce(
    (restored, [escaped, standIn]) => restored.replaceAll(standIn, escaped),
    cell,
  );
}

type FileLayout =
  | { kind: 'fuelings'; language: Language; columns: Columns<FuelingField> }
  | { kind: 'costs'; language: Language; columns: Columns<CostField> };

function layoutOf(header: readonly string[]): FileLayout | null {
  for (const language of ['English', 'German'] as const) {
    const fuelings = findColumns(header, FUELING_HEADERS[language]);
    if (hasColumns(fuelings, FUELING_REQUIRED))
      return { kind: 'fuelings', language, columns: fuelings };
    const costs = findColumns(header, COST_HEADERS[language]);
    if (hasColumns(costs, COST_REQUIRED)) return { kind: 'costs', language, columns: costs };
  }
  return null;
}

function isDocumentedHeader(header: readonly string[]): boolean {
  const keys = header.map(columnKey);
  return DOCUMENTED_LEADS.some((lead) => lead.every((column, index) => keys[index] === column));
}

/** The vehicle id of `853999_fuelings.csv`, `853999_costs (1).csv`. */
function vehicleIdOf(file: ImportFile): string | undefined {
  return /(\d+)_(?:fuelings|costs)\b/i.exec(baseName(file))?.[1];
}

function headerOf(file: ImportFile) {
  const [header] = leadingRows(file, 1);
  if (!header) return null;
  const layout = layoutOf(header.cells);
  return layout ? { header: header.cells, layout } : null;
}

function evidenceOf(header: readonly string[], layout: FileLayout): string {
  const shown =
    layout.kind === 'fuelings'
      ? (['date', 'odometer', 'quantity', 'type', 'fuel'] as const).map(
          (field) => layout.columns[field],
        )
      : (['date', 'costType', 'cost'] as const).map((field) => layout.columns[field]);
  const names = shown.map((index) => (index === undefined ? '' : header[index]?.trim()));
  return `Spritmonitor's ${layout.kind} header (${layout.language}): ${names.join(';')}`;
}

type SpritmonitorFile = {
  file: ImportFile;
  rows: CsvRow[];
  layout: FileLayout;
  isSemicolonSeparated: boolean;
  isDocumentedHeader: boolean;
};

function readFile(file: ImportFile): SpritmonitorFile | null {
  if (!headerOf(file)) return null;
  const text = textOf(file);
  if (text === null) return null;
  const delimiter = sniffDelimiter(text);
  const [header, ...rows] = readRows({ ...file, text: () => hideEscapes(text) }, delimiter).map(
    (row) => ({ ...row, cells: row.cells.map(restoreEscapes) }),
  );
  const layout = header && layoutOf(header.cells);
  if (!header || !layout) return null;
  return {
    file,
    rows,
    layout,
    isSemicolonSeparated: delimiter === ';',
    isDocumentedHeader: isDocumentedHeader(header.cells),
  };
}

function readFuelings(
  { file, rows, layout }: SpritmonitorFile & { layout: { kind: 'fuelings' } },
  vehicle: string,
  reading: SourceReading,
) {
  for (const { cells, line } of rows) {
    const cell = (field: FuelingField) => cellOf(cells, layout.columns, field);
    const date = cell('date');
    if (!date) {
      reading.problems.push(problemAt(file, line, 'No date'));
      continue;
    }
    const typeCode = cell('type');
    const type = typeCode === undefined ? undefined : FUELING_TYPES[typeCode];
    if (type === 'invalid') {
      reading.problems.push(problemAt(file, line, 'Marked as an invalid fueling in Spritmonitor'));
      continue;
    }
    if (typeCode !== undefined && type === undefined) {
      reading.problems.push(problemAt(file, line, `Unknown fueling type ${typeCode}`));
      continue;
    }
    const energy = FUEL_CODES[cell('fuel') ?? ''];
    const row = definedOnly({
      kind: 'energy' as const,
      file: file.name,
      line,
      vehicle,
      date,
      odometer: cell('odometer'),
      energy,
      quantityUnit: energy && ENERGY_UNITS[energy],
      quantity: cell('quantity'),
      unitPrice: cell('unitPrice'),
      totalCost: cell('totalCost'),
      isFull: type?.isFull,
      currency: cell('currency')?.toUpperCase(),
      place: [cell('company'), cell('location')].filter(Boolean).join(', ') || undefined,
      notes: cell('note'),
    });
    const missing = missingAmountsReason(row);
    if (missing) reading.problems.push(problemAt(file, line, missing));
    else reading.rows.push(row);
  }
}

function readCosts(
  { file, rows, layout }: SpritmonitorFile & { layout: { kind: 'costs' } },
  vehicle: string,
  reading: SourceReading,
) {
  for (const { cells, line } of rows) {
    const cell = (field: CostField) => cellOf(cells, layout.columns, field);
    const code = cell('costType');
    const costType = code === undefined ? undefined : COST_TYPES[code];
    if (code === undefined || costType === undefined) {
      reading.problems.push(
        problemAt(file, line, code === undefined ? 'No cost type' : `Unknown cost type ${code}`),
      );
      continue;
    }
    if (!costType.kind) {
      reading.problems.push(problemAt(file, line, `Cost type ${costType.name} is not imported`));
      continue;
    }
    const date = cell('date');
    if (!date) {
      reading.problems.push(problemAt(file, line, 'No date'));
      continue;
    }
    reading.rows.push(
      definedOnly({
        kind: costType.kind,
        file: file.name,
        line,
        vehicle,
        date,
        odometer: cell('odometer'),
        title: cell('title') ?? costType.name,
        category: costType.category,
        cost: cell('cost'),
        currency: cell('currency')?.toUpperCase(),
        notes: cell('note'),
      }),
    );
  }
}

const isFuelings = (
  file: SpritmonitorFile,
): file is SpritmonitorFile & { layout: { kind: 'fuelings' } } => file.layout.kind === 'fuelings';
const isCosts = (
  file: SpritmonitorFile,
): file is SpritmonitorFile & { layout: { kind: 'costs' } } => file.layout.kind === 'costs';

/** One vehicle for the upload, or one per id when the files are of several vehicles. */
function vehiclesOf(files: SpritmonitorFile[]): Map<SpritmonitorFile, SourceVehicle> {
  const ids = [...new Set(files.map(({ file }) => vehicleIdOf(file)))];
  const nameOf = (id: string | undefined) =>
    id === undefined ? 'Spritmonitor vehicle' : `Spritmonitor vehicle ${id}`;
  const keyOf = (id: string | undefined) =>
    ids.length === 1 ? 'spritmonitor' : `spritmonitor-${id ?? 'unnamed'}`;
  const byId = new Map(ids.map((id) => [id, { key: keyOf(id), name: nameOf(id) }]));
  return new Map(files.map((file) => [file, byId.get(vehicleIdOf(file.file))!]));
}

export const spritmonitorSource: ImportSource = {
  format: 'spritmonitor',
  label: 'Spritmonitor',
  detect(files) {
    for (const file of files) {
      const found = headerOf(file);
      if (found)
        return { format: 'spritmonitor', evidence: evidenceOf(found.header, found.layout) };
    }
    return null;
  },
  read(files) {
    const spritmonitorFiles = files
      .map(readFile)
      .filter((file): file is SpritmonitorFile => file !== null);
    if (spritmonitorFiles.length === 0) {
      throw new Error(
        'No Spritmonitor export found: its header has Date, Odometer and Quantity or Cost type',
      );
    }
    const reading: SourceReading = { vehicles: [], rows: [], problems: [], stated: {} };
    const vehicles = vehiclesOf(spritmonitorFiles);
    for (const file of spritmonitorFiles) {
      const vehicle = vehicles.get(file)!.key;
      if (isFuelings(file)) readFuelings(file, vehicle, reading);
      else if (isCosts(file)) readCosts(file, vehicle, reading);
    }
    reading.vehicles = [...new Set(vehicles.values())];
    // The English costs header is not documented: a fuelings file vouches for both when the
    // costs file is as untouched (still `;`-separated).
    const isUntouched =
      spritmonitorFiles.every((file) => file.isSemicolonSeparated) &&
      spritmonitorFiles.some((file) => file.isDocumentedHeader);
    if (isUntouched) {
      reading.stated = {
        decimalSeparator: { value: ',', evidence: 'Spritmonitor exports use a decimal comma' },
        dateFormat: { value: 'DD.MM.YYYY', evidence: 'Spritmonitor exports use DD.MM.YYYY dates' },
      };
    }
    // The German header names the odometer by its unit, "Km-Stand"; the English "Odometer" and
    // the quantity's header say nothing, and the pipeline asks (offering what the currency suggests).
    if (spritmonitorFiles.some((file) => file.layout.language === 'German')) {
      reading.stated.distanceUnit = { value: 'km', evidence: "Spritmonitor's header: Km-Stand" };
    }
    return reading;
  },
};
