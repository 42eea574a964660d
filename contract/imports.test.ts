import { describe, expect, it } from 'vitest';
import {
  countPhrase,
  IMPORT_COUNT_KINDS,
  IMPORT_TEXTS,
  type ImportCounts,
  totalOf,
} from './imports';

const counts = (some: Partial<ImportCounts>): ImportCounts => ({
  ...(Object.fromEntries(IMPORT_COUNT_KINDS.map((kind) => [kind, 0])) as ImportCounts),
  ...some,
});

describe('the words of an import’s counts', () => {
  it('names one of a kind and several', () => {
    expect(countPhrase('vehicles', 1)).toBe('1 vehicle');
    expect(countPhrase('vehicles', 2)).toBe('2 vehicles');
    expect(countPhrase('energy', 1)).toBe('1 fill-up or charge');
    expect(countPhrase('energy', 1250, '1,250')).toBe('1,250 fill-ups and charges');
    expect(countPhrase('odometer', 0)).toBe('0 odometer readings');
  });

  it('adds every kind into what an undo removes', () => {
    expect(totalOf(counts({}))).toBe(0);
    expect(totalOf(counts({ vehicles: 1, energy: 4, photos: 2, files: 3 }))).toBe(10);
    expect(IMPORT_TEXTS.undoDescription(1, 'import')).toBe(
      'This removes the entry this import added. Entries you added yourself stay.',
    );
    expect(IMPORT_TEXTS.undoDescription(1234, 'restore')).toBe(
      'This removes the 1,234 entries this restore added. Entries you added yourself stay.',
    );
  });
});
