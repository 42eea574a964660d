/**
 * Drivvo exports built from the documented layouts (research §4.3), with the app's traps: `#`
 * section markers padded to the header's width, localized headers (the 30-column Portuguese
 * refuelling layout; the Russian one without a vehicle column and with `"Полный бак" 2`, the digit
 * outside the quotes), localized yes/no, `0.0` for an odometer not recorded, two fuels at one
 * stop, electric charges, a computed consumption like `"6,414 л/100км"` beside plain decimals,
 * dates with and without seconds, a BOM, CR-only or CRLF line ends, and the `;` variant with
 * decimal commas. For the readers' tests, the pipeline's end-to-end test and its benchmark.
 */
import type { ImportFile } from '../../modules/imports/sources/source';
import { textFile } from './test-files';

export type DrivvoLanguage = 'pt' | 'en' | 'es' | 'ru';

export type DrivvoCsvOptions = {
  language?: DrivvoLanguage;
  /** `;` exports write decimal commas. */
  delimiter?: ',' | ';';
  /** iPhone exports end lines with a bare CR. */
  lineEnd?: '\r\n' | '\n' | '\r';
  /** Adds this many plain fill-ups after the sample's own, for a big file. */
  rows?: number;
  fileName?: string;
};

type FuelName = 'gasoline' | 'ethanol' | 'electric' | 'none';

type Fuel = { name: FuelName; price: string; total: string; volume: string; isFull: boolean };

type Refuelling = {
  odometer: string;
  date: string;
  fuels: Fuel[];
  average?: string;
  charge?: { type: string; before: string; after: string; minutes: string };
  station?: string;
  driver?: string;
  reason?: string;
  notes?: string;
  vehicle: string;
};

type Service = {
  odometer: string;
  date: string;
  cost: string;
  type: 'oil' | 'rotation' | 'inspection';
  place?: string;
  driver?: string;
  notes?: string;
  vehicle: string;
};

type Layout = {
  refuellingMarker: string;
  serviceMarker: string;
  /** In order; a language without a vehicle column exports one car per file. */
  refuellingHeader: string[];
  serviceHeader: string[];
  expenseHeader: string[];
  hasVehicleColumn: boolean;
  /** Quotes around every cell, as the Russian export writes them. */
  quotesEverything: boolean;
  yes: string;
  no: string;
  fuels: Record<FuelName, string>;
  services: Record<Service['type'], string>;
  /** Drivvo's computed consumption, a number with its unit: read by no one. */
  average: (figure: string) => string;
  expenses: [string, string];
};

const PORTUGUESE_REFUELLING = [
  'Odômetro (km)',
  'Data',
  'Combustível',
  'Preço / L',
  'Valor total',
  'Volume',
  'Completou o tanque',
  'Segundo combustível',
  'Preço / L',
  'Valor total',
  'Volume',
  'Completou o tanque 2',
  'Terceiro combustível',
  'Preço / L',
  'Valor total',
  'Volume',
  'Completou o tanque 3',
  'Média',
  'Distância',
  'Tipo de recarga',
  'Bateria inicial (%)',
  'Bateria final (%)',
  'Duração (min)',
  'Posto de combustível',
  'Motorista',
  'Motivo',
  'Forma de pagamento',
  'Observação',
  'Desconto',
  'Veiculo',
];

