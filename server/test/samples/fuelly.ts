/**
 * Fuelly web exports built from the documented layouts (research §4.1), never from a user's
 * file, for the reader's tests, the pipeline's end-to-end test and the benchmark. Each holds the
 * traps: the header that changes with the units (and its double space), two vehicles in one
 * file, a partial and a missed fill-up, a note with a comma, a fill-up without odometer, and two
 * rows that cannot be read (no quantity on line 6, no date on line 7). On request, one more row
 * dated a day its month does not have (2024-02-30), as a hand-edited file may hold.
 */
import { textFile } from './test-files';

export type FuellyUnits = 'metric' | 'imperial';
type DateSpelling = 'iso' | 'us';

/** The headers as Fuelly writes them; the metric one has a double space before `odometer`. */
const WEB_HEADERS: Record<FuellyUnits, string> = {
  metric:
    'car_name, model, l/100km,  odometer, km, litres, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand',
  imperial:
    'car_name, model, mpg, odometer, miles, gallons, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand',
};

type Figures = {
  economy: string;
  odometer: string;
  distance: string;
  quantity: string;
  price: string;
};

type SampleFillUp = {
  vehicle: 'sx4' | 'tenere';
  /** ISO; empty for the row without a date. */
  date: string;
  figures: Record<FuellyUnits, Figures>;
  tags?: string;
  notes?: string;
  isMissed?: boolean;
  isPartial?: boolean;
  brand?: string;
};

const VEHICLES = {
  sx4: { name: 'My SX4', model: 'Suzuki SX4' },
  tenere: { name: 'Ténéré', model: 'Yamaha Ténéré 700' },
} as const;

/** Lines 2 to 7 of every web sample. */
export const FUELLY_TRAP_ROWS: readonly SampleFillUp[] = [
  {
    vehicle: 'sx4',
    date: '2024-01-03',
    figures: {
      metric: {
        economy: '9.85',
        odometer: '222998.0',
        distance: '315.995',
        quantity: '31.139',
        price: '1.139',
      },
      imperial: {
        economy: '23.9',
        odometer: '138564.0',
        distance: '196.3',
        quantity: '8.226',
        price: '4.311',
      },
    },
  },
  {
    vehicle: 'sx4',
    date: '2024-01-10',
    figures: {
      metric: {
        economy: '',
        odometer: '223310.5',
        distance: '312.5',
        quantity: '15.020',
        price: '1.159',
      },
      imperial: {
        economy: '',
        odometer: '138758.2',
        distance: '194.2',
        quantity: '3.968',
        price: '4.387',
      },
    },
    tags: 'work',
    notes: 'Half tank, the queue was long',
    isPartial: true,
    brand: 'Shell',
  },
  {
    vehicle: 'tenere',
    date: '2024-01-12',
    figures: {
      metric: { economy: '5.10', odometer: '', distance: '', quantity: '9.870', price: '1.219' },
      imperial: { economy: '46.1', odometer: '', distance: '', quantity: '2.607', price: '4.614' },
    },
    notes: 'Odometer not noted',
  },
  {
    vehicle: 'sx4',
    date: '2024-01-20',
    figures: {
      metric: {
        economy: '8.90',
        odometer: '223905.0',
        distance: '594.5',
        quantity: '30.500',
        price: '1.149',
      },
      imperial: {
        economy: '26.4',
        odometer: '139127.6',
        distance: '369.4',
        quantity: '8.057',
        price: '4.349',
      },
    },
    isMissed: true,
  },
  {
    vehicle: 'tenere',
    date: '2024-01-25',
    figures: {
      metric: { economy: '', odometer: '6120.0', distance: '', quantity: '', price: '1.239' },
      imperial: { economy: '', odometer: '3802.9', distance: '', quantity: '', price: '4.690' },
    },
  },
  {
    vehicle: 'sx4',
    date: '',
    figures: {
      metric: {
        economy: '',
        odometer: '224200.0',
        distance: '',
        quantity: '28.000',
        price: '1.100',
      },
      imperial: {
        economy: '',
        odometer: '139310.9',
        distance: '',
        quantity: '7.397',
        price: '4.164',
      },
    },
  },
];

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
const flag = (value: boolean | undefined) => (value ? '1' : '0');

