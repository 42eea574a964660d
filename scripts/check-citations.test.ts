import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { findUndefinedCitations, readProject } from './check-citations.mjs';

const RULES = [
  {
    file: 'docs/product/rules.md',
    text: [
      '# The product rules',
      '',
      '### D9 Other users’ data',
      'Someone else’s vehicle answers 404, as D9 says.',
      '### 001 §5 Validation rules',
      '### 001 §9 Business constants and limits',
    ].join('\n'),
  },
];

function check(text: string, records: string[] = ['041']) {
  return findUndefinedCitations({
    sources: [...RULES, { file: 'server/example.ts', text }],
    rules: RULES,
    records,
  });
}

describe('every cited rule is defined inside the repository', () => {
  it('passes a citation of a defined rule and counts it', () => {
    const result = check('// D9: another user’s vehicle answers 404 (001 §5, §9).');
    expect(result.undefinedCitations).toEqual([]);
    expect(result.rules).toBe(3);
    // The rules file cites D9 once in its text (its headings define, they do not cite); the
    // source cites D9, 001 §5 and 001 §9: 1 + 3 = 4.
    expect(result.citations).toBe(4);
  });

  it('reports an undefined D99 with its file and line', () => {
    const result = check('const a = 1;\n// D99: no such decision.');
    expect(result.undefinedCitations).toEqual([
      'server/example.ts:2: D99 is not defined in docs/product/',
    ]);
  });

  it('reports a section listed after another one when it is not defined', () => {
    expect(check('// 001 §5, §7').undefinedCitations).toEqual([
      'server/example.ts:1: 001 §7 is not defined in docs/product/',
    ]);
    expect(check('// 000 §5').undefinedCitations).toEqual([
      'server/example.ts:1: 000 §5 is not defined in docs/product/',
    ]);
  });

  it('reports a project decision whose record does not exist', () => {
    const result = check('// decision 041 holds; decisions 041 and 099 do not both.');
    expect(result.undefinedCitations).toEqual([
      'server/example.ts:1: decision 099 has no record docs/decisions/099-*.md',
    ]);
  });

  it('takes no byte of a hex dump for a decision', () => {
    expect(check('// JPEG starts FF D8 FF.').undefinedCitations).toEqual([]);
  });

  it('finds every citation of this repository defined', () => {
    expect(findUndefinedCitations(readProject()).undefinedCitations).toEqual([]);
  });
});