export const DRIVVO_LAYOUTS: Record<DrivvoLanguage, Layout> = {
  pt: {
    refuellingMarker: '##Refuelling',
    serviceMarker: '##Service',
    refuellingHeader: PORTUGUESE_REFUELLING,
    serviceHeader: [
      'Odômetro (km)',
      'Data',
      'Valor total',
      'Tipo de serviço',
      'Local',
      'Motorista',
      'Forma de pagamento',
      'Observação',
      'Desconto',
      'Veiculo',
    ],
    expenseHeader: [
      'Odômetro (km)',
      'Data',
      'Valor total',
      'Tipo de despesa',
      'Local',
      'Motorista',
      'Forma de pagamento',
      'Observação',
      'Desconto',
      'Veiculo',
    ],
    hasVehicleColumn: true,
    quotesEverything: false,
    yes: 'Sim',
    no: 'Não',
    fuels: { gasoline: 'Gasolina comum', ethanol: 'Etanol', electric: 'Elétrico', none: '' },
    services: { oil: 'Troca de óleo', rotation: 'Pneus - Rodízio', inspection: 'Revisão' },
    average: (figure) => `${figure} km/l`,
    expenses: ['IPVA', 'Estacionamento'],
  },
  en: {
    refuellingMarker: '##Refuelling',
    serviceMarker: '##Service',
    refuellingHeader: [
      'Odometer (km)',
      'Date',
      'Fuel',
      'Price / L',
      'Total cost',
      'Volume',
      'Full tank',
      'Second fuel',
      'Price / L',
      'Total cost',
      'Volume',
      'Full tank 2',
      'Third fuel',
      'Price / L',
      'Total cost',
      'Volume',
      'Full tank 3',
      'Average',
      'Distance',
      'Charge type',
      'Initial battery (%)',
      'Final battery (%)',
      'Duration (min)',
      'Gas station',
      'Driver',
      'Reason',
      'Payment method',
      'Notes',
      'Discount',
      'Vehicle',
    ],
    serviceHeader: [
      'Odometer (km)',
      'Date',
      'Total cost',
      'Service type',
      'Place',
      'Driver',
      'Payment method',
      'Notes',
      'Discount',
      'Vehicle',
    ],
    expenseHeader: [
      'Odometer (km)',
      'Date',
      'Total cost',
      'Expense type',
      'Place',
      'Driver',
      'Payment method',
      'Notes',
      'Discount',
      'Vehicle',
    ],
    hasVehicleColumn: true,
    quotesEverything: false,
    yes: 'Yes',
    no: 'No',
    fuels: { gasoline: 'Regular gasoline', ethanol: 'Ethanol', electric: 'Electric', none: '' },
    services: { oil: 'Oil change', rotation: 'Tires - Rotation', inspection: 'Inspection' },
    average: (figure) => `${figure} km/l`,
    expenses: ['Insurance', 'Parking'],
  },
  es: {
    refuellingMarker: '#Reabastecimiento',
    serviceMarker: '#Servicio',
    refuellingHeader: [
      'Odómetro (km)',
      'Fecha',
      'Combustible',
      'Precio / L',
      'Costo total',
      'Volumen',
      'Tanque lleno',
      'Segundo combustible',
      'Precio / L',
      'Costo total',
      'Volumen',
      'Tanque lleno 2',
      'Tercer combustible',
      'Precio / L',
      'Costo total',
      'Volumen',
      'Tanque lleno 3',
      'Media',
      'Distancia',
      'Tipo de carga',
      'Batería inicial (%)',
      'Batería final (%)',
      'Duración (min)',
      'Gasolinera',
      'Conductor',
      'Razón',
      'Forma de pago',
      'Observación',
      'Descuento',
      'Vehículo',
    ],
    serviceHeader: [
      'Odómetro (km)',
      'Fecha',
      'Costo total',
      'Tipo de servicio',
      'Lugar',
      'Conductor',
      'Forma de pago',
      'Observación',
      'Descuento',
      'Vehículo',
    ],
    expenseHeader: [
      'Odómetro (km)',
      'Fecha',
      'Costo total',
      'Tipo de gasto',
      'Lugar',
      'Conductor',
      'Forma de pago',
      'Observación',
      'Descuento',
      'Vehículo',
    ],
    hasVehicleColumn: true,
    quotesEverything: false,
    yes: 'Sí',
    no: 'No',
    fuels: { gasoline: 'Gasolina regular', ethanol: 'Etanol', electric: 'Eléctrico', none: '' },
    services: {
      oil: 'Cambio de aceite',
      rotation: 'Neumáticos - Rotación',
      inspection: 'Revisión',
    },
    average: (figure) => `${figure} km/l`,
    expenses: ['Seguro', 'Estacionamiento'],
  },
  ru: {
    refuellingMarker: '##Refuelling',
    serviceMarker: '##Service',
    // As exported: the second and third full-tank headers are `"Полный бак" 2`, see cellText.
    refuellingHeader: [
      'Одометр (км)',
      'Дата',
      'Топливо',
      'Цена / л',
      'Общая стоимость',
      'Объем',
      'Полный бак',
      'Второе топливо',
      'Цена / л',
      'Общая стоимость',
      'Объем',
      'Полный бак 2',
      'Третье топливо',
      'Цена / л',
      'Общая стоимость',
      'Объем',
      'Полный бак 3',
      'Эффективный расход топлива',
      'Расстояние',
      'Тип зарядки',
      'Начальный заряд (%)',
      'Конечный заряд (%)',
      'Длительность (мин)',
      'Азс',
      'Водитель',
      'Тип расхода',
      'Метод оплаты',
      'Примечание',
      'Скидка',
    ],
    serviceHeader: [
      'Одометр (км)',
      'Дата',
      'Общая стоимость',
      'Вид сервиса',
      'Название сервиса',
      'Водитель',
      'Метод оплаты',
      'Примечание',
      'Скидка',
    ],
    expenseHeader: [
      'Одометр (км)',
      'Дата',
      'Общая стоимость',
      'Вид расхода',
      'Водитель',
      'Метод оплаты',
      'Примечание',
      'Скидка',
    ],
    hasVehicleColumn: false,
    quotesEverything: true,
    yes: 'Да',
    no: 'Нет',
    fuels: { gasoline: 'Бензин АИ-95', ethanol: 'Этанол', electric: 'Электричество', none: '' },
    services: { oil: 'Замена масла', rotation: 'Шины - Перестановка', inspection: 'ТО' },
    average: (figure) => `${figure} л/100км`,
    expenses: ['Страхование', 'Парковка'],
  },
};

