/**
 * What an import's preview shows before anything is written (decision 055), on a real database:
 * each vehicle's first rows as apply stores them, the columns a reader did not take, a new
 * vehicle's year, make and model asked for rather than made up, and amounts in another currency
 * converted on the user's rate, never relabelled.
 */
import { IMPORT_MESSAGES, IMPORT_RATE_MESSAGE } from '@contract/imports';
import { importPreviewSchema, importResultSchema } from '@contract/schemas/imports';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { energyEntries, imports, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, newVehicle } from '../../test/factory';
import { multipartBody } from '../../test/upload-fixtures';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

const FUELLY_HEADER =
  'car_name, model, l/100km,  odometer, km, litres, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand';

/** A Fuelly metric export of one car: `[odometer, litres, price, missed, partial]` per row. */
function fuellyFile(
  car: { name: string; model: string },
  rows: [string, string, string, string, string][],
  header = FUELLY_HEADER,
) {
  const lines = rows.map(
    ([odometer, litres, price, missed, partial], index) =>
      `"${car.name}","${car.model}",,${odometer},,${litres},${price},50,2024-01-${String(index + 3).padStart(2, '0')},2024-01-03 10:00:00,"","",${missed},${partial},,,""`,
  );
  return { name: 'fuelly.csv', data: Buffer.from(`${[header, ...lines].join('\n')}\n`) };
}

const COROLLA = { name: 'Corolla', model: 'Toyota Corolla' };
const COROLLA_ROWS: [string, string, string, string, string][] = [
  ['10000.0', '40.000', '1.500', '0', '0'],
  ['10500.5', '20.000', '1.600', '0', '1'],
  ['11020.0', '35.500', '1.550', '1', '0'],
];

async function preview(user: SignedInUser, file: { name: string; data: Buffer }) {
  const body = multipartBody([{ name: 'file', filename: file.name, data: file.data }]);
  const response = await inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...as(user), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return importPreviewSchema.parse(response.json());
}

function choose(user: SignedInUser, id: number, payload: object) {
  return inject({ method: 'PATCH', url: `/api/imports/${id}`, headers: as(user), payload });
}

async function chosen(user: SignedInUser, id: number, payload: object) {
  const response = await choose(user, id, payload);
  expect(response.statusCode, response.body).toBe(200);
  return importPreviewSchema.parse(response.json());
}

const apply = (user: SignedInUser, id: number) =>
  inject({ method: 'POST', url: `/api/imports/${id}/apply`, headers: as(user) });

