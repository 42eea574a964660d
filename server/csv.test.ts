/**
 * The CSV writer of every spreadsheet the app hands out (decision 063): text that a spreadsheet
 * would run as a formula is guarded with `'` wherever a piece of it could start a cell, whichever
 * separator the spreadsheet splits on, while amounts stay numbers.
 */
import { describe, expect, it } from 'vitest';
import { csvAmountCell, csvTextCell, toCsv } from './csv';

describe('a text cell', () => {
  it.each([
    // A formula character first, as before.
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    // After a `;`, which European Excel and LibreOffice split on.
    ['a;=1+1', "a;'=1+1"],
    ['a;+1;-1;@x', "a;'+1;'-1;'@x"],
    ['Garage;=HYPERLINK("http://evil","x")', `"Garage;'=HYPERLINK(""http://evil"",""x"")"`],
    // After a `,`, quoted as RFC 4180 asks.
    ['a,=1+1', `"a,'=1+1"`],
    ['a,@x', `"a,'@x"`],
    // After a tab, and after a line break, for readers that split there.
    ['a\t=1+1', "a\t'=1+1"],
    ['a\t\t=1+1', "a\t'\t'=1+1"],
    ['first line\n=1+1', `"first line\n'=1+1"`],
    ['first line\r\n-1', `"first line\r\n'-1"`],
    // Spaces between the separator and the formula character count for nothing.
    ['a; =1+1', "a;' =1+1"],
    ['a,  -1', `"a,'  -1"`],
    [' =1+1', "' =1+1"],
    // And so do quotes, which a reader may take for the start of a quoted field.
    ['a;"=1+1"', `"a;'""=1+1"""`],
    ['"=1+1"', `"'""=1+1"""`],
  ])('%j is written %j', (value, written) => {
    expect(csvTextCell(value)).toBe(written);
  });

  it.each([
    ['Oil change - synthetic', 'Oil change - synthetic'],
    ['2024-02-01', '2024-02-01'],
    ['a;b', 'a;b'],
    ['Brakes, front', '"Brakes, front"'],
    ['Cat-back, "quiet" version', '"Cat-back, ""quiet"" version"'],
    ['me@example.com', 'me@example.com'],
    ['1+1=2', '1+1=2'],
    ['', ''],
  ])('%j, which no spreadsheet runs, is written %j', (value, written) => {
    expect(csvTextCell(value)).toBe(written);
  });

  it('is empty for no value', () => {
    expect(csvTextCell(null)).toBe('');
  });
});

describe('an amount cell', () => {
  it('is a plain number, negative ones included, never guarded', () => {
    expect(csvAmountCell('-12.50')).toBe('-12.5');
    expect(csvAmountCell('1234.50')).toBe('1234.5');
    expect(csvAmountCell('0.00')).toBe('0');
    expect(csvAmountCell(null)).toBe('');
  });
});

describe('a document', () => {
  it('guards its text and keeps its numbers, a header row first and CRLF after each line', () => {
    const csv = toCsv(
      ['Date', 'Title', 'Amount'],
      [
        [{ text: '2024-02-01' }, { text: 'Refund;=1+1' }, { amount: '-12.50' }],
        [{ text: '2024-02-02' }, { text: 'Tires, =SUM(A1)' }, { amount: '89.99' }],
        [{ text: '2024-02-03' }, { text: null }, { amount: null }],
      ],
    );
    expect(csv).toBe(
      'Date,Title,Amount\r\n' +
        "2024-02-01,Refund;'=1+1,-12.5\r\n" +
        `2024-02-02,"Tires,' =SUM(A1)",89.99\r\n` +
        '2024-02-03,,\r\n',
    );
  });
});
