#!/usr/bin/env node
/**
 * The reminder scan at scale (decision 054), against the built server on loopback:
 *   npm run bench:reminders
 * 100,000 users with one vehicle each, 10 service schedules per vehicle (1,000,000) and 6
 * odometer readings per vehicle (600,000), seeded with SQL. Then every vehicle is asked to be
 * looked at at once (what the first scan after an upgrade, or a change of everyone's day, meets)
 * and the `reminders` job is started: the figure is the time until no vehicle is left to look at,
 * against the default period of REMINDER_CHECK_SECONDS (300 s). A second run with nothing due
 * shows the cost of an idle scan. Figures: bench/results/reminders.md, summed up in bench/REPORT.md.
 * BENCH_REMINDER_USERS sets the number of users (default 100,000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeDataRoot, root, rssMb, startServer } from './lib/server.mjs';
import { writeReport } from './report.mjs';

const USERS = Number(process.env.BENCH_REMINDER_USERS ?? 100_000);
const SCHEDULES_PER_VEHICLE = 10;
const READINGS_PER_VEHICLE = 6;
const PERIOD_SECONDS = 300;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(pool) {
  const started = performance.now();
  await pool.query(
    `insert into users (username, email, auth_type)
     select 'scan-' || g, 'scan-' || g || '@example.com', 'local' from generate_series(1, $1) g`,
    [USERS],
  );
  await pool.query(
    `insert into vehicles (user_id, year, make, model, mileage)
     select id, 2018, 'Honda', 'Civic', 40000 + (id % 997) * 30
     from users where username like 'scan-%'`,
  );
  // Readings: 600 a month apart, the latest 10 days ago.
  await pool.query(
    `insert into odometer_readings (user_id, vehicle_id, date, odometer, source)
     select v.user_id, v.id, current_date - 10 - (r * 30), v.mileage - r * 600, 'manual'
     from vehicles v cross join generate_series(0, $1 - 1) r
     where v.make = 'Honda' and v.model = 'Civic'`,
    [READINGS_PER_VEHICLE],
  );
  // Schedules: by time, by distance and by both; first due points from 40 days ago to a year
  // ahead, so that some are overdue, some due soon and most on schedule.
  await pool.query(
    `insert into service_schedules (user_id, vehicle_id, title, category, interval_months,
       interval_distance, first_due_date, first_due_odometer)
     select v.user_id, v.id, 'Service ' || s, 'Other',
       case when s % 3 <> 1 then 6 + s end,
       case when s % 3 <> 0 then 5000 + s * 500 end,
       case when s % 3 <> 1 then current_date - 40 + ((v.id * 7 + s * 37) % 400) end,
       case when s % 3 <> 0 then v.mileage - 200 + ((v.id * 13 + s * 101) % 9000) end
     from vehicles v cross join generate_series(1, $1) s
     where v.make = 'Honda' and v.model = 'Civic'`,
    [SCHEDULES_PER_VEHICLE],
  );
  await pool.query('analyze');
  return Math.round((performance.now() - started) / 1000);
}

/** Every vehicle asked to be looked at now, and the waiting run of the job brought forward. */
async function startScan(pool) {
  await pool.query('update reminder_checks set check_at = now()');
  await pool.query(
    `update graphile_worker._private_jobs set run_at = now()
     where key = 'every:reminders' and locked_at is null`,
  );
}

async function waitForScan(pool, server) {
  const started = performance.now();
  let peakRss = 0;
  for (;;) {
    peakRss = Math.max(peakRss, rssMb(server.child.pid));
    const { rows } = await pool.query(
      'select count(*)::int as n from reminder_checks where check_at <= now()',
    );
    if (rows[0].n === 0) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('the scan took over 30 minutes');
    await sleep(200);
  }
  return { seconds: (performance.now() - started) / 1000, peakRss };
}

