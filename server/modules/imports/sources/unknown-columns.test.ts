/**
 * Every CSV reader answers the header cells it takes nothing from, so that the preview names
 * them: a partial-fill column spelled otherwise is listed instead of vanishing (and with it every
 * partial fill-up of the file).
 */
import { describe, expect, it } from 'vitest';
import { drivvoCsv } from '../../../test/samples/drivvo';
import { fuelioSyncCsv } from '../../../test/samples/fuelio';
import { fuellyWebCsv } from '../../../test/samples/fuelly';
import { lubeloggerGasCsv } from '../../../test/samples/lubelogger';
import { drivvoSource } from './drivvo';
import { fuelioSource } from './fuelio';
import { fuellySource } from './fuelly';
import { lubeloggerSource } from './lubelogger';
import type { ImportFile } from './source';

/** The file with `from` replaced by `to` in its text (a header spelled otherwise). */
function respelled(file: ImportFile, from: string, to: string): ImportFile {
  const text = file.text().replace(from, to);
  return { name: file.name, bytes: Buffer.from(text), text: () => text };
}

const unknownOf = (reading: { unknownColumns?: { columns: string[] }[] }) =>
  (reading.unknownColumns ?? []).flatMap((entry) => entry.columns);

describe('columns a reader does not take', () => {
  it('Fuelly: partial_fuel_up is listed with the spellings it knows, and its rows read as full', () => {
    const file = respelled(fuellyWebCsv({ units: 'metric' }), 'partial_fuelup', 'partial_fuel_up');
    const reading = fuellySource.read([file]);
    expect(unknownOf(reading)).toContain('partial_fuel_up');
    expect(reading.unknownColumns![0]!.understood).toContain('partial fuelup');
    expect(reading.rows.every((row) => row.kind !== 'energy' || row.isFull !== false)).toBe(true);
  });

  it('Fuelio, Drivvo and LubeLogger name a column they do not know', () => {
    expect(
      unknownOf(fuelioSource.read([respelled(fuelioSyncCsv(), '"Full"', '"Full tank"')])),
    ).toContain('Full tank');
    const lubelogger = lubeloggerSource.read([
      respelled(lubeloggerGasCsv(), 'IsFillToFull', 'Is Fill To Full'),
    ]);
    expect(unknownOf(lubelogger)).toContain('Is Fill To Full');
    const drivvo = drivvoSource.read([drivvoCsv()]);
    expect(drivvo.unknownColumns![0]!.columns).toEqual([
      'Média',
      'Distância',
      'Forma de pagamento',
      'Desconto',
    ]);
  });
});
