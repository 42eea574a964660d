/**
 * Convention 10: the committed migrations are exactly what schema.ts generates. drizzle-kit runs
 * against a scratch copy of the migrations; any change it would write means someone edited the
 * schema without running `npm run db:generate`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFolder, projectRoot } from '../paths';

it('has committed migrations that match schema.ts', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-drift-'));
  try {
    fs.cpSync(migrationsFolder, scratch, { recursive: true });
    const before = fs.readdirSync(scratch).sort();
    const run = spawnSync(
      path.join(projectRoot, 'node_modules', '.bin', 'drizzle-kit'),
      ['generate', '--config', path.join(projectRoot, 'drizzle.config.ts')],
      {
        cwd: projectRoot,
        env: { ...process.env, DRIZZLE_OUT: path.relative(projectRoot, scratch) },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(fs.readdirSync(scratch).sort()).toEqual(before);
    expect(`${run.stdout}${run.stderr}`).toContain('No schema changes');
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