/** `2024-01-03` as `01/03/2024`, the US spelling other Fuelly exports use. */
function spellDate(isoDate: string, dates: DateSpelling): string {
  if (isoDate === '' || dates === 'iso') return isoDate;
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

/** A plausible fill-up for big samples: two vehicles by turns, a day apart. */
function fillerFillUp(index: number): SampleFillUp {
  const date = new Date(Date.UTC(2024, 1, 1 + index)).toISOString().slice(0, 10);
  const litres = (28 + (index % 9)).toFixed(3);
  const gallons = ((28 + (index % 9)) / 3.785).toFixed(3);
  return {
    vehicle: index % 2 === 0 ? 'sx4' : 'tenere',
    date,
    figures: {
      metric: {
        economy: '8.50',
        odometer: (225_000 + index * 420).toFixed(1),
        distance: '420.0',
        quantity: litres,
        price: (1.1 + (index % 13) / 100).toFixed(3),
      },
      imperial: {
        economy: '27.7',
        odometer: (140_000 + index * 261).toFixed(1),
        distance: '261.0',
        quantity: gallons,
        price: (4.1 + (index % 13) / 100).toFixed(3),
      },
    },
  };
}

/** A fill-up on a 30 February: a date in no order, which must not make the others doubtful. */
const IMPOSSIBLE_DATE_FILL_UP: SampleFillUp = {
  vehicle: 'sx4',
  date: '2024-02-30',
  figures: {
    metric: {
      economy: '',
      odometer: '226000.0',
      distance: '',
      quantity: '30.000',
      price: '1.199',
    },
    imperial: {
      economy: '',
      odometer: '140430.0',
      distance: '',
      quantity: '7.926',
      price: '4.539',
    },
  },
};

/** The trap rows first, then filler fill-ups up to `rows` in all. */
function sampleFillUps(rows: number): SampleFillUp[] {
  const fillers = Math.max(0, rows - FUELLY_TRAP_ROWS.length);
  return [
    ...FUELLY_TRAP_ROWS,
    ...Array.from({ length: fillers }, (_, index) => fillerFillUp(index)),
  ];
}

/**
 * Fuelly's web export, metric (`l/100km, odometer, km, litres`) or imperial (`mpg, odometer,
 * miles, gallons`), its dates ISO or US, with `rows` fill-ups (10,000 makes a big file).
 */
export function fuellyWebCsv(
  options: {
    units?: FuellyUnits;
    dates?: DateSpelling;
    rows?: number;
    /** Appends a fill-up dated 2024-02-30 after the others. */
    hasImpossibleDate?: boolean;
  } = {},
) {
  const { units = 'metric', dates = 'iso', rows = FUELLY_TRAP_ROWS.length } = options;
  const fillUps = [
    ...sampleFillUps(rows),
    ...(options.hasImpossibleDate ? [IMPOSSIBLE_DATE_FILL_UP] : []),
  ];
  const lines = fillUps.map((fillUp) => {
    const vehicle = VEHICLES[fillUp.vehicle];
    const figures = fillUp.figures[units];
    const date = spellDate(fillUp.date, dates);
    return [
      quote(vehicle.name),
      quote(vehicle.model),
      figures.economy,
      figures.odometer,
      figures.distance,
      figures.quantity,
      figures.price,
      '50',
      date,
      date === '' ? '' : `${date} 23:53:49`,
      quote(fillUp.tags ?? ''),
      quote(fillUp.notes ?? ''),
      flag(fillUp.isMissed),
      flag(fillUp.isPartial),
      '',
      '',
      quote(fillUp.brand ?? ''),
    ].join(',');
  });
  return textFile(`fuelly-${units}.csv`, `${[WEB_HEADERS[units], ...lines].join('\n')}\n`);
}

/** The title-case variant May reads: `Name, Model, MPG, …, Fuelup Date`, and a `Partial` column. */
export function fuellyTitleCaseCsv(options: { rows?: number } = {}) {
  const { rows = FUELLY_TRAP_ROWS.length } = options;
  const header =
    'Name,Model,MPG,Odometer,Miles,Gallons,Price,Fuelup Date,Date Added,Tags,Notes,Partial';
  const lines = sampleFillUps(rows).map((fillUp) => {
    const vehicle = VEHICLES[fillUp.vehicle];
    const figures = fillUp.figures.imperial;
    const date = spellDate(fillUp.date, 'us');
    return [
      quote(vehicle.name),
      quote(vehicle.model),
      figures.economy,
      figures.odometer,
      figures.distance,
      figures.quantity,
      figures.price,
      date,
      date,
      quote(fillUp.tags ?? ''),
      quote(fillUp.notes ?? ''),
      flag(fillUp.isPartial),
    ].join(',');
  });
  return textFile('fuelly-title-case.csv', `${[header, ...lines].join('\r\n')}\r\n`);
}

/**
 * A Fuelly export with the fill-up's total beside the unit price, as the iOS app's has (research
 * §4.1; the column's exact name is not documented, `total` is assumed): one vehicle, two rows, the
 * second without a unit price, read from its total instead.
 */
export function fuellyWithTotalCsv() {
  return textFile(
    'fuelly-ios.csv',
    [
      'car_name,model,mpg,odometer,miles,gallons,price,total,fuelup_date,notes,missed_fuelup,partial_fuelup',
      '"Civic","Honda Civic",,10250,,10.512,3.459,36.36,2024-03-02,"",0,0',
      '"Civic","Honda Civic",31.2,10578,328,10.504,,36.75,2024-03-09,"",0,0',
      '',
    ].join('\n'),
  );
}
