import { describe, expect, it } from 'vitest';
import { isZeroSpelling, markersOf, readSections, sniffSectionedDelimiter } from './sectioned-csv';
import { spellingLookup, stemLookup, yesOrNo } from './words';

describe('sectioned CSV', () => {
  it('finds markers bare, quoted or padded with delimiters, and nothing else', () => {
    const text = [
      '\uFEFF##Refuelling',
      '"## Log"',
      '## Costs,,,,',
      '#Reabastecimiento;;;',
      'Odometer,Date',
      '"#1 fuel",2026-01-02',
      '# a comment, with words',
    ].join('\r');
    expect(markersOf(text)).toEqual([
      { marker: '##Refuelling', line: 1 },
      { marker: '## Log', line: 2 },
      { marker: '## Costs', line: 3 },
      { marker: '#Reabastecimiento', line: 4 },
    ]);
  });

  it('sniffs the delimiter past marker lines that show none', () => {
    expect(sniffSectionedDelimiter('##Refuelling\nA;B;C\n1;2,5;3\n')).toBe(';');
    expect(sniffSectionedDelimiter('##Refuelling\nA,B,C\n1,"2,5",3\n')).toBe(',');
  });

  it('splits a file into its sections, each with its header and rows, blank rows skipped', () => {
    const text = '"## Vehicle"\nName,Year\nGolf,2017\n,,\n\n"## Log"\nData,Odo\n2026-01-02,100\n';
    expect(readSections(text)).toEqual([
      {
        name: 'Vehicle',
        marker: '## Vehicle',
        line: 1,
        header: { cells: ['Name', 'Year'], line: 2 },
        rows: [{ cells: ['Golf', '2017'], line: 3 }],
      },
      {
        name: 'Log',
        marker: '## Log',
        line: 6,
        header: { cells: ['Data', 'Odo'], line: 7 },
        rows: [{ cells: ['2026-01-02', '100'], line: 8 }],
      },
    ]);
  });

  it('tells a zero from a value without reading the number', () => {
    for (const zero of ['0', '0.0', '0,00', '000', ' 0. ']) expect(isZeroSpelling(zero)).toBe(true);
    for (const value of ['', '0.5', '10', '0,01', '1.000'])
      expect(isZeroSpelling(value)).toBe(false);
  });
});

describe('words across languages', () => {
  it('reads yes and no in the apps’ languages', () => {
    for (const yes of ['Yes', 'Sim', 'Да', 'Sí', 'Si', 'Tak', 'Ja', '1']) {
      expect(yesOrNo(yes)).toBe(true);
    }
    for (const no of ['No', 'Não', 'Нет', 'Nie', 'Nein', '0']) expect(yesOrNo(no)).toBe(false);
    expect(yesOrNo('')).toBeUndefined();
    expect(yesOrNo('Maybe')).toBeUndefined();
  });

  it('refuses tables that give one spelling to two fields', () => {
    expect(() =>
      spellingLookup<'date' | 'value'>([{ date: ['Data'] }, { value: ['data'] }]),
    ).toThrow('"data" names both date and value');
    const fieldOf = spellingLookup<'date'>([{ date: ['Data'] }, { date: ['Date'] }]);
    expect(fieldOf('DATA')).toBe('date');
  });

  it('matches a stem written with spaces only as a whole word', () => {
    const energyOf = stemLookup([['lpg', [' газ ']]] as const);
    expect(energyOf('Газ')).toBe('lpg');
    expect(energyOf('Газпромнефть АИ-95')).toBeUndefined();
  });
});
