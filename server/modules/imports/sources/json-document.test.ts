import { describe, expect, it } from 'vitest';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { jsonDocumentOf, listItemLines } from './json-document';

describe('listItemLines', () => {
  it('finds the line each list item begins on, strings with brackets and quotes skipped', () => {
    const text = [
      '{',
      '  "data": {',
      '    "fuelLogs": [',
      '      {"notes": "[not, a list] \\"quoted\\" {", "cost": 12},',
      '      {',
      '        "notes": "ends with a backslash \\\\"',
      '      }',
      '    ],',
      '    "say \\"hi\\"": [1,',
      '      true, null]',
      '  }',
      '}',
    ].join('\n');
    expect(JSON.parse(text)).toBeTruthy();
    expect(Object.fromEntries(listItemLines(text))).toEqual({
      '/data/fuelLogs/0': 4,
      '/data/fuelLogs/1': 5,
      '/data/say "hi"/0': 9,
      '/data/say "hi"/1': 10,
      '/data/say "hi"/2': 10,
    });
  });

  it('puts every item of a one-line document on line 1', () => {
    const lines = listItemLines('{"a":[{"b":[1,2]},{"c":3}]}');
    expect([...lines.values()].every((line) => line === 1)).toBe(true);
    expect([...lines.keys()]).toEqual(['/a/0', '/a/0/b/0', '/a/0/b/1', '/a/1']);
  });
});

describe('jsonDocumentOf', () => {
  it('answers null, never throws, for CSV, binary and broken JSON', () => {
    expect(jsonDocumentOf(textFile('a.csv', 'Date,Odometer\n'))).toBeNull();
    expect(jsonDocumentOf(binaryFile('a.bin', Buffer.from([0, 255, 1, 2])))).toBeNull();
    expect(jsonDocumentOf(textFile('a.json', '{"data": [1, 2'))).toBeNull();
  });

  it('parses a file once, however often it is asked', () => {
    const file = textFile('a.json', '[{"x": 1}]');
    expect(jsonDocumentOf(file)).toBe(jsonDocumentOf(file));
    expect(jsonDocumentOf(file)?.lineOf('/0')).toBe(1);
  });
});
