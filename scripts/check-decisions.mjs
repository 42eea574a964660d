#!/usr/bin/env node
/**
 * The decision records (docs/decisions/README.md), kept honest:
 *   - every record opens with `# NNN — Title`, NNN being its file's number, and no two share one;
 *   - every record has its status line, `Date: YYYY-MM-DD · Status: …`;
 *   - what a later record did to it (superseded by, superseded in part by, refined by) names
 *     records that exist and came after it;
 *   - the README's index lists every record once, with the record's own title and status.
 * A record's status is its state ("accepted", or "superseded by NNN") followed by each change a
 * later record made, written lowercase; a capitalised part of the line ("Supersedes in part 011",
 * "Refines D38") is the record's own note about older ones and no part of its status.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const HEADING = /^# (\d{3}) — (\S.*)$/;
const STATUS_LINE = /^Date: \d{4}-\d{2}-\d{2} · Status: (\S.*)$/;
const CHANGE = /^(superseded by|superseded in part by|refined by) (\d{3}(?:, \d{3})*)$/;
const REVERSAL = /^reversed in place\b/;
const STATES = ['accepted'];
const BODY_NOTE = /^>?\s*Superseded (?:in part )?by (?:decision )?(\d{3}(?:(?:, | and )\d{3})*)/;
const INDEX_ROW = /^\| \[(\d{3})\]\(([^)]+)\) \| (.*) \| (.*) \| (.*) \|$/;

/** Drops the explanations in parentheses, which the status line may carry and the index does not. */
function withoutAsides(text) {
  return text
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The status line's text (a long one may wrap onto the lines below it) read into the state, the
 * changes later records made and the numbers of those records.
 */
function readStatus(text) {
  const parts = text.split(' · ').map(withoutAsides);
  const status = [];
  const changedBy = [];
  const problems = [];
  for (const [position, part] of parts.entries()) {
    const change = CHANGE.exec(part);
    if (change) {
      status.push(part);
      changedBy.push(...change[2].split(', '));
    } else if (position === 0) {
      if (STATES.includes(part)) status.push(part);
      else
        problems.push(`its state '${part}' is none of ${STATES.join(', ')} or 'superseded by NNN'`);
    } else if (REVERSAL.test(part)) {
      status.push(part);
    } else if (/^(Superseded|Refined|Reversed)\b/.test(part)) {
      problems.push(
        `'${part}' is a change a later record made: write it lowercase, 'superseded by NNN'`,
      );
    } else if (/^[a-z]/.test(part)) {
      problems.push(
        `'${part}' is no change a later record makes (superseded by, superseded in part by, refined by NNN, NNN)`,
      );
    }
  }
  return { status: status.join(' · '), changedBy, problems };
}

/** One record file read: its number, title, status and the records that changed it. */
export function readRecord(file, text) {
  const number = RECORD_FILE.exec(file)?.[1];
  const lines = text.split('\n');
  const problems = [];

  const headingLine = lines.find((line) => line.startsWith('# '));
  const heading = headingLine ? HEADING.exec(headingLine) : null;
  if (!heading) problems.push("it has no '# NNN — Title' heading");
  else if (heading[1] !== number)
    problems.push(`its heading says ${heading[1]}, its file ${number}`);

  const statusAt = lines.findIndex((line) => STATUS_LINE.test(line));
  let status = null;
  let changedBy = [];
  if (statusAt === -1) {
    problems.push("it has no status line 'Date: YYYY-MM-DD · Status: …'");
  } else {
    const wrapped = [];
    for (let at = statusAt + 1; at < lines.length && lines[at].trim() !== ''; at += 1) {
      wrapped.push(lines[at].trim());
    }
    const read = readStatus([STATUS_LINE.exec(lines[statusAt])[1], ...wrapped].join(' '));
    status = read.status;
    changedBy = read.changedBy;
    problems.push(...read.problems);
  }
  // A note in the body that the record was superseded, as older records carry, must agree with
  // the status line, which is what the index and a reader go by.
  for (const line of lines) {
    const note = BODY_NOTE.exec(withoutAsides(line));
    if (!note) continue;
    for (const named of note[1].match(/\d{3}/g)) {
      if (!changedBy.includes(named)) {
        problems.push(`its text says it was superseded by ${named}, its status line does not`);
      }
    }
  }
  return { number, file, title: heading?.[2] ?? null, status, changedBy, problems };
}

/** The README's index row a record should have. */
export function indexRow(record, filesByNumber) {
  const links = record.changedBy.map((number) =>
    filesByNumber.has(number) ? `[${number}](${filesByNumber.get(number)})` : number,
  );
  return `| [${record.number}](${record.file}) | ${record.title} | ${record.status} | ${links.join(', ')} |`;
}

export function findProblems(directory = path.join(root, 'docs', 'decisions')) {
  const problems = [];
  const files = fs
    .readdirSync(directory)
    .filter((file) => file.endsWith('.md') && file !== 'README.md' && file !== 'TEMPLATE.md')
    .sort();
  const records = [];
  for (const file of files) {
    if (!RECORD_FILE.test(file)) {
      problems.push(`${file}: a record's file is named NNN-title-in-kebab-case.md`);
      continue;
    }
    records.push(readRecord(file, fs.readFileSync(path.join(directory, file), 'utf8')));
  }

  const filesByNumber = new Map();
  for (const record of records) {
    const other = filesByNumber.get(record.number);
    if (other) problems.push(`${record.file}: number ${record.number} is also ${other}'s`);
    else filesByNumber.set(record.number, record.file);
  }

  for (const record of records) {
    problems.push(...record.problems.map((problem) => `${record.file}: ${problem}`));
    for (const number of record.changedBy) {
      if (!filesByNumber.has(number)) {
        problems.push(`${record.file}: its status names record ${number}, which does not exist`);
      } else if (number <= record.number) {
        problems.push(
          `${record.file}: its status names record ${number}, which is not a later one`,
        );
      }
    }
  }

  const readmeFile = path.join(directory, 'README.md');
  const indexRows = new Map();
  if (!fs.existsSync(readmeFile)) {
    problems.push('README.md: the index of the records is missing');
  } else {
    for (const line of fs.readFileSync(readmeFile, 'utf8').split('\n')) {
      const row = INDEX_ROW.exec(line);
      if (!row) continue;
      if (indexRows.has(row[1])) problems.push(`README.md: ${row[1]} is listed twice`);
      indexRows.set(row[1], line);
    }
  }
  for (const record of records) {
    if (record.title === null || record.status === null) continue;
    const expected = indexRow(record, filesByNumber);
    const listed = indexRows.get(record.number);
    if (listed === undefined) {
      problems.push(
        `README.md: the index does not list ${record.file}; its row is\n    ${expected}`,
      );
    } else if (listed !== expected) {
      problems.push(
        `README.md: the index's row for ${record.number} differs from the record:\n    listed ${listed}\n    record ${expected}`,
      );
    }
    indexRows.delete(record.number);
  }
  for (const number of indexRows.keys()) {
    if (!filesByNumber.has(number))
      problems.push(`README.md: the index lists ${number}, no record`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findProblems();
  if (problems.length > 0) {
    console.error(
      `Decision records out of order (${problems.length}):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('Decision records and their index agree.');
}
