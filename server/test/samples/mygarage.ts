/**
 * MyGarage sample files, built from the documented layouts (research §4.9; homelabforge/mygarage
 * `routes/export.py` and `utils/csv_emission.py`), never from a user's export. Each holds
 * MyGarage's traps: the units named only by the `unit_system` marker (v5), by header tokens (v6,
 * `Volume (gal_uk)`) or by nothing at all (the unversioned v2 export in miles and US gallons);
 * Yes/No flags; a charge whose kWh the export leaves out (its price per kWh only survives in a
 * litre file); a fill-up without an odometer; a text guarded against spreadsheet formulas with a
 * leading apostrophe; a rebate; detailing visits, which are not maintenance.
 */
import { textFile } from './test-files';

const KM_PER_MILE = 1.609344;
const LITRES_PER = { L: 1, galUS: 3.785411784, galUK: 4.54609 } as const;

export const MYGARAGE_VEHICLE_NAME = '2021 Toyota RAV4 Prime';
const FILE_STEM = '2021_Toyota_RAV4 Prime';

/** A fill-up or charge as MyGarage stores it: metric, canonical. */
type FuelRecord = {
  date: string;
  filledAt: string;
  odometerKm: number | null;
  liters: number | null;
  pricePerLiter: number | null;
  rebate: number | null;
  cost: number | null;
  isFullTank: boolean;
  missedFillup: boolean;
  fuelTypeUsed: string;
  station: string;
  socStart: number | null;
  socEnd: number | null;
  chargeLevel: string;
  chargeLocation: string;
  notes: string;
};

