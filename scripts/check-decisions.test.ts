import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { findProblems } from './check-decisions.mjs';

const INDEX_HEAD = [
  '# Decisions',
  '',
  '| Record | Title | Status | Superseded or refined by |',
  '| --- | --- | --- | --- |',
];

/** A folder of records and a README holding the given index rows. */
function decisionsFolder(records: Record<string, string>, indexRows: string[]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-decisions-'));
  folders.push(folder);
  for (const [file, text] of Object.entries(records)) {
    fs.writeFileSync(path.join(folder, file), text);
  }
  fs.writeFileSync(path.join(folder, 'README.md'), [...INDEX_HEAD, ...indexRows, ''].join('\n'));
  fs.writeFileSync(path.join(folder, 'TEMPLATE.md'), '# NNN — Title\n');
  return folder;
}

const record = (heading: string, status: string, body = 'Context, decision, consequences.') =>
  `${heading}\n\n${status}\n\n## Context\n\n${body}\n`;

const goodRecords = {
  '001-embedded-postgresql.md': record(
    '# 001 — Embedded PostgreSQL by default',
    'Date: 2026-11-22 · Status: accepted · superseded in part by 002 (the engine of the tests)',
  ),
  '002-test-strategy.md': record(
    '# 002 — Test strategy: real PostgreSQL',
    'Date: 2026-11-22 · Status: accepted · Supersedes in part 001 (the engine of the tests)',
  ),
};
const goodRows = [
  '| [001](001-embedded-postgresql.md) | Embedded PostgreSQL by default | accepted · superseded in part by 002 | [002](002-test-strategy.md) |',
  '| [002](002-test-strategy.md) | Test strategy: real PostgreSQL | accepted |  |',
];

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the decision records and their index', () => {
  it('passes records whose index lists each with its title and status', () => {
    expect(findProblems(decisionsFolder(goodRecords, goodRows))).toEqual([]);
  });

  it('passes the project’s own records', () => {
    expect(findProblems()).toEqual([]);
  });

  it('fails when the index leaves a record out, and names the row it should have', () => {
    const problems = findProblems(decisionsFolder(goodRecords, [goodRows[0]!]));
    expect(problems).toEqual([
      `README.md: the index does not list 002-test-strategy.md; its row is\n    ${goodRows[1]}`,
    ]);
  });

  it('fails when the index shows a status other than the record’s', () => {
    const stale = goodRows[0]!.replace('accepted · superseded in part by 002', 'accepted');
    const problems = findProblems(decisionsFolder(goodRecords, [stale, goodRows[1]!]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^README\.md: the index's row for 001 differs from the record/);
  });

  it('fails when a status names a record that does not exist', () => {
    const records = {
      ...goodRecords,
      '002-test-strategy.md': record(
        '# 002 — Test strategy: real PostgreSQL',
        'Date: 2026-11-22 · Status: superseded by 009',
      ),
    };
    const rows = [
      goodRows[0]!,
      '| [002](002-test-strategy.md) | Test strategy: real PostgreSQL | superseded by 009 | 009 |',
    ];
    expect(findProblems(decisionsFolder(records, rows))).toEqual([
      '002-test-strategy.md: its status names record 009, which does not exist',
    ]);
  });

  it('fails when a record lacks its heading or its status line, or shares a number', () => {
    const records = {
      ...goodRecords,
      '003-no-heading.md': record('# Import boundaries', 'Date: 2026-11-22 · Status: accepted'),
      '004-no-status.md': record('# 004 — No status', 'Status: accepted'),
      '001-the-same-number.md': record(
        '# 001 — The same number',
        'Date: 2026-11-22 · Status: accepted',
      ),
    };
    const problems = findProblems(decisionsFolder(records, goodRows));
    expect(problems).toContain("003-no-heading.md: it has no '# NNN — Title' heading");
    expect(problems).toContain(
      "004-no-status.md: it has no status line 'Date: YYYY-MM-DD · Status: …'",
    );
    expect(problems).toContain(
      "001-the-same-number.md: number 001 is also 001-embedded-postgresql.md's",
    );
  });

  it('fails when a record’s text says it was superseded and its status line does not', () => {
    const records = {
      ...goodRecords,
      '002-test-strategy.md': record(
        '# 002 — Test strategy: real PostgreSQL',
        'Date: 2026-11-22 · Status: accepted',
      ),
      '003-import-boundaries.md': record(
        '# 003 — Import boundaries',
        'Date: 2026-11-22 · Status: accepted',
        'Superseded in part by 002 (the browser) and 001 (the engine).',
      ),
    };
    const rows = [
      ...goodRows,
      '| [003](003-import-boundaries.md) | Import boundaries | accepted |  |',
    ];
    expect(findProblems(decisionsFolder(records, rows))).toEqual([
      '003-import-boundaries.md: its text says it was superseded by 002, its status line does not',
      '003-import-boundaries.md: its text says it was superseded by 001, its status line does not',
    ]);
  });
});
