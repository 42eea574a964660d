#!/usr/bin/env node
/**
 * Every rule the code cites can be looked up inside the repository. The code cites the product
 * specification's sections as `000 §4` / `001 §9` (a list such as `001 §5, §9` cites both) and
 * its numbered decisions as `D9`; docs/product/*.md define each under a heading of that number.
 * It also cites the project's own decisions as "decision 041", each a record
 * docs/decisions/041-*.md. A citation with nothing behind it fails lint, with its file and line.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['contract', 'server', 'web', 'e2e', 'scripts', 'bench', 'docs'];
const RULES_FOLDER = 'docs/product';
const DECISIONS_FOLDER = 'docs/decisions';
/** Text files people write; generated JSON (bench results, migration snapshots) is left out. */
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|sql|html)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'screenshots', 'playwright-report']);
const SKIPPED_FOLDER = /^(dist|test-results)(-.*)?$/;
/** The check's own test cites undefined numbers on purpose, to show they are reported. */
const EXEMPT_FILES = new Set(['scripts/check-citations.test.ts']);

/** `D9`, but not a byte of a hex dump such as `FF D8 FF`. */
const DECISION_CITATION = /(?<![0-9A-F]{2} )\bD(\d{1,2})\b(?! [0-9A-F]{2}\b)/g;
/** `000 §4`, and the sections listed after it: `001 §5, §9`, `000 §2 and §9`. */
const SECTION_CITATION = /\b(00[01]) §(\d+)((?:(?:,\s*|\s+and\s+|\s+or\s+|\s*[–-]\s*)§\d+)*)/g;
/** `decision 041`, `decisions 015 and 017` (only a plural lists), links to `decisions/041-…`. */
const RECORD_CITATION =
  /\bdecision (\d{3})\b|\bdecisions (\d{3})((?:(?:,\s*|\s+and\s+|\s+or\s+)\d{3}\b)*)|\bdecisions\/(\d{3})\b/gi;
const RULE_HEADING = /^#{1,6}\s+(D\d{1,2}|00[01] §\d+)(?=\s|$)/;

function listFiles(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name) || SKIPPED_FOLDER.test(entry.name)
        ? []
        : listFiles(file);
    }
    return TEXT.test(entry.name) ? [file] : [];
  });
}

/** The rule numbers one line cites, e.g. ['D9', '001 §5', '001 §9']. */
function rulesCitedIn(line) {
  const cited = [];
  for (const match of line.matchAll(DECISION_CITATION)) cited.push(`D${Number(match[1])}`);
  for (const match of line.matchAll(SECTION_CITATION)) {
    const [, document, first, more] = match;
    cited.push(`${document} §${Number(first)}`);
    for (const next of more.matchAll(/§(\d+)/g)) cited.push(`${document} §${Number(next[1])}`);
  }
  return cited;
}

/** The project decision numbers one line cites, e.g. ['015', '017']. */
function recordsCitedIn(line) {
  const cited = [];
  for (const match of line.matchAll(RECORD_CITATION)) {
    const [, single, first, more, linked] = match;
    cited.push(single ?? first ?? linked);
    for (const next of (more ?? '').matchAll(/\d{3}/g)) cited.push(next[0]);
  }
  return cited;
}

/**
 * Judges the citations of `sources` against the rules `rules` define (their headings) and the
 * decision records that exist (`records`: numbers such as '041').
 * sources, rules: [{ file, text }] with project-relative paths.
 */
export function findUndefinedCitations({ sources, rules, records }) {
  const defined = new Set();
  for (const { text } of rules) {
    for (const line of text.split('\n')) {
      const heading = RULE_HEADING.exec(line);
      if (heading) defined.add(heading[1]);
    }
  }
  const recordNumbers = new Set(records);
  const undefinedCitations = [];
  let citations = 0;
  for (const { file, text } of sources) {
    const isRulesFile = file.startsWith(`${RULES_FOLDER}/`);
    text.split('\n').forEach((line, index) => {
      if (isRulesFile && RULE_HEADING.test(line)) return;
      for (const rule of rulesCitedIn(line)) {
        citations += 1;
        if (!defined.has(rule)) {
          undefinedCitations.push(
            `${file}:${index + 1}: ${rule} is not defined in ${RULES_FOLDER}/`,
          );
        }
      }
      for (const record of recordsCitedIn(line)) {
        citations += 1;
        if (!recordNumbers.has(record)) {
          undefinedCitations.push(
            `${file}:${index + 1}: decision ${record} has no record ${DECISIONS_FOLDER}/${record}-*.md`,
          );
        }
      }
    });
  }
  return { undefinedCitations, rules: defined.size, citations };
}

/** The project's files as findUndefinedCitations reads them. */
export function readProject(projectRoot = root) {
  const read = (absolute) => ({
    file: path.relative(projectRoot, absolute).split(path.sep).join('/'),
    text: fs.readFileSync(absolute, 'utf8'),
  });
  const sources = FOLDERS.flatMap((folder) => listFiles(path.join(projectRoot, folder)))
    .map(read)
    .filter(({ file }) => !EXEMPT_FILES.has(file));
  const rules = sources.filter(
    ({ file }) => file.startsWith(`${RULES_FOLDER}/`) && file.endsWith('.md'),
  );
  const decisionsFolder = path.join(projectRoot, DECISIONS_FOLDER);
  const records = fs.existsSync(decisionsFolder)
    ? fs
        .readdirSync(decisionsFolder)
        .map((name) => /^(\d{3})-.*\.md$/.exec(name)?.[1])
        .filter(Boolean)
    : [];
  return { sources, rules, records };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { undefinedCitations, rules, citations } = findUndefinedCitations(readProject());
  if (undefinedCitations.length > 0) {
    console.error(
      `Cited rules with no definition (${undefinedCitations.length}):\n  ${undefinedCitations.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`Every cited rule is defined (${rules} rules, ${citations} citations).`);
}
