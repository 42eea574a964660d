/**
 * The figures of the latest run of the reliability suite, written at its end to
 * `faults/results/latest.json` and `faults/results/latest.md`, so that no document copies run
 * figures by hand (decision 027). Each run replaces both files; a run of every scenario also
 * rewrites the figures block of `docs/quality.md` (decision 049).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/paths';
import type { Figures } from './lib';

export type ScenarioRun = {
  name: string;
  title: string;
  passed: boolean;
  seconds: number;
  figures: Figures;
  problems: string[];
};

export type SuiteRun = {
  startedAt: string;
  commit: string;
  machine: string;
  /** Load average over one minute when the run began: a busy machine stretches every time. */
  loadAverageAtStart: number;
  scenariosAsked: string[];
  totalSeconds: number;
  scenarios: ScenarioRun[];
};

export const resultsFolder = path.join(projectRoot, 'faults/results');

/** Where the run happened, so its times can be read against the machine that gave them. */
export function describeRun(
  scenariosAsked: string[],
): Omit<SuiteRun, 'totalSeconds' | 'scenarios'> {
  return {
    startedAt: new Date().toISOString(),
    commit: currentCommit(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    loadAverageAtStart: Number((os.loadavg()[0] ?? 0).toFixed(1)),
    scenariosAsked,
  };
}

function currentCommit(): string {
  try {
    // `-dirty` marks a run of a tree with changes not yet committed.
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: projectRoot })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export function writeResults(run: SuiteRun) {
  fs.mkdirSync(resultsFolder, { recursive: true });
  fs.writeFileSync(path.join(resultsFolder, 'latest.json'), `${JSON.stringify(run, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsFolder, 'latest.md'), toMarkdown(run));
  if (run.scenariosAsked.length === 0) writeQualityFigures(run);
}

const qualityPage = path.join(projectRoot, 'docs/quality.md');
const FIGURES_START = '<!-- reliability figures: written by faults/run.ts, do not edit -->';
const FIGURES_END = '<!-- end of reliability figures -->';

/**
 * Decision 049: the figures of a whole run, one line per scenario, between the markers of
 * docs/quality.md, so the page shows what each scenario measured last without anyone copying a
 * figure. A page without the markers is left alone.
 */
function writeQualityFigures(run: SuiteRun) {
  const page = fs.readFileSync(qualityPage, 'utf8');
  const start = page.indexOf(FIGURES_START);
  const end = page.indexOf(FIGURES_END);
  if (start === -1 || end < start) return;
  const lines = [
    FIGURES_START,
    '',
    `Last run of every scenario: ${run.startedAt.slice(0, 10)}, commit \`${run.commit}\`, ` +
      `${run.machine}, load average ${run.loadAverageAtStart} at the start.`,
    '',
    '| scenario | verdict | seconds | figures |',
    '|---|---|---|---|',
    ...run.scenarios.map((scenario) => {
      const figures = Object.entries(scenario.figures)
        .map(([name, value]) => `${name}: ${value}`)
        .join(' · ')
        .replaceAll('|', '\\|');
      return `| ${scenario.title.replaceAll('|', '\\|')} | ${scenario.passed ? 'PASS' : 'FAIL'} | ${scenario.seconds} | ${figures} |`;
    }),
    '',
  ];
  fs.writeFileSync(qualityPage, `${page.slice(0, start)}${lines.join('\n')}${page.slice(end)}`);
}

function toMarkdown(run: SuiteRun): string {
  const passed = run.scenarios.filter((scenario) => scenario.passed).length;
  const asked = run.scenariosAsked.length > 0 ? run.scenariosAsked.join(' ') : 'every scenario';
  const lines = [
    '# Reliability suite: latest run',
    '',
    'Written by `faults/run.ts` at the end of each run; do not edit by hand.',
    '',
    `- Started: ${run.startedAt}, commit \`${run.commit}\``,
    `- Machine: ${run.machine}, load average ${run.loadAverageAtStart} at the start`,
    `- Scenarios asked: ${asked}`,
    `- Result: ${passed} of ${run.scenarios.length} passed in ${run.totalSeconds} s`,
    '',
    '| scenario | verdict | seconds |',
    '|---|---|---|',
    ...run.scenarios.map(
      (scenario) =>
        `| ${scenario.title} | ${scenario.passed ? 'PASS' : 'FAIL'} | ${scenario.seconds} |`,
    ),
  ];
  for (const scenario of run.scenarios) {
    lines.push('', `## ${scenario.title}`, '');
    for (const [name, value] of Object.entries(scenario.figures)) {
      lines.push(`- ${name}: ${value}`);
    }
    for (const problem of scenario.problems.slice(0, 20)) lines.push(`- ✗ ${problem}`);
    if (scenario.problems.length > 20) {
      lines.push(
        `- … and ${scenario.problems.length - 20} more problems (latest.json has them all)`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
