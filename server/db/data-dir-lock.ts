/**
 * The app's own claim on DATA_DIR: one app process per data folder. PostgreSQL's postmaster.pid
 * only guards the database files; this lock also tells a second app to stop before it touches
 * anything, and tells the next start whether an orphaned PostgreSQL belongs to a dead owner.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const LOCK_FILE = 'garage-ledger.lock';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export type DataDirLock = { release(): void };

/**
 * Takes the lock or throws DataDirInUseError while another live process holds it. A lock left by
 * a dead process (a crash, `kill -9`) is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      return {
        release() {
          if (readLockOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another Garage Ledger process (pid ${owner}). ` +
            'Stop that process first, or give this one its own DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not take the lock on DATA_DIR ${dataDir}.`);
}
