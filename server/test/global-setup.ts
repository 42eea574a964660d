/**
 * Once per test run: a PostgreSQL to test on (the embedded one in a temporary folder, or the
 * server of TEST_DATABASE_URL) and a template database migrated once. Each test file then gets
 * its own database copied from the template (server/test/database.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateDatabase } from '../db/migrate';
import { projectRoot } from '../paths';
import { databaseUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * `copyStrategy` is how CREATE DATABASE copies the template: `file_copy` on our own throwaway
     * server, whose checkpoint costs nothing without fsync (a fifth of the time of `wal_log`,
     * which copies block by block through the WAL); the server's default on TEST_DATABASE_URL.
     */
    testDatabase: { adminUrl: string; template: string; copyStrategy?: 'file_copy' };
  }
}

const TEST_RUN_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/**
 * The file-reader pool's worker as one bundle for the run (decision 061): each import in a test
 * starts a worker, and a bundle loads in a fraction of the time tsx takes to compile its modules.
 */
async function bundleFileReaderWorker(folder: string) {
  const outfile = path.join(folder, 'file-reader.worker.cjs');
  await build({
    entryPoints: [path.join(projectRoot, 'server/modules/imports/file-reader.worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    alias: { '@contract': path.join(projectRoot, 'contract') },
    logLevel: 'warning',
  });
  return outfile;
}

export default async function setup(project: TestProject) {
  const workerFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-worker-'));
  // Set before the test processes start: they inherit it.
  process.env.FILE_READER_WORKER = await bundleFileReaderWorker(workerFolder);
  let server: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // Under the system temp folder, which the `postgres` user can reach even when we are root.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-test-'));
    fs.chmodSync(dataDir, 0o755);
    // A throwaway server: nothing in it must survive a crash, and each commit's flush to disk
    // costs milliseconds on a shared machine (a database copied per test file, every write).
    server = await startEmbeddedPostgres({ dataDir, port: 0, settings: TEST_RUN_SETTINGS });
    adminUrl = server.url('postgres');
  }

  const template = `gl_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 1 });
  try {
    await migrateDatabase(pool);
  } finally {
    await pool.end();
  }
  project.provide('testDatabase', {
    adminUrl,
    template,
    ...(server ? { copyStrategy: 'file_copy' as const } : {}),
  });

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workerFolder, { recursive: true, force: true });
  };
}