function isoDay(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const blank: Omit<FuelRecord, 'date' | 'filledAt'> = {
  odometerKm: null,
  liters: null,
  pricePerLiter: null,
  rebate: null,
  cost: null,
  isFullTank: true,
  missedFillup: false,
  fuelTypeUsed: 'gasoline',
  station: '',
  socStart: null,
  socEnd: null,
  chargeLevel: '',
  chargeLocation: '',
  notes: '',
};

/**
 * The records, in file order (line = index + 2): 0 a home charge (price per kWh 0.15, no kWh),
 * 1 a fill-up without an odometer, 2 a partial one, 3 one after a missed fill-up, 4 one whose note
 * MyGarage guarded with an apostrophe and with a rebate, 5 one with a total only, 6 one without a
 * date, then `rows` regular fill-ups.
 */
function fuelRecords(rows: number): FuelRecord[] {
  const record = (day: string, fields: Partial<FuelRecord>): FuelRecord => ({
    ...blank,
    date: day,
    filledAt: `${day}T08:15:00`,
    ...fields,
  });
  return [
    record('2024-01-02', {
      odometerKm: 10020.5,
      pricePerLiter: 0.15,
      cost: 6.3,
      fuelTypeUsed: 'electric',
      socStart: 20,
      socEnd: 80,
      chargeLevel: 'L2',
      chargeLocation: 'home',
    }),
    record('2024-01-03', { liters: 35.2, pricePerLiter: 1.859, cost: 65.44 }),
    record('2024-01-09', {
      odometerKm: 10400,
      liters: 12.5,
      pricePerLiter: 1.899,
      cost: 23.74,
      isFullTank: false,
    }),
    record('2024-01-16', {
      odometerKm: 10850.25,
      liters: 30.75,
      pricePerLiter: 1.879,
      cost: 57.78,
      missedFillup: true,
      station: 'Costco Fuel',
    }),
    record('2024-01-22', {
      odometerKm: 11300,
      liters: 28,
      pricePerLiter: 1.8,
      rebate: 0.5,
      cost: 50.4,
      notes: "'=cheap Tuesday",
    }),
    record('2024-01-25', { odometerKm: 11400, cost: 40 }),
    record('', { odometerKm: 11500, liters: 10, pricePerLiter: 1.9, cost: 19 }),
    ...Array.from({ length: rows }, (_, index) => {
      const liters = 31.139 + (index % 5) * 1.5;
      const pricePerLiter = 1.449 + (index % 3) / 100;
      return record(isoDay('2024-02-01', index * 7), {
        odometerKm: 11800 + index * 480.5,
        liters,
        pricePerLiter,
        cost: Math.round(liters * pricePerLiter * 100) / 100,
      });
    }),
  ];
}

const csvCell = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
const fixed = (value: number | null, decimals: number) =>
  value === null ? '' : value.toFixed(decimals);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export type MyGarageFuelLayout =
  /** Schema 6: headers name their units with tokens; the marker is metric, imperial or custom. */
  | { schema: 6; units: 'metric' | 'imperial' | 'custom-uk' }
  /** Schema 5: fixed metric or imperial names, the units in the marker. */
  | { schema: 5; units: 'metric' | 'imperial' | 'imperial_uk' }
  /** Before versions (v2): miles and US gallons, no marker columns. */
  | { schema: 2 };

type Column = { header: string; cell: (record: FuelRecord) => string };

function fuelColumns(layout: MyGarageFuelLayout): { marker: string; columns: Column[] } {
  const distance = layout.schema !== 2 && layout.units === 'metric' ? 'km' : 'mi';
  const volume =
    layout.schema === 2
      ? 'galUS'
      : layout.units === 'metric'
        ? 'L'
        : layout.units === 'imperial'
          ? 'galUS'
          : 'galUK';
  // The custom v6 file keeps kilometres with UK gallons: the mix only header tokens can say.
  const distanceUnit = layout.schema === 6 && layout.units === 'custom-uk' ? 'km' : distance;
  const odometer = (record: FuelRecord) =>
    record.odometerKm === null
      ? ''
      : distanceUnit === 'km'
        ? fixed(record.odometerKm, 2)
        : fixed(record.odometerKm / KM_PER_MILE, 3);
  const quantity = (record: FuelRecord) =>
    record.liters === null ? '' : fixed(record.liters / LITRES_PER[volume], volume === 'L' ? 3 : 4);
  // The exporter scales every price by the volume unit, a charge's price per kWh too.
  const price = (record: FuelRecord) =>
    record.pricePerLiter === null ? '' : fixed(record.pricePerLiter * LITRES_PER[volume], 3);
  const common = {
    date: { header: 'Date', cell: (record: FuelRecord) => record.date },
    cost: { header: 'Total Cost', cell: (record: FuelRecord) => fixed(record.cost, 2) },
    full: { header: 'Full Tank', cell: (record: FuelRecord) => yesNo(record.isFullTank) },
    missed: { header: 'Missed Fill-up', cell: (record: FuelRecord) => yesNo(record.missedFillup) },
    hauling: { header: 'Is Hauling', cell: () => 'No' },
    notes: { header: 'Notes', cell: (record: FuelRecord) => record.notes },
  };
  if (layout.schema === 2) {
    return {
      marker: '',
      columns: [
        common.date,
        { header: 'Mileage', cell: odometer },
        { header: 'Gallons', cell: quantity },
        { header: 'Price Per Gallon', cell: price },
        common.cost,
        common.full,
        common.missed,
        common.hauling,
        { header: 'Fuel Type', cell: (record) => record.fuelTypeUsed },
        common.notes,
      ],
    };
  }
  const token = { L: 'L', galUS: 'gal_us', galUK: 'gal_uk' }[volume];
  const headers =
    layout.schema === 6
      ? {
          odometer: `Odometer (${distanceUnit})`,
          volume: `Volume (${token})`,
          price: `Price Per Unit (${token})`,
          temperature: `Outside Temp (${distanceUnit === 'km' ? 'c' : 'f'})`,
          economy: `OBC Economy (${distanceUnit === 'km' ? 'l_100km' : 'mpg_us'})`,
          speed: `OBC Avg Speed (${distanceUnit === 'km' ? 'kmh' : 'mph'})`,
        }
      : layout.units === 'metric'
        ? {
            odometer: 'Odometer (km)',
            volume: 'Liters',
            price: 'Price Per Liter',
            temperature: 'Outside Temp (C)',
            economy: 'OBC L/100km',
            speed: 'OBC Avg Speed (km/h)',
          }
        : {
            odometer: 'Mileage',
            volume: 'Gallons',
            price: 'Price Per Gallon',
            temperature: 'Outside Temp (F)',
            economy: 'OBC MPG',
            speed: 'OBC Avg Speed (mph)',
          };
  const marker =
    layout.schema === 6 ? (layout.units === 'custom-uk' ? 'custom' : layout.units) : layout.units;
  return {
    marker,
    columns: [
      common.date,
      { header: 'Filled At', cell: (record) => (record.date ? record.filledAt : '') },
      { header: headers.odometer, cell: odometer },
      { header: 'Engine Hours', cell: () => '' },
      { header: headers.volume, cell: quantity },
      { header: headers.price, cell: price },
      { header: 'Rebate', cell: (record) => fixed(record.rebate, 2) },
      common.cost,
      common.full,
      common.missed,
      common.hauling,
      { header: 'Fuel Type Used', cell: (record) => record.fuelTypeUsed },
      { header: 'Station ID', cell: () => '' },
      { header: 'Station', cell: (record) => record.station },
      { header: 'Driver ID', cell: () => '' },
      { header: 'Driver', cell: () => '' },
      { header: 'Payment Method', cell: () => '' },
      { header: 'Trip Type', cell: () => '' },
      { header: headers.temperature, cell: () => '' },
      { header: headers.economy, cell: () => '' },
      { header: headers.speed, cell: () => '' },
      { header: 'OBC Trip Duration (s)', cell: () => '' },
      { header: 'SOC Start (%)', cell: (record) => fixed(record.socStart, 1) },
      { header: 'SOC End (%)', cell: (record) => fixed(record.socEnd, 1) },
      { header: 'Charge Level', cell: (record) => record.chargeLevel },
      { header: 'Charge Location', cell: (record) => record.chargeLocation },
      { header: 'Battery SOH (%)', cell: () => '' },
      common.notes,
    ],
  };
}

/** MyGarage's fuel CSV export of one vehicle (`/api/export/vehicles/{vin}/fuel/csv`). */
export function myGarageFuelCsv(
  options: { layout?: MyGarageFuelLayout; rows?: number; name?: string } = {},
) {
  const { layout = { schema: 6, units: 'metric' }, rows = 4 } = options;
  const { marker, columns } = fuelColumns(layout);
  const isVersioned = layout.schema !== 2;
  const header = [
    ...(isVersioned ? ['units_version', 'unit_system'] : []),
    ...columns.map((c) => c.header),
  ];
  const lines = fuelRecords(rows).map((record) =>
    [
      ...(isVersioned ? [String(layout.schema), marker] : []),
      ...columns.map((column) => column.cell(record)),
    ]
      .map(csvCell)
      .join(','),
  );
  const name = options.name ?? `${FILE_STEM}_fuel_records_20240601.csv`;
  // Python's csv module ends every line with CRLF.
  return textFile(name, `${[header.join(','), ...lines].join('\r\n')}\r\n`);
}

/**
 * MyGarage's service CSV export (v6), one row per line item. In order: an oil change, an air
 * filter, an annual inspection, a bumper repair (collision), a lift kit (upgrade), a car wash
 * (detailing, not imported), a row without a date.
 */
export function myGarageServiceCsv(options: { units?: 'metric' | 'imperial' } = {}) {
  const { units = 'metric' } = options;
  const distance = units === 'metric' ? 'km' : 'mi';
  const odometer = (km: number) =>
    units === 'metric' ? km.toFixed(2) : (km / KM_PER_MILE).toFixed(3);
  const rows: [string, string, string, number, string, string, string][] = [
    ['2024-01-20', 'Maintenance', 'Oil Change', 11000, '79.99', 'Quick Lube', 'Synthetic 0W-20'],
    ['2024-01-20', 'Maintenance', 'Air Filter Replacement', 11000, '24.50', 'Quick Lube', ''],
    ['2024-02-10', 'Inspection', 'Annual Safety Inspection', 11900, '35.00', 'State Garage', ''],
    ['2024-03-05', 'Collision', 'Bumper Repair', 12400, '640.00', 'Body Shop, Inc.', 'Parking lot'],
    ['2024-03-20', 'Upgrades', 'Lift Kit', 12900, '1200.00', 'Offroad Pros', ''],
    ['2024-04-01', 'Detailing', 'Car Wash', 13200, '15.00', 'Splash', ''],
    ['', 'Maintenance', 'Tire Rotation', 13500, '20.00', '', ''],
  ];
  const header = `units_version,unit_system,Date,Category,Description,Odometer (${distance}),Engine Hours,Cost,Vendor,Notes`;
  const lines = rows.map(([date, category, description, km, cost, vendor, notes]) =>
    ['6', units, date, category, description, odometer(km), '', cost, vendor, notes]
      .map(csvCell)
      .join(','),
  );
  return textFile(
    `${FILE_STEM}_service_records_20240601.csv`,
    `${[header, ...lines].join('\r\n')}\r\n`,
  );
}

/**
 * MyGarage's vehicle JSON export (`/api/export/vehicles/{vin}/json`). Version 5 is metric
 * (`"units": "metric"`, `odometer_km`, `liters`); version 2, before versions, kept miles and US
 * gallons (`mileage`, `gallons`). Fuel records: 0 a charge priced per kWh (no kWh exported),
 * 1 a fill-up priced per tank, then `rows` fill-ups; service: an oil change, a detailing;
 * one DEF top-up; odometer readings: one, and one without its reading.
 */
export function myGarageVehicleJson(options: { version?: 5 | 2; rows?: number } = {}) {
  const { version = 5, rows = 3 } = options;
  const isMetric = version === 5;
  const distanceKey = isMetric ? 'odometer_km' : 'mileage';
  const volumeKey = isMetric ? 'liters' : 'gallons';
  const distance = (km: number) => (isMetric ? km : Math.round((km / KM_PER_MILE) * 10) / 10);
  const volume = (litres: number) =>
    isMetric ? litres : Math.round((litres / LITRES_PER.galUS) * 1000) / 1000;
  const fuelRecord = (fields: Record<string, unknown>) => ({
    date: null,
    [distanceKey]: null,
    [volumeKey]: null,
    price_per_unit: null,
    ...(isMetric ? { price_basis: 'per_volume', rebate: null } : {}),
    cost: null,
    is_full_tank: true,
    missed_fillup: false,
    is_hauling: false,
    [isMetric ? 'fuel_type_used' : 'fuel_type']: isMetric ? 'gasoline' : 'Regular',
    notes: null,
    ...fields,
  });
  const document = {
    ...(isMetric ? { export_version: '5', units: 'metric' } : {}),
    export_date: '2024-06-01T10:00:00.123456',
    vehicle: {
      vin: 'JTMAB3FV5MD000123',
      year: 2021,
      make: 'Toyota',
      model: 'RAV4 Prime',
      trim: 'XSE',
      color: 'Supersonic Red',
      license_plate: '8ABC123',
      purchase_date: '2021-05-01',
      purchase_price: 48000,
    },
    service_records: [
      {
        date: '2024-01-20',
        service_category: 'Maintenance',
        service_type: 'Oil Change',
        [distanceKey]: distance(11000),
        cost: 79.99,
        vendor_name: 'Quick Lube',
        notes: 'Synthetic 0W-20',
      },
      {
        date: '2024-04-01',
        service_category: 'Detailing',
        service_type: 'Car Wash',
        [distanceKey]: distance(13200),
        cost: 15,
        vendor_name: 'Splash',
        notes: null,
      },
    ],
    fuel_records: [
      ...(isMetric
        ? [
            fuelRecord({
              date: '2024-01-02',
              [distanceKey]: 10020.5,
              price_per_unit: 0.15,
              price_basis: 'per_kwh',
              cost: 6.3,
              fuel_type_used: 'electric',
            }),
            fuelRecord({
              date: '2024-01-04',
              [distanceKey]: 10100,
              [volumeKey]: 20,
              price_per_unit: 37.5,
              price_basis: 'per_tank',
              cost: 37.5,
            }),
          ]
        : []),
      ...Array.from({ length: rows }, (_, index) => {
        const litres = Math.round((31.139 + index) * 1000) / 1000;
        return fuelRecord({
          date: isoDay('2024-02-01', index * 7),
          [distanceKey]: distance(11800 + index * 480.5),
          [volumeKey]: volume(litres),
          price_per_unit: isMetric ? 1.449 : 5.485,
          cost: Math.round(litres * 1.449 * 100) / 100,
          is_full_tank: index !== 1,
        });
      }),
    ],
    ...(isMetric
      ? {
          def_records: [
            {
              date: '2024-03-01',
              odometer_km: 12300,
              liters: 9.5,
              price_per_unit: 0.899,
              cost: 8.54,
              fill_level: null,
              source: 'Truck stop',
              brand: 'BlueDEF',
              notes: null,
            },
          ],
        }
      : {}),
    odometer_records: [
      { date: '2024-05-01', reading: distance(13900), notes: 'Annual check' },
      { date: '2024-05-15', reading: null, notes: null },
    ],
    ...(isMetric ? { hours_records: [] } : { reminders: [] }),
    notes: [{ date: '2024-01-01', title: 'Bought tyres', content: 'Winter set' }],
  };
  return textFile(`${FILE_STEM}_complete_data_20240601.json`, JSON.stringify(document, null, 2));
}
