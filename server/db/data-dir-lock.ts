/**
 * The app's own claim on DATA_DIR: one app process per data folder. PostgreSQL's postmaster.pid
 * only guards the database files; this lock also tells a second app to stop before it touches
 * anything, and tells the next start whether an orphaned PostgreSQL belongs to a dead owner.
 *
 * The lock names its owner's pid. After a crash that pid may have been given to another process
 * or be a zombie, and a live process alone would then refuse every start until a reboot: the
 * owner must also be a Garage Ledger server by its command line.
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

/**
 * How the server runs: `node …/server/main.js` built, `server/main.ts` through tsx (tests, and
 * `npm run dev`'s watcher, whose child has the same argument).
 */
const SERVER_ENTRY = /(^|\/)server\/main\.[jt]s$/;

/**
 * Whether `pid` is a live Garage Ledger server. A zombie has an empty command line. Where the
 * system has no /proc (macOS), or does not let us read it, a live process is taken for the
 * owner, as before: refusing a start is the safe side.
 */
function isGarageLedgerServer(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  let commandLine: string;
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && fs.existsSync('/proc/self/cmdline')) return false;
    return true;
  }
  return commandLine.split('\0').some((argument) => SERVER_ENTRY.test(argument));
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
 * Takes the lock or throws DataDirInUseError while another live server holds it. A lock left by
 * a process that is gone (a crash, `kill -9`), whose pid is now a zombie or another program's, is
 * stale and taken over.
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
      if (owner !== undefined && owner !== process.pid && isGarageLedgerServer(owner)) {
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