describe('the import preview', () => {
  it('shows each vehicle its first rows as they will be stored: units, amounts, full or partial', async () => {
    const user = await newUser(testApp);
    const shown = await preview(user, fuellyFile(COROLLA, COROLLA_ROWS));
    const [corolla] = shown.vehicles;
    expect(corolla).toMatchObject({ name: 'Corolla', odometerUnit: 'km' });
    expect(corolla!.sampleRows.energy).toEqual([
      {
        date: '2024-01-03',
        odometer: 10000,
        energy: 'gasoline',
        quantity: 40,
        unit: 'L',
        unitPrice: 1.5,
        totalCost: 60,
        isFull: true,
        missedPrevious: false,
      },
      {
        date: '2024-01-04',
        odometer: 10500.5,
        energy: 'gasoline',
        quantity: 20,
        unit: 'L',
        unitPrice: 1.6,
        totalCost: 32,
        isFull: false,
        missedPrevious: false,
      },
      {
        date: '2024-01-05',
        odometer: 11020,
        energy: 'gasoline',
        quantity: 35.5,
        unit: 'L',
        unitPrice: 1.55,
        // 35.5 × 1.55 = 55.025, kept to the cent.
        totalCost: 55.03,
        isFull: true,
        missedPrevious: true,
      },
    ]);
    // Fuelly's own columns that hold nothing we keep are listed, not dropped in silence.
    expect(shown.unknownColumns).toEqual([
      expect.objectContaining({
        file: 'fuelly.csv',
        columns: ['l/100km', 'city_percentage', 'date_added', 'latitude', 'longitude'],
      }),
    ]);
  });

  it('lists a column spelled otherwise (partial_fuel_up) with the spellings it knows, and the rows it leaves full', async () => {
    const user = await newUser(testApp);
    const shown = await preview(
      user,
      fuellyFile(COROLLA, COROLLA_ROWS, FUELLY_HEADER.replace('partial_fuelup', 'partial_fuel_up')),
    );
    const [unknown] = shown.unknownColumns;
    expect(unknown!.file).toBe('fuelly.csv');
    expect(unknown!.columns).toContain('partial_fuel_up');
    expect(unknown!.understood).toContain('partial fuelup');
    // Without the column, the partial fill-up of line 3 would be stored as a full one: shown so.
    expect(shown.vehicles[0]!.sampleRows.energy.map((row) => row.isFull)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("asks a new vehicle's year, make and model the file does not state, and applies only once they are given", async () => {
    const user = await newUser(testApp);
    const shown = await preview(
      user,
      fuellyFile({ name: '2008 Nissan Altima', model: '' }, COROLLA_ROWS),
    );
    const [altima] = shown.vehicles;
    // Nothing is made up: the name is no make, and a fill-up's year is no model year.
    expect(altima).toMatchObject({
      name: '2008 Nissan Altima',
      vehicleId: null,
      details: { year: null, make: null, model: null },
      suggested: { year: 2008, make: 'Nissan', model: 'Altima' },
      needsDetails: true,
    });
    expect(shown.needsChoice).toEqual(['vehicleDetails']);

    const refused = await apply(user, shown.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      IMPORT_MESSAGES.chooseFirst('the year, make and model of each new vehicle'),
    );

    // The bounds of the vehicle create call.
    const tooOld = await choose(user, shown.id, {
      vehicleDetails: { '2008 Nissan Altima': { year: 1800, make: 'Nissan', model: 'Altima' } },
    });
    expect(tooOld.statusCode).toBe(400);
    const noMake = await choose(user, shown.id, {
      vehicleDetails: { '2008 Nissan Altima': { year: 2008, make: '', model: 'Altima' } },
    });
    expect(noMake.statusCode).toBe(400);

    const given = await chosen(user, shown.id, {
      vehicleDetails: { '2008 Nissan Altima': { year: 2008, make: 'Nissan', model: 'Altima' } },
    });
    expect(given.vehicles[0]).toMatchObject({
      details: { year: 2008, make: 'Nissan', model: 'Altima' },
      needsDetails: false,
    });
    expect(given.needsChoice).toEqual([]);
    const applied = await apply(user, shown.id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(importResultSchema.parse(applied.json()).added.vehicles).toBe(1);
    const stored = await db()
      .select({ year: vehicles.year, make: vehicles.make, model: vehicles.model })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    expect(stored).toEqual([{ year: 2008, make: 'Nissan', model: 'Altima' }]);
  });

  it("asks nothing of a vehicle placed in one of the user's", async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user, {
      year: 2019,
      make: 'Toyota',
      model: 'Corolla',
      odometerUnit: 'km',
    });
    const shown = await preview(user, fuellyFile({ name: 'Daily', model: '' }, COROLLA_ROWS));
    expect(shown.needsChoice).toEqual(['vehicleDetails']);
    const placed = await chosen(user, shown.id, { vehicles: { Daily: vehicleId } });
    expect(placed.vehicles[0]).toMatchObject({ vehicleId, needsDetails: false });
    expect(placed.needsChoice).toEqual([]);
    expect((await apply(user, shown.id)).statusCode).toBe(200);
  });

  it("asks a rate for amounts in another currency than the user's, and stores them converted", async () => {
    const user = await newUser(testApp);
    const euros = await inject({
      method: 'PATCH',
      url: '/api/user/preferences',
      headers: as(user),
      payload: { currency: 'EUR', distanceUnit: 'km', volumeUnit: 'L' },
    });
    expect(euros.statusCode, euros.body).toBe(200);
    // Spritmonitor writes a currency on every row: here US dollars, $40.00 for 25 L at $1.60.
    const header =
      'Date;Odometer;Trip;Quantity;Total price;Currency;Type;Tires;Roads;Driving style;Fuel;Note;Consumption;BC-Consumption;BC-Quantity;BC-Speed;Company;Country;Area;Location';
    const file = {
      name: '853999_fuelings.csv',
      data: Buffer.from(
        `${header}\n14.03.2026;52000;610;25,00;40,00;USD;1;1;2;2;7;;;;;;;;;\n28.03.2026;52480;480;30,00;49,95;USD;1;1;2;2;7;;;;;;;;;\n`,
      ),
    };
    let shown = await preview(user, file);
    expect(shown.currency).toBe('EUR');
    expect(shown.foreignCurrencies).toEqual([{ currency: 'USD', rate: null }]);
    expect(shown.needsChoice).toContain('currencyRates');
    // Until a rate is chosen the figures are the file's.
    expect(shown.vehicles[0]!.sampleRows.energy[0]!.totalCost).toBe(40);

    const readings = {
      decimalSeparator: shown.decimalSeparator.value,
      dateFormat: shown.dateFormat.value,
      distanceUnit: shown.units.distance.value,
      volumeUnit: shown.units.volume.value,
    } as const;
    shown = await chosen(user, shown.id, {
      ...Object.fromEntries(
        shown.needsChoice.flatMap((name) =>
          name in readings ? [[name, readings[name as keyof typeof readings]]] : [],
        ),
      ),
      vehicleDetails: {
        [shown.vehicles[0]!.key]: { year: 2021, make: 'Volkswagen', model: 'Passat GTE' },
      },
    });
    expect(shown.needsChoice).toEqual(['currencyRates']);
    expect((await apply(user, shown.id)).statusCode).toBe(409);

    const badRate = await choose(user, shown.id, { currencyRates: { USD: '-1' } });
    expect(badRate.statusCode).toBe(400);
    expect(JSON.stringify(badRate.json())).toContain(IMPORT_RATE_MESSAGE);
    // A currency the file does not name is no choice of this import.
    const otherCurrency = await choose(user, shown.id, { currencyRates: { JPY: '0.006' } });
    expect(otherCurrency.statusCode).toBe(400);
    expect(otherCurrency.json()).toEqual({
      message: 'This import has no amounts in that currency.',
    });

    shown = await chosen(user, shown.id, { currencyRates: { USD: '0.9' } });
    expect(shown.foreignCurrencies).toEqual([{ currency: 'USD', rate: '0.9' }]);
    expect(shown.needsChoice).toEqual([]);
    // $40.00 at 0.9 = €36.00, $1.60/L = €1.44/L; $49.95 at 0.9 = €44.955, kept as €44.96.
    expect(
      shown.vehicles[0]!.sampleRows.energy.map(({ totalCost, unitPrice }) => ({
        totalCost,
        unitPrice,
      })),
    ).toEqual([
      { totalCost: 36, unitPrice: 1.44 },
      { totalCost: 44.96, unitPrice: 1.499 },
    ]);

    const applied = await apply(user, shown.id);
    expect(applied.statusCode, applied.body).toBe(200);
    const stored = await db()
      .select({ totalCost: energyEntries.totalCost, unitPrice: energyEntries.unitPrice })
      .from(energyEntries)
      .where(and(eq(energyEntries.userId, user.id), eq(energyEntries.importId, shown.id)))
      .orderBy(energyEntries.date);
    expect(stored).toEqual([
      { totalCost: '36.00', unitPrice: '1.440' },
      { totalCost: '44.96', unitPrice: '1.499' },
    ]);
  });

  it('still opens an import applied before previews showed rows, columns, details and rates', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user, {
      year: 2019,
      make: 'Toyota',
      model: 'Corolla',
    });
    const shown = await preview(user, fuellyFile(COROLLA, COROLLA_ROWS));
    await chosen(user, shown.id, { vehicles: { Corolla: vehicleId } });
    expect((await apply(user, shown.id)).statusCode).toBe(200);
    // The stored preview as an apply of the earlier version wrote it.
    const [row] = await db()
      .select({ preview: imports.preview })
      .from(imports)
      .where(eq(imports.id, shown.id));
    const stored = row!.preview as Record<string, unknown> & {
      vehicles: Record<string, unknown>[];
    };
    const { unknownColumns: _u, currency: _c, foreignCurrencies: _f, ...older } = stored;
    const vehiclesBefore = stored.vehicles.map(({ key, name, vehicleId: id, counts }) => ({
      key,
      name,
      vehicleId: id,
      counts,
    }));
    await db()
      .update(imports)
      .set({ preview: { ...older, vehicles: vehiclesBefore } })
      .where(eq(imports.id, shown.id));

    const opened = await inject({
      method: 'GET',
      url: `/api/imports/${shown.id}`,
      headers: as(user),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(importPreviewSchema.parse(opened.json())).toMatchObject({
      status: 'applied',
      unknownColumns: [],
      vehicles: [
        { key: 'Corolla', vehicleId, sampleRows: { energy: [], records: [], readings: [] } },
      ],
    });
  });

  it('keeps the figures as they are when the user says so', async () => {
    const user = await newUser(testApp);
    const euros = await inject({
      method: 'PATCH',
      url: '/api/user/preferences',
      headers: as(user),
      payload: { currency: 'EUR' },
    });
    expect(euros.statusCode).toBe(200);
    const header = 'Date;Odometer;Trip;Quantity;Total price;Currency;Type;Fuel';
    const shown = await preview(user, {
      name: '853999_fuelings.csv',
      data: Buffer.from(`${header}\n14.03.2026;52000;610;25,00;40,00;USD;1;7\n`),
    });
    const kept = await chosen(user, shown.id, { currencyRates: { USD: 'keep' } });
    expect(kept.foreignCurrencies).toEqual([{ currency: 'USD', rate: 'keep' }]);
    expect(kept.needsChoice).not.toContain('currencyRates');
    expect(kept.vehicles[0]!.sampleRows.energy[0]!.totalCost).toBe(40);
  });
});
