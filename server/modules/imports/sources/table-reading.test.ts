/**
 * The readers' shared ground on the files that trip CSV readers: binary uploads, a quote never
 * closed, a header spelled with underscores or spaces, the apps' yes/no words, and a fill-up
 * with too few amounts to be kept.
 */
import { describe, expect, it } from 'vitest';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { missingAmountsReason } from './energy-amounts';
import { cellOf, findColumns, leadingRows, readRows, textOf } from './table-reading';
import { yesOrNo } from './words';

describe('reading files', () => {
  it('reads no text from a binary file, and refuses to read it as CSV in words', () => {
    const zip = binaryFile('backup.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]));
    expect(textOf(zip)).toBeNull();
    expect(leadingRows(zip, 5)).toEqual([]);
    expect(() => readRows(zip)).toThrow('backup.zip is not a text file');
  });

  it('gives a detect the rows before a quote that is never closed, and read a plain error', () => {
    const broken = textFile(
      'broken.csv',
      'Date,Notes\n2024-01-03,fine\n2024-01-04,"never closed\n',
    );
    expect(leadingRows(broken, 10).map((row) => row.cells)).toEqual([
      ['Date', 'Notes'],
      ['2024-01-03', 'fine'],
    ]);
    expect(() => readRows(broken)).toThrow(
      'broken.csv could not be read as CSV: a quote is never closed',
    );
  });
});

describe('columns', () => {
  it('finds a field under any of its spellings, whatever the case, spaces or underscores', () => {
    const aliases = { date: ['fuelup date'], quantity: ['litres', 'gallons'], notes: ['notes'] };
    expect(findColumns(['car_name', ' FUELUP_DATE ', 'Gallons'], aliases)).toEqual({
      date: 1,
      quantity: 2,
    });
  });

  it('reads a cell trimmed, and an empty or missing cell as none', () => {
    const columns = { odometer: 0, notes: 1, price: 5 };
    expect(cellOf([' 12,000 ', '   ', 'x'], columns, 'odometer')).toBe('12,000');
    expect(cellOf([' 12,000 ', '   ', 'x'], columns, 'notes')).toBeUndefined();
    expect(cellOf([' 12,000 ', '   ', 'x'], columns, 'price')).toBeUndefined();
  });
});

describe('yesOrNo', () => {
  it('reads the apps’ flags and leaves anything else unsaid', () => {
    expect(['1', 'Yes', 'TRUE', 'ja'].map(yesOrNo)).toEqual([true, true, true, true]);
    expect(['0', 'No', 'false', 'Nein'].map(yesOrNo)).toEqual([false, false, false, false]);
    expect([undefined, 'maybe'].map(yesOrNo)).toEqual([undefined, undefined]);
  });
});

describe('missingAmountsReason', () => {
  it('keeps a fill-up with two of quantity, unit price and total, and names what is missing else', () => {
    expect(missingAmountsReason({ quantity: '10', totalCost: '15' })).toBeNull();
    expect(missingAmountsReason({ unitPrice: '1.5', totalCost: '15' })).toBeNull();
    expect(missingAmountsReason({ unitPrice: '1.5' })).toBe('Fuel quantity missing');
    expect(missingAmountsReason({ quantity: '10' })).toBe('Price and total cost missing');
  });
});
