/**
 * The files the import tests upload: Fuelly's metric web export as the readers' tests build it
 * (two vehicles, two rows that cannot be read), and a small Fuelly export whose dates all read
 * either way; and an import previewed through the API, for the specs that only need one to exist.
 */
import type { APIRequestContext } from '@playwright/test';
import type { ImportPreview } from '../contract/imports';
import { fuellyWebCsv } from '../server/test/samples/fuelly';
import { expect } from './fixtures';
import type { FilePayload } from './scene';

/**
 * `fuelly-metric.csv`: My SX4 (3 fill-ups), Ténéré (1), and lines 6 (no quantity) and 7 (no
 * date) that cannot be read; kilometres and litres, ISO dates.
 */
export function fuellyMetricFile(): FilePayload {
  const file = fuellyWebCsv({ units: 'metric' });
  return { name: file.name, mimeType: 'text/csv', buffer: file.bytes };
}

/** Fuelly's metric header, as Fuelly writes it (with its double space before `odometer`). */
const FUELLY_METRIC_HEADER =
  'car_name, model, l/100km,  odometer, km, litres, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand';

/**
 * `golf-fuelups.csv`: three fill-ups of one Golf dated 03/04/2024, 05/06/2024 and 07/08/2024,
 * which read as well day first as month first; its numbers use a decimal point beyond doubt.
 */
export function ambiguousDatesFile(): FilePayload {
  const rows = [
    ['03/04/2024', '12000.0', '40.50', '1.65'],
    ['05/06/2024', '12610.5', '38.25', '1.71'],
    ['07/08/2024', '13190.0', '41.75', '1.69'],
  ].map(
    ([date, odometer, litres, price]) =>
      `"Golf","Volkswagen Golf",,${odometer},,${litres},${price},50,${date},${date} 10:00:00,"","",0,0,,,""`,
  );
  return {
    name: 'golf-fuelups.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[FUELLY_METRIC_HEADER, ...rows].join('\n')}\n`),
  };
}

/**
 * `corolla-fuelups.csv`: a Fuelly export whose partial-fill column is spelled `partial_fuel_up`,
 * so the partial fill-up of its line 3 reads as a full one; no year for the Corolla.
 */
export function misspelledPartialFile(): FilePayload {
  const header = FUELLY_METRIC_HEADER.replace('partial_fuelup', 'partial_fuel_up');
  const rows = [
    ['2024-01-03', '10000.0', '40.000', '1.500', '0'],
    ['2024-01-10', '10500.5', '20.000', '1.600', '1'],
  ].map(
    ([date, odometer, litres, price, partial]) =>
      `"Corolla","Toyota Corolla",,${odometer},,${litres},${price},50,${date},${date} 10:00:00,"","",0,${partial},,,""`,
  );
  return {
    name: 'corolla-fuelups.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[header, ...rows].join('\n')}\n`),
  };
}

/** `853999_fuelings.csv`: Spritmonitor fuelings in US dollars, $40.00 for 25 L, in kilometres. */
export function dollarFuelingsFile(): FilePayload {
  const header =
    'Date;Odometer;Trip;Quantity;Total price;Currency;Type;Tires;Roads;Driving style;Fuel;Note;Consumption;BC-Consumption;BC-Quantity;BC-Speed;Company;Country;Area;Location';
  return {
    name: '853999_fuelings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n14.03.2026;52000;610;25,00;40,00;USD;1;1;2;2;7;;;;;;;;;\n`),
  };
}

/** `POST /api/imports` with one file; answers the preview. */
export async function previewImport(
  request: APIRequestContext,
  file: FilePayload,
): Promise<ImportPreview> {
  const response = await request.post('/api/imports', { multipart: { file } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ImportPreview;
}
