/**
 * A database file of an upload (Hammond's backup is one SQLite file), opened with Node's built-in
 * SQLite: written to a private temporary folder, read, and deleted again whatever happens. The
 * readers need only synchronous statements.
 *
 * The file is hostile until read (decision 061). It is opened read-only and defensive; a file
 * with a view, a trigger or a virtual table is refused before any statement of a reader runs
 * (an export holds tables, and a view can hide an endless query); and an authorizer allows
 * nothing but reading tables and `PRAGMA table_info`, so that no recursive query runs whatever
 * the file says about itself. node:sqlite has no progress handler: what is left (reading the
 * rows of the file's own tables) is bounded by the file's size, and the worker's time limit ends
 * the rest.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';

/** A cell as node:sqlite answers it. */
export type SqliteValue = SQLOutputValue;
export type SqliteRecord = Record<string, SqliteValue>;
export type SqliteDatabase = DatabaseSync;

/** The few authorizer action codes the reading allows (sqlite3.h). */
const SQLITE = { ok: 0, deny: 1, pragma: 19, read: 20, select: 21 } as const;

type SqliteAuthorizer = NonNullable<Parameters<DatabaseSync['setAuthorizer']>[0]>;

/** The reason a database file is refused before it is read. */
export class RefusedDatabaseError extends Error {}

/** Reads of tables and `PRAGMA table_info`, and only those that no view or trigger makes. */
const onlyReadTables: SqliteAuthorizer = (action, first, _second, _database, triggerOrView) => {
  if (triggerOrView !== null) return SQLITE.deny;
  if (action === SQLITE.select || action === SQLITE.read) return SQLITE.ok;
  if (action === SQLITE.pragma && first?.toLowerCase() === 'table_info') return SQLITE.ok;
  return SQLITE.deny;
};

/** Every SQLite file begins with these 16 bytes. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1');

export function isSqliteFile(bytes: Buffer): boolean {
  return bytes.length >= SQLITE_MAGIC.length && bytes.subarray(0, 16).equals(SQLITE_MAGIC);
}

function sqliteModule(): typeof import('node:sqlite') {
  // Loaded at run time: the bundlers leave a built-in alone.
  const loaded = process.getBuiltinModule('node:sqlite');
  if (!loaded) throw new Error('This server cannot read database files (Node 24 is needed).');
  return loaded;
}

/** Runs `use` on a database file made of `bytes`; the file is deleted afterwards. */
export function withSqliteBytes<Result>(
  bytes: Buffer,
  use: (database: SqliteDatabase) => Result,
): Result {
  const folder = mkdtempSync(path.join(tmpdir(), 'garage-ledger-import-'));
  try {
    const file = path.join(folder, 'upload.db');
    writeFileSync(file, bytes);
    const database = new (sqliteModule().DatabaseSync)(file, {
      readOnly: true,
      defensive: true,
      allowExtension: false,
    });
    try {
      const kinds = database
        .prepare(
          `SELECT type, name FROM sqlite_master
           WHERE type IN ('view', 'trigger') OR sql LIKE 'CREATE VIRTUAL TABLE%' LIMIT 1`,
        )
        .all();
      if (kinds.length > 0) {
        throw new RefusedDatabaseError(
          'This database holds views, triggers or virtual tables, which no export has: it is not read.',
        );
      }
      database.setAuthorizer(onlyReadTables);
      return use(database);
    } finally {
      database.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A new database built by `fill`, as the bytes of its file (for sample files). */
export function sqliteBytesOf(fill: (database: SqliteDatabase) => void): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), 'garage-ledger-sample-'));
  try {
    const file = path.join(folder, 'sample.db');
    const database = new (sqliteModule().DatabaseSync)(file);
    try {
      fill(database);
    } finally {
      database.close();
    }
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The column names of `table`, empty when the table does not exist. */
export function columnsOf(database: SqliteDatabase, table: string): Set<string> {
  const rows = database.prepare(`PRAGMA table_info("${table.replaceAll('"', '""')}")`).all();
  return new Set(rows.map((row) => String(row.name)));
}
