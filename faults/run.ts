/**
 * The reliability suite (`npm run test:faults`): runs every scenario against the built server
 * (`$DIST_DIR/server/main.js`, `dist/` by default), prints each one's verdict and figures, and
 * exits non-zero when any failed. Scenario names given as arguments run only those:
 *   npx tsx faults/run.ts durability outage
 * The figures of the run go to faults/results/latest.md and latest.json (results-file.ts).
 * What each scenario proves: docs/quality.md, "Reliability".
 */
import fs from 'node:fs';
import { diskFaults } from './disk-faults';
import { downloads } from './downloads';
import { durability } from './durability';
import { hostileFiles } from './hostile-uploads';
import { backgroundJobs } from './jobs';
import type { StandalonePostgres } from './lib';
import {
  builtMain,
  type Figures,
  makeScratchFolder,
  type ScenarioResult,
  startStandalonePostgres,
} from './lib';
import { loadOnDatabaseUrl, loadOnEmbedded } from './load';
import { outage } from './outage';
import { photoFlood } from './photos';
import { reminders } from './reminders';
import { describeRun, type ScenarioRun, writeResults } from './results-file';
import { statelessScale } from './scale';
import { stopByProcessGroup } from './stop';
import { uploadFlood } from './upload-flood';

/** Scenarios of one lane run one after the other; the first two lanes run side by side. */
type Lane = 'restarts' | 'standalone' | 'alone';

type Scenario = {
  name: string;
  lane: Lane;
  title: string;
  run: (shared: { postgres: () => Promise<StandalonePostgres> }) => Promise<ScenarioResult>;
};

const SCENARIOS: Scenario[] = [
  {
    name: 'durability',
    lane: 'restarts',
    title: 'Durability: kill -9 under load',
    run: () => durability(),
  },
  {
    name: 'stop',
    lane: 'restarts',
    title: "Stopping: SIGTERM to npm start's process group",
    run: () => stopByProcessGroup(),
  },
  { name: 'load', lane: 'alone', title: 'Load: embedded PostgreSQL', run: () => loadOnEmbedded() },
  {
    name: 'load-url',
    lane: 'alone',
    title: 'Load: DATABASE_URL',
    run: async ({ postgres }) => loadOnDatabaseUrl(await postgres()),
  },
  {
    name: 'photos',
    lane: 'alone',
    title: 'Photo flood: one user cannot starve the others',
    run: () => photoFlood(),
  },
  {
    name: 'upload-flood',
    lane: 'alone',
    title: 'Upload flood: one account against its storage bounds',
    run: () => uploadFlood(),
  },
  {
    name: 'downloads',
    lane: 'alone',
    title: 'Downloads: 40 at once of a 10 MB file',
    run: () => downloads(),
  },
  {
    name: 'hostile-files',
    lane: 'alone',
    title: 'Hostile files: bombs and endless databases answered 4xx, the other users unharmed',
    run: () => hostileFiles(),
  },
  {
    name: 'scale',
    lane: 'standalone',
    title: 'Stateless scale: two servers, one database',
    run: async ({ postgres }) => statelessScale(await postgres()),
  },
  {
    name: 'jobs',
    lane: 'standalone',
    title: 'Background jobs: two servers, one queue, one killed mid-run',
    run: async ({ postgres }) => backgroundJobs(await postgres()),
  },
  {
    name: 'reminders',
    lane: 'standalone',
    title: 'Reminders: two servers send each once; a sender killed mid-batch loses none',
    run: async ({ postgres }) => reminders(await postgres()),
  },
  {
    name: 'outage',
    lane: 'standalone',
    title: 'Database going away',
    run: async ({ postgres }) => outage(await postgres()),
  },
  {
    name: 'disk',
    lane: 'standalone',
    title: 'Disk and size faults',
    run: async ({ postgres }) => diskFaults(await postgres()),
  },
];

function formatFigures(figures: Figures): string {
  return Object.entries(figures)
    .map(([name, value]) => `    ${name}: ${value}`)
    .join('\n');
}

const print = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  if (!fs.existsSync(builtMain)) {
    console.error(`No build at ${builtMain}: run \`npm run build\` first (or set DIST_DIR).`);
    process.exit(1);
  }
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown scenarios: ${unknown.join(', ')}. Known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
    );
    process.exit(1);
  }
  const chosen = wanted.length > 0 ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;

  // One PostgreSQL server of our own for the DATABASE_URL scenarios, started when first needed.
  const postgresFolder = makeScratchFolder('postgres');
  let postgres: Promise<StandalonePostgres> | undefined;
  const shared = {
    postgres: () => {
      postgres ??= startStandalonePostgres(postgresFolder);
      return postgres;
    },
  };

  const run = describeRun(wanted);
  const suiteStarted = performance.now();
  let failures = 0;
  const finished: ScenarioRun[] = [];
  const runOne = async (scenario: Scenario) => {
    const started = performance.now();
    let result: ScenarioResult;
    try {
      result = await scenario.run(shared);
    } catch (error) {
      result = { figures: {}, problems: [`crashed: ${(error as Error).stack ?? error}`] };
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const passed = result.problems.length === 0;
    if (!passed) failures += 1;
    finished.push({
      name: scenario.name,
      title: scenario.title,
      passed,
      seconds: Number(seconds),
      ...result,
    });
    // One write per scenario, so scenarios running side by side never interleave their lines.
    const lines = [`${passed ? 'PASS' : 'FAIL'} ${scenario.title} (${seconds} s)`];
    if (Object.keys(result.figures).length > 0) lines.push(formatFigures(result.figures));
    for (const problem of result.problems.slice(0, 20)) lines.push(`    ✗ ${problem}`);
    if (result.problems.length > 20) {
      lines.push(`    … and ${result.problems.length - 20} more problems`);
    }
    print(lines.join('\n'));
  };
  const runLane = async (lane: Lane) => {
    for (const scenario of chosen.filter((s) => s.lane === lane)) await runOne(scenario);
  };
  try {
    // Durability spends its time in restarts, not CPU: it runs beside the short DATABASE_URL
    // scenarios. The load runs come last and alone, so their figures are theirs.
    await Promise.all([runLane('restarts'), runLane('standalone')]);
    await runLane('alone');
  } finally {
    if (postgres) await (await postgres.catch(() => undefined))?.stop();
    fs.rmSync(postgresFolder, { recursive: true, force: true });
  }
  const total = ((performance.now() - suiteStarted) / 1000).toFixed(1);
  // In the order the scenarios are listed, whichever lane finished first.
  const scenarios = chosen.flatMap((s) => finished.filter((done) => done.name === s.name));
  writeResults({ ...run, totalSeconds: Number(total), scenarios });
  print(
    `\nReliability suite: ${chosen.length - failures} of ${chosen.length} scenarios passed in ${total} s`,
  );
  process.exit(failures > 0 ? 1 : 0);
}

await main();