export const DRIVVO_FLEX_CAR = 'Onix 2019';
export const DRIVVO_ELECTRIC_CAR = 'Dolphin 2024';

/** The sample's fill-ups and charges, one per line from line 3, numbers with a decimal point. */
const REFUELLINGS: Refuelling[] = [
  {
    odometer: '45210',
    date: '2026-09-15 9:05',
    fuels: [{ name: 'gasoline', price: '5.89', total: '235.60', volume: '40', isFull: true }],
    average: '6.414',
    station: 'Posto Shell Centro',
    driver: 'Ana',
    reason: 'Trabalho',
    notes: 'Viagem a Campinas',
    vehicle: DRIVVO_FLEX_CAR,
  },
  {
    odometer: '45700',
    date: '2026-09-28 18:40:12',
    fuels: [
      { name: 'gasoline', price: '5.79', total: '115.80', volume: '20', isFull: false },
      { name: 'ethanol', price: '3.99', total: '79.80', volume: '20', isFull: true },
    ],
    vehicle: DRIVVO_FLEX_CAR,
  },
  {
    odometer: '0.0',
    date: '2026-10-03 07:15:00',
    fuels: [{ name: 'ethanol', price: '4.05', total: '162.00', volume: '40', isFull: true }],
    vehicle: DRIVVO_FLEX_CAR,
  },
  {
    odometer: '12050',
    date: '2026-10-05 22:10:00',
    fuels: [{ name: 'electric', price: '0.95', total: '38.00', volume: '40', isFull: true }],
    charge: { type: 'AC', before: '20', after: '80', minutes: '240' },
    vehicle: DRIVVO_ELECTRIC_CAR,
  },
  {
    odometer: '12400',
    date: '2026-10-12 08:00:00',
    fuels: [{ name: 'none', price: '0.79', total: '31.60', volume: '40', isFull: true }],
    charge: { type: 'DC', before: '35', after: '85', minutes: '45' },
    vehicle: DRIVVO_ELECTRIC_CAR,
  },
  {
    odometer: '46000',
    date: '',
    fuels: [{ name: 'gasoline', price: '5.89', total: '58.90', volume: '10', isFull: true }],
    vehicle: DRIVVO_FLEX_CAR,
  },
  {
    odometer: '46100',
    date: '2026-10-20 10:00:00',
    fuels: [{ name: 'gasoline', price: '', total: '', volume: '0', isFull: true }],
    vehicle: DRIVVO_FLEX_CAR,
  },
];

const SERVICES: Service[] = [
  {
    odometer: '45500',
    date: '2026-09-20 10:00:00',
    cost: '350.00',
    type: 'oil',
    place: 'Oficina do João',
    driver: 'Ana',
    notes: 'Com filtro',
    vehicle: DRIVVO_FLEX_CAR,
  },
  {
    odometer: '0.0',
    date: '2026-10-01 09:30:00',
    cost: '80.00',
    type: 'rotation',
    vehicle: DRIVVO_FLEX_CAR,
  },
  {
    odometer: '12100',
    date: '2026-10-07 14:00:00',
    cost: '0',
    type: 'inspection',
    place: 'Concessionária BYD',
    notes: 'Revisão de 12 mil km',
    vehicle: DRIVVO_ELECTRIC_CAR,
  },
];

