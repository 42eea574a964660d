/**
 * One file of each source through the whole import on a real database (decision 055): uploaded
 * as the app writes it (zips as zips), previewed, its uncertain readings confirmed as the
 * preview offers them, applied, and every row it counted found stored with the import's id;
 * then an undo that leaves nothing of it. The readers' own tests cover each source's traps.
 */

import { gzipSync } from 'node:zlib';
import type { ImportPreview } from '@contract/imports';
import { IMPORT_COUNT_KINDS, type ImportFormat } from '@contract/imports';
import { importPreviewSchema, importResultSchema } from '@contract/schemas/imports';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { RECORD_TABLES } from '../../db/record-tables';
import { energyEntries, odometerReadings, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newEnergyEntry, newRecord, newUser, newVehicle } from '../../test/factory';
import { acarAppCsv, acarSectionedCsv } from '../../test/samples/acar';
import { drivvoCsv, drivvoItalianCsv, drivvoRoubleCsv } from '../../test/samples/drivvo';
import { fuelioSyncCsv } from '../../test/samples/fuelio';
import { fuellyWebCsv } from '../../test/samples/fuelly';
import { hammondDatabase, hammondImportDocument } from '../../test/samples/hammond';
import {
  lubeloggerBackup,
  lubeloggerGasCsv,
  lubeloggerOdometerCsv,
  lubeloggerRecordCsv,
} from '../../test/samples/lubelogger';
import { myGarageFuelCsv, myGarageVehicleJson } from '../../test/samples/mygarage';
import { simplyAutoZipEntries } from '../../test/samples/simply-auto';
import { spritmonitorCostsCsv, spritmonitorFuelingsCsv } from '../../test/samples/spritmonitor';
import { tracktorExport } from '../../test/samples/tracktor';
import { multipartBody } from '../../test/upload-fixtures';
import type { ImportFile } from './sources/source';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