async function main() {
  const dataRoot = makeDataRoot();
  // A long period: the job runs once at start (an empty database), then when this script says.
  const server = await startServer({
    dataRoot,
    env: { REMINDER_CHECK_SECONDS: '86400' },
  });
  const pool = server.pool();
  try {
    // The worker's schema and the job's first (empty) run.
    for (;;) {
      const { rows } = await pool.query(
        `select to_regclass('graphile_worker._private_jobs') is not null as ready`,
      );
      if (rows[0].ready) {
        const waiting = await pool.query(
          `select 1 from graphile_worker._private_jobs where key = 'every:reminders' and locked_at is null`,
        );
        if (waiting.rowCount > 0) break;
      }
      await sleep(200);
    }
    const seedSeconds = await seed(pool);
    const counts = (
      await pool.query(`select
        (select count(*) from vehicles)::int as vehicles,
        (select count(*) from service_schedules)::int as schedules,
        (select count(*) from odometer_readings)::int as readings`)
    ).rows[0];

    await startScan(pool);
    const full = await waitForScan(pool, server);
    const states = (
      await pool.query(
        `select state, count(*)::int as n from reminder_events group by state order by state`,
      )
    ).rows;
    const nextChecks = (
      await pool.query(
        `select count(*) filter (where check_at is null)::int as "never",
           count(*) filter (where check_at > now())::int as "later"
         from reminder_checks`,
      )
    ).rows[0];

    // Nothing due: an idle run, from its start to the next run it queues as it ends.
    const keyedJob = () =>
      pool.query(`select id from graphile_worker._private_jobs where key = 'every:reminders'`);
    await sleep(3_000); // the full scan's run has ended and queued its successor
    const before = (await keyedJob()).rows[0]?.id;
    const idleStarted = performance.now();
    await pool.query(
      `update graphile_worker._private_jobs set run_at = now()
       where key = 'every:reminders' and locked_at is null`,
    );
    for (;;) {
      const now = (await keyedJob()).rows[0]?.id;
      if (now !== undefined && now !== before) break;
      if (performance.now() - idleStarted > 60_000) throw new Error('the idle run did not end');
      await sleep(20);
    }
    const idleSeconds = (performance.now() - idleStarted) / 1000;

    const lines = [
      '[← Performance report](../REPORT.md)',
      '',
      '# The reminder scan at scale',
      '',
      `Run ${new Date().toISOString()} on ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores, load ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(
          ' ',
        )}), Node ${process.version}; \`npm run bench:reminders\` (bench/reminders.bench.mjs).`,
      '',
      '| | |',
      '|---|---|',
      `| users, each with one vehicle | ${counts.vehicles.toLocaleString('en-US')} |`,
      `| service schedules | ${counts.schedules.toLocaleString('en-US')} |`,
      `| odometer readings | ${counts.readings.toLocaleString('en-US')} |`,
      `| seeded in | ${seedSeconds} s |`,
      `| **every vehicle evaluated in** | **${full.seconds.toFixed(1)} s** (goal: within one period of ${PERIOD_SECONDS} s: ${full.seconds <= PERIOD_SECONDS ? 'met' : 'not met'}) |`,
      `| vehicles per second | ${Math.round(counts.vehicles / full.seconds).toLocaleString('en-US')} |`,
      `| items that entered a state | ${states.map((row) => `${row.state} ${row.n.toLocaleString('en-US')}`).join(', ')} |`,
      `| vehicles next looked at later / only on a write | ${nextChecks.later.toLocaleString('en-US')} / ${nextChecks.never.toLocaleString('en-US')} |`,
      `| server RSS at its peak during the scan | ${full.peakRss} MB |`,
      '',
      'The scan takes vehicles 500 at a time (`for update skip locked`), reads their schedules, open',
      "records and readings in one statement each, judges them with the pages' arithmetic and",
      'records the states they entered. In steady state only vehicles whose day of change has come,',
      'or that a write touched, are due: an idle run reads one index range and ends.',
      `An idle run, with every vehicle looked at, ended ${idleSeconds.toFixed(1)} s after it was due, the worker's`,
      'look for due jobs (every 2 s) included.',
      '',
    ];
    const file = path.join(root, 'bench/results/reminders.md');
    fs.writeFileSync(file, `${lines.join('\n')}`);
    writeReport();
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await pool.end();
    await server.stop();
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