/** Plain fill-ups of the flex car, to make a big file; deterministic. */
function plainRefuelling(index: number): Refuelling {
  const day = new Date(Date.UTC(2010, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  const price = (5 + (index % 100) / 100).toFixed(2);
  const volume = (30 + (index % 20)).toString();
  return {
    odometer: String(100_000 + index * 400),
    date: `${day} 12:00:00`,
    fuels: [
      {
        name: 'gasoline',
        price,
        total: (Number(price) * Number(volume)).toFixed(2),
        volume,
        isFull: index % 7 !== 0,
      },
    ],
    vehicle: DRIVVO_FLEX_CAR,
  };
}

/** A number as the export writes it: `;` files with a decimal comma. */
function spelled(value: string, delimiter: ',' | ';'): string {
  return delimiter === ';' ? value.replace('.', ',') : value;
}

function refuellingCells(entry: Refuelling, layout: Layout, delimiter: ',' | ';'): string[] {
  const fuelCells = (fuel: Fuel | undefined): string[] =>
    fuel
      ? [
          layout.fuels[fuel.name],
          spelled(fuel.price, delimiter),
          spelled(fuel.total, delimiter),
          spelled(fuel.volume, delimiter),
          fuel.isFull ? layout.yes : layout.no,
        ]
      : ['', '0', '0', '0', layout.no];
  const cells = [
    spelled(entry.odometer, delimiter),
    entry.date,
    ...fuelCells(entry.fuels[0]),
    ...fuelCells(entry.fuels[1]),
    ...fuelCells(entry.fuels[2]),
    // The consumption is written with a decimal comma whatever the file's convention.
    entry.average ? layout.average(entry.average.replace('.', ',')) : '',
    '',
    entry.charge?.type ?? '',
    entry.charge?.before ?? '0',
    entry.charge?.after ?? '0',
    entry.charge?.minutes ?? '0',
    entry.station ?? '',
    entry.driver ?? '',
    entry.reason ?? '',
    'Crédito',
    entry.notes ?? '',
    '0',
  ];
  return layout.hasVehicleColumn ? [...cells, entry.vehicle] : cells;
}

function serviceCells(entry: Service, layout: Layout, delimiter: ',' | ';'): string[] {
  const cells = [
    spelled(entry.odometer, delimiter),
    entry.date,
    spelled(entry.cost, delimiter),
    layout.services[entry.type],
    entry.place ?? '',
    entry.driver ?? '',
    '',
    entry.notes ?? '',
    '0',
  ];
  return layout.hasVehicleColumn ? [...cells, entry.vehicle] : cells;
}

function expenseCells(type: string, cost: string, layout: Layout, delimiter: ',' | ';'): string[] {
  const cells = layout.hasVehicleColumn
    ? ['45300', '2026-09-18 12:00:00', spelled(cost, delimiter), type, '', '', '', '', '0']
    : ['45300', '2026-09-18 12:00:00', spelled(cost, delimiter), type, '', '', '', '0'];
  return layout.hasVehicleColumn ? [...cells, DRIVVO_FLEX_CAR] : cells;
}

/**
 * A cell as the export writes it: quoted when it holds the delimiter or a quote, or always in a
 * Russian export; there, a block digit after a header goes outside the quotes.
 */
function cellText(cell: string, layout: Layout, delimiter: ',' | ';', isHeader: boolean): string {
  const blockDigit = isHeader && layout.quotesEverything ? /^(.*) ([23])$/.exec(cell) : null;
  if (blockDigit) return `"${blockDigit[1]}" ${blockDigit[2]}`;
  const needsQuotes = layout.quotesEverything || cell.includes(delimiter) || cell.includes('"');
  return needsQuotes ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A Drivvo export; the default is the Portuguese one, two cars, comma-delimited, CRLF, BOM. */
export function drivvoCsv(options: DrivvoCsvOptions = {}): ImportFile {
  const { language = 'pt', delimiter = ',', lineEnd = '\r\n', rows = 0 } = options;
  const layout = DRIVVO_LAYOUTS[language];
  const line = (cells: string[], isHeader = false) =>
    cells.map((cell) => cellText(cell, layout, delimiter, isHeader)).join(delimiter);
  // Drivvo pads a marker with delimiters to the width of the header below it.
  const marker = (text: string, width: number) => text + delimiter.repeat(width - 1);
  const refuellings = [
    ...REFUELLINGS,
    ...Array.from({ length: rows }, (_, index) => plainRefuelling(index)),
  ];
  const lines = [
    marker(layout.refuellingMarker, layout.refuellingHeader.length),
    line(layout.refuellingHeader, true),
    ...refuellings.map((entry) => line(refuellingCells(entry, layout, delimiter))),
    '',
    marker(layout.serviceMarker, layout.serviceHeader.length),
    line(layout.serviceHeader, true),
    ...SERVICES.map((entry) => line(serviceCells(entry, layout, delimiter))),
    '',
    '##Expense',
    line(layout.expenseHeader, true),
    line(expenseCells(layout.expenses[0], '1200.00', layout, delimiter)),
    line(expenseCells(layout.expenses[1], '25.00', layout, delimiter)),
    '',
    '#Income',
    line(['Date', 'Value', 'Type'], true),
    line(['2026-09-30 18:00:00', '150.00', 'Uber']),
  ];
  const name = options.fileName ?? '20261021_101500_DRIVVO.csv';
  return textFile(name, `\uFEFF${lines.join(lineEnd)}${lineEnd}`);
}

/**
 * An export in a language the reader does not know, for the message it must give. Drivvo's
 * Italian layout is not documented: the header holds only the columns a real Italian export was
 * reported to have (`Chilometraggio`, `Prezzo`, `Totale`) and two it shares with Portuguese
 * (`Data`, `Volume`), in the order of the documented 30-column layout.
 */
export function drivvoItalianCsv(): ImportFile {
  const lines = [
    '##Refuelling,,,,',
    'Chilometraggio (km),Data,Prezzo / L,Totale,Volume',
    '45210,2026-09-15 9:05:00,1.899,75.96,40',
    '45700,2026-09-28 18:40:12,1.859,74.36,40',
  ];
  return textFile('drivvo-it.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
}

/**
 * A Russian export in roubles, where Drivvo's quantity is total ÷ price rounded to 3 decimals:
 * quantity × price misses the total by more than a cent. Hand-computed:
 * - 2,500.00 ÷ 55.00 = 45.4545… → 45.455; 45.455 × 55.00 = 2,500.025 → 2,500.03 (3 kopecks over)
 * - 1,500.00 ÷ 54.90 = 27.3224… → 27.322; 27.322 × 54.90 = 1,499.9778 → 1,499.98 (2 under)
 * - 3,000.00 ÷ 57.10 = 52.5394… → 52.539; 52.539 × 57.10 = 2,999.9769 → 2,999.98 (2 under)
 * - a row whose price is not the one paid: 45.565 × 55.00 = 2,506.08 against a total of 2,500.00;
 *   2,500.00 ÷ 45.565 = 54.8667… → 54.867.
 */
export function drivvoRoubleCsv(): ImportFile {
  const layout = DRIVVO_LAYOUTS.ru;
  const fill = (odometer: string, date: string, price: string, total: string, volume: string) =>
    ({
      odometer,
      date,
      fuels: [{ name: 'gasoline', price, total, volume, isFull: true }],
      vehicle: DRIVVO_FLEX_CAR,
    }) satisfies Refuelling;
  const refuellings = [
    fill('61200', '2026-03-02 08:10:00', '55.00', '2500.00', '45.455'),
    fill('61650', '2026-03-09 18:30:00', '54.90', '1500.00', '27.322'),
    fill('61980', '2026-03-14 09:00:00', '55.00', '2500.00', '45.565'),
    fill('62500', '2026-03-21 12:45:00', '57.10', '3000.00', '52.539'),
  ];
  const line = (cells: string[], isHeader = false) =>
    cells.map((cell) => cellText(cell, layout, ',', isHeader)).join(',');
  const lines = [
    `${layout.refuellingMarker}${','.repeat(layout.refuellingHeader.length - 1)}`,
    line(layout.refuellingHeader, true),
    ...refuellings.map((entry) => line(refuellingCells(entry, layout, ','))),
  ];
  return textFile('drivvo-rub.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
}