/** The entries as one zip, as the app hands them to its users. */
function zipOf(entries: readonly ImportFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.bytes, entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The entries as one tar.gz (ustar headers: name, octal size, magic), as Hammond writes it. */
function tarGzOf(entries: readonly ImportFile[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, 'utf8');
    header.write('0000644\0', 100, 'ascii');
    header.write(`${entry.bytes.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
    header.write('0', 156, 'ascii');
    header.write('ustar\0', 257, 'ascii');
    blocks.push(header, entry.bytes, Buffer.alloc((512 - (entry.bytes.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

type Upload = { name: string; data: Buffer };
const asUpload = (file: ImportFile): Upload => ({ name: file.name, data: file.bytes });

/** Each source's sample, as its user would upload it. */
const SAMPLES: { format: ImportFormat; files: () => Promise<Upload[]> }[] = [
  { format: 'garage-ledger', files: async () => [await ownExport('json')] },
  { format: 'garage-ledger', files: async () => [await ownExport('zip')] },
  { format: 'fuelly', files: async () => [asUpload(fuellyWebCsv({ units: 'metric' }))] },
  { format: 'acar', files: async () => [asUpload(acarSectionedCsv())] },
  { format: 'acar', files: async () => [asUpload(acarAppCsv())] },
  {
    format: 'spritmonitor',
    files: async () => [asUpload(spritmonitorFuelingsCsv()), asUpload(spritmonitorCostsCsv())],
  },
  {
    format: 'drivvo',
    files: async () => [asUpload(drivvoCsv({ language: 'ru', delimiter: ';', lineEnd: '\r' }))],
  },
  {
    format: 'fuelio',
    files: async () => [
      {
        name: 'vehicle-1-sync.csv.zip',
        data: await zipOf([fuelioSyncCsv({ isPluginHybrid: true })]),
      },
    ],
  },
  {
    format: 'simply-auto',
    files: async () => [{ name: 'SimplyAuto.zip', data: await zipOf(simplyAutoZipEntries()) }],
  },
  {
    format: 'lubelogger',
    files: async () => [
      asUpload(lubeloggerGasCsv()),
      asUpload(lubeloggerRecordCsv()),
      asUpload(lubeloggerOdometerCsv()),
    ],
  },
  {
    format: 'hammond',
    files: async () => [
      { name: 'hammond_backup_2026.11.20_100000.tar.gz', data: tarGzOf([hammondDatabase()]) },
    ],
  },
  { format: 'hammond', files: async () => [asUpload(hammondImportDocument())] },
  { format: 'tracktor', files: async () => [asUpload(tracktorExport())] },
  { format: 'mygarage', files: async () => [asUpload(myGarageFuelCsv())] },
  { format: 'mygarage', files: async () => [asUpload(myGarageVehicleJson())] },
  {
    format: 'lubelogger',
    files: async () => [
      { name: 'db_backup_2026-11-20-10-00-00.zip', data: await zipOf(lubeloggerBackup()) },
    ],
  },
];

/** Garage Ledger's own export, or its backup zip, of a garage with a car, a fill-up and a service. */
async function ownExport(kind: 'json' | 'zip'): Promise<Upload> {
  const owner = await newUser(testApp);
  const vehicleId = await newVehicle(testApp, owner, { year: 2020, make: 'Kia', model: 'Niro' });
  await newEnergyEntry(testApp, owner, vehicleId, { date: '2024-02-02', odometer: 12_000 });
  await newRecord(testApp, owner, 'maintenance', {
    vehicleId,
    category: 'Oil Change',
    date: '2024-02-03',
    isCompleted: true,
  });
  const url = kind === 'json' ? '/api/user/export' : '/api/user/backup';
  const response = await inject({ method: 'GET', url, headers: as(owner) });
  expect(response.statusCode).toBe(200);
  return {
    name: kind === 'json' ? 'garage-ledger-export.json' : 'garage-ledger-backup.zip',
    data: response.rawPayload,
  };
}

async function preview(user: SignedInUser, files: Upload[]) {
  const body = multipartBody(
    files.map((file) => ({ name: 'file', filename: file.name, data: file.data })),
  );
  const response = await inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...as(user), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return importPreviewSchema.parse(response.json());
}

/** What the import's id marks in each table, counted as the preview counts. */
async function storedOf(userId: number, importId: number) {
  const counted = async (
    table:
      | typeof energyEntries
      | typeof vehicles
      | (typeof RECORD_TABLES)[keyof typeof RECORD_TABLES],
  ) => {
    const [row] = await db()
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.importId, importId)));
    return row!.n;
  };
  const [manual] = await db()
    .select({ n: count() })
    .from(odometerReadings)
    .where(
      and(
        eq(odometerReadings.userId, userId),
        eq(odometerReadings.importId, importId),
        eq(odometerReadings.source, 'import'),
      ),
    );
  return {
    vehicles: await counted(vehicles),
    energy: await counted(energyEntries),
    maintenance: await counted(RECORD_TABLES.maintenance),
    repairs: await counted(RECORD_TABLES.repair),
    modifications: await counted(RECORD_TABLES.modification),
    odometer: manual!.n,
  };
}

describe('imports of each source', () => {
  it.each(SAMPLES.map((sample, index) => [`${sample.format} #${index + 1}`, sample] as const))(
    '%s: previewed, applied whole, and undone',
    async (_name, sample) => {
      const user = await newUser(testApp);
      let shown = await preview(user, await sample.files());
      expect(shown.format).toBe(sample.format);
      expect(
        shown.counts.energy + shown.counts.maintenance + shown.counts.odometer,
      ).toBeGreaterThan(0);

      // What the file leaves uncertain is confirmed as the preview reads it.
      if (shown.needsChoice.length > 0) {
        const choices = choicesAsOffered(shown);
        const confirmed = await inject({
          method: 'PATCH',
          url: `/api/imports/${shown.id}`,
          headers: as(user),
          payload: Object.fromEntries(shown.needsChoice.map((name) => [name, choices[name]])),
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        shown = importPreviewSchema.parse(confirmed.json());
        expect(shown.needsChoice).toEqual([]);
      }

      const applied = await inject({
        method: 'POST',
        url: `/api/imports/${shown.id}/apply`,
        headers: as(user),
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const { added } = importResultSchema.parse(applied.json());
      for (const kind of IMPORT_COUNT_KINDS) expect(added[kind], kind).toBe(shown.counts[kind]);
      expect(await storedOf(user.id, shown.id)).toEqual({
        vehicles: shown.counts.vehicles,
        energy: shown.counts.energy,
        maintenance: shown.counts.maintenance,
        repairs: shown.counts.repairs,
        modifications: shown.counts.modifications,
        odometer: shown.counts.odometer,
      });

      const undone = await inject({
        method: 'DELETE',
        url: `/api/imports/${shown.id}`,
        headers: as(user),
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(await storedOf(user.id, shown.id)).toEqual({
        vehicles: 0,
        energy: 0,
        maintenance: 0,
        repairs: 0,
        modifications: 0,
        odometer: 0,
      });
    },
  );
});

/**
 * What the preview asks, answered as it offers it: its readings; a new vehicle the file does not
 * describe whole given the preview's suggestion, completed where even that is missing; amounts in
 * another currency kept.
 */
function choicesAsOffered(shown: ImportPreview) {
  return {
    decimalSeparator: shown.decimalSeparator.value,
    dateFormat: shown.dateFormat.value,
    distanceUnit: shown.units.distance.value,
    volumeUnit: shown.units.volume.value,
    vehicleDetails: Object.fromEntries(
      shown.vehicles
        .filter((vehicle) => vehicle.needsDetails)
        .map((vehicle) => [
          vehicle.key,
          {
            year: vehicle.suggested.year ?? 2020,
            make: vehicle.suggested.make ?? 'Make',
            model: vehicle.suggested.model ?? 'Model',
          },
        ]),
    ),
    currencyRates: Object.fromEntries(
      shown.foreignCurrencies.map((foreign) => [foreign.currency, 'keep']),
    ),
  };
}

/** Previews the files, confirms what the preview asks as it offers it, applies: the preview. */
async function previewAndApply(user: SignedInUser, files: Upload[]) {
  let shown = await preview(user, files);
  if (shown.needsChoice.length > 0) {
    const offered = choicesAsOffered(shown);
    const confirmed = await inject({
      method: 'PATCH',
      url: `/api/imports/${shown.id}`,
      headers: as(user),
      payload: Object.fromEntries(shown.needsChoice.map((name) => [name, offered[name]])),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    shown = importPreviewSchema.parse(confirmed.json());
  }
  const applied = await inject({
    method: 'POST',
    url: `/api/imports/${shown.id}/apply`,
    headers: as(user),
  });
  expect(applied.statusCode, applied.body).toBe(200);
  return shown;
}

/** The fill-ups an import stored, in the order of their dates, as figures a user reads. */
async function storedEntries(userId: number, importId: number) {
  const rows = await db()
    .select()
    .from(energyEntries)
    .where(and(eq(energyEntries.userId, userId), eq(energyEntries.importId, importId)))
    .orderBy(energyEntries.date);
  return rows.map((row) => ({
    date: row.date,
    energy: row.energy,
    unit: row.unit,
    quantity: Number(row.quantity),
    unitPrice: Number(row.unitPrice),
    totalCost: Number(row.totalCost),
  }));
}

describe('real exports read as their apps write them', () => {
  it('Fuelio: a car on CNG (its column labelled kg) and petrol stores each in its tank’s unit', async () => {
    const user = await newUser(testApp);
    const zip = await zipOf([fuelioSyncCsv({ isGasCar: true })]);
    const shown = await previewAndApply(user, [{ name: 'vehicle-1-sync.csv.zip', data: zip }]);
    expect(shown.counts).toMatchObject({ vehicles: 1, energy: 3 });
    expect(await storedEntries(user.id, shown.id)).toEqual([
      {
        date: '2026-06-01',
        energy: 'cng',
        unit: 'kg',
        quantity: 12.5,
        unitPrice: 1.299,
        totalCost: 16.24,
      },
      {
        date: '2026-06-03',
        energy: 'gasoline',
        unit: 'L',
        quantity: 10,
        unitPrice: 1.859,
        totalCost: 18.59,
      },
      {
        date: '2026-06-06',
        energy: 'cng',
        unit: 'kg',
        quantity: 11,
        unitPrice: 1.299,
        totalCost: 14.29,
      },
    ]);
  });

  it('Fuelio: a log that cannot be read adds no empty vehicle, and the preview says why', async () => {
    const user = await newUser(testApp);
    const text = fuelioSyncCsv().text();
    const logOnly = text
      .slice(0, text.indexOf('"## CostCategories"'))
      .replace('"Data","Odo (km)","Fuel (litres)"', '"When","Odo (km)","Amount"');
    const shown = await previewAndApply(user, [
      { name: 'vehicle-1-sync.csv', data: Buffer.from(logOnly) },
    ]);
    expect(shown.counts.vehicles).toBe(0);
    expect(shown.vehicles).toEqual([]);
    expect(shown.problems.map((problem) => problem.reason)).toEqual([
      'The columns of ## Log are not recognised (When, Odo (km), Amount, Full, Price (optional), l/100km (optional), …): its 6 fill-ups cannot be imported',
    ]);
    expect(await storedOf(user.id, shown.id)).toMatchObject({ vehicles: 0, energy: 0 });
  });

  it('Fuelio: costs in built-in categories named in Thai are imported as in English', async () => {
    const user = await newUser(testApp);
    const english = await preview(user, [asUpload(fuelioSyncCsv())]);
    const thai = await previewAndApply(user, [
      asUpload(fuelioSyncCsv({ vehicleId: 2, categoryLanguage: 'th' })),
    ]);
    // Oil change and wiper blades (Service, Maintenance), brake discs (Repairs), roof rack.
    expect(thai.counts).toMatchObject({ maintenance: 2, repairs: 1, modifications: 1 });
    expect(thai.counts).toEqual(english.counts);
  });

  it('Drivvo in roubles: quantity and total are kept, the price follows, and a price not paid is said', async () => {
    const user = await newUser(testApp);
    const shown = await previewAndApply(user, [asUpload(drivvoRoubleCsv())]);
    expect(shown.problems).toEqual([]);
    expect(shown.counts.energy).toBe(4);
    expect(shown.units.distance).toMatchObject({ value: 'km', certain: true });
    expect(shown.adjustmentCount).toBe(1);
    expect(shown.adjustments).toEqual([
      {
        file: 'drivvo-rub.csv',
        line: 5,
        // 2,500.00 ÷ 45.565 = 54.8667 → 54.867; the file's 55.00 × 45.565 would be 2,506.08.
        reason:
          'Price per unit 54.867 recomputed from total 2500.00 ÷ 45.565 L (the file says 55.00)',
      },
    ]);
    expect(
      (await storedEntries(user.id, shown.id)).map((entry) => [
        entry.quantity,
        entry.unitPrice,
        entry.totalCost,
      ]),
    ).toEqual([
      // 45.455 × 55.00 = 2,500.03 against 2,500.00: rounding of the quantity; the pump's price.
      [45.455, 55, 2500],
      // 27.322 × 54.90 = 1,499.98 against 1,500.00.
      [27.322, 54.9, 1500],
      [45.565, 54.867, 2500],
      // 52.539 × 57.10 = 2,999.98 against 3,000.00.
      [52.539, 57.1, 3000],
    ]);
  });

  it('Drivvo in a language it does not read: nothing is added, and the preview says which', async () => {
    const user = await newUser(testApp);
    const shown = await preview(user, [asUpload(drivvoItalianCsv())]);
    expect(shown.vehicles).toEqual([]);
    expect(shown.counts.energy).toBe(0);
    expect(shown.problems.map((problem) => problem.reason)).toEqual([
      'This Drivvo export is in a language Garage Ledger cannot read yet (columns Chilometraggio, Prezzo, Totale of ##Refuelling were not recognised): its 2 rows cannot be imported. Garage Ledger reads Drivvo exports in English, Portuguese, Spanish and Russian.',
    ]);
  });

  it('Fuelly: one 30 February is its row’s problem, and the ISO dates are not asked about', async () => {
    const user = await newUser(testApp);
    const shown = await preview(user, [asUpload(fuellyWebCsv({ hasImpossibleDate: true }))]);
    expect(shown.dateFormat).toMatchObject({ value: 'YMD', certain: true });
    expect(shown.needsChoice).not.toContain('dateFormat');
    expect(shown.problems).toContainEqual({
      file: 'fuelly-metric.csv',
      line: 8,
      reason: '30 February 2024 is not a date',
    });
  });

  it('Spritmonitor in German and euros: kilometres and litres for a user who drives in miles', async () => {
    const user = await newUser(testApp);
    const shown = await previewAndApply(user, [
      asUpload(spritmonitorFuelingsCsv()),
      asUpload(spritmonitorCostsCsv()),
    ]);
    expect(shown.units.distance).toEqual({
      value: 'km',
      evidence: "Spritmonitor's header: Km-Stand",
      certain: true,
    });
    // The file does not say its volume: asked, and offered in litres rather than US gallons.
    expect(shown.units.volume).toMatchObject({ value: 'L' });
    const [stored] = await db().select().from(vehicles).where(eq(vehicles.importId, shown.id));
    expect(stored?.odometerUnit).toBe('km');
  });

  it('LubeLogger: a backup written at UTC+13 keeps the days its user wrote', async () => {
    const user = await newUser(testApp);
    const backup = await zipOf(lubeloggerBackup({ serverUtcOffsetHours: 13 }));
    const shown = await previewAndApply(user, [
      { name: 'db_backup_2026-11-20-10-00-00.zip', data: backup },
    ]);
    const dates = (await storedEntries(user.id, shown.id)).map((entry) => entry.date);
    // Stored as 2024-01-02T11:00Z: New Zealand's summer midnight of 3 January.
    expect(dates.slice(0, 3)).toEqual(['2024-01-03', '2024-01-12', '2024-01-20']);
  });
});
