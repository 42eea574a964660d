/**
 * What a reader's `detect` must say no to: the other sources' samples, a CSV of another kind
 * with a date, an odometer and a cost, binary files and garbage.
 */
import type { ImportFile, ImportFormat } from '../../modules/imports/sources/source';
import { acarAppCsv, acarSectionedCsv } from './acar';
import { fuellyTitleCaseCsv, fuellyWebCsv } from './fuelly';
import { simplyAutoFuelLogCsv, simplyAutoZipEntries } from './simply-auto';
import { spritmonitorCostsCsv, spritmonitorFuelingsCsv } from './spritmonitor';
import { binaryFile, textFile } from './test-files';

const SAMPLES_BY_FORMAT: Partial<Record<ImportFormat, () => ImportFile[][]>> = {
  fuelly: () => [[fuellyWebCsv()], [fuellyWebCsv({ units: 'imperial' })], [fuellyTitleCaseCsv()]],
  acar: () => [[acarSectionedCsv()], [acarSectionedCsv({ services: 'services' })], [acarAppCsv()]],
  spritmonitor: () => [
    [spritmonitorFuelingsCsv()],
    [spritmonitorFuelingsCsv({ language: 'English' })],
    [spritmonitorCostsCsv()],
  ],
  'simply-auto': () => [simplyAutoZipEntries(), [simplyAutoFuelLogCsv()]],
};

/** The samples of every source but `format`, each as the files of one upload. */
export function otherSourcesSamples(format: ImportFormat): ImportFile[][] {
  return Object.entries(SAMPLES_BY_FORMAT)
    .filter(([other]) => other !== format)
    .flatMap(([, samples]) => samples?.() ?? []);
}

/** Uploads no reader of another app should claim. */
export function unrelatedFiles(): ImportFile[][] {
  return [
    [
      textFile(
        'my-log.csv',
        'Date,Odometer,Quantity,Type,Fuel,Cost,Notes\n2024-01-03,12000,40.1,Full,Gasoline,60.15,\n',
      ),
    ],
    [textFile('litres.csv', 'Date,Name,Odometer,Litres,Price\n2024-01-03,Car,12000,40.1,1.50\n')],
    [textFile('semicolons.csv', 'Datum;Betrag;Währung\n01.02.2026;12,50;EUR\n')],
    [binaryFile('backup.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0, 0x08, 0]))],
    [binaryFile('photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))],
    [textFile('broken.csv', 'a,"b\nc,d')],
    [textFile('empty.csv', '')],
  ];
}
