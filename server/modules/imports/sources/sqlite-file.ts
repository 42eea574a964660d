/**
 * A database file of an upload (Hammond's backup is one SQLite file), opened with Node's built-in
 * SQLite: written to a private temporary folder, read, and deleted again whatever happens. The
 * readers need only synchronous statements; the module's own types are not in this project's
 * @types/node, so the few calls used are typed here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A cell as node:sqlite answers it. */
export type SqliteValue = string | number | bigint | Uint8Array | null;
export type SqliteRecord = Record<string, SqliteValue>;

type SqliteStatement = {
  all: (...parameters: SqliteValue[]) => SqliteRecord[];
  run: (...parameters: SqliteValue[]) => unknown;
};

export type SqliteDatabase = {
  prepare: (sql: string) => SqliteStatement;
  exec: (sql: string) => void;
  close: () => void;
};

type SqliteModule = {
  DatabaseSync: new (location: string, options?: { readOnly?: boolean }) => SqliteDatabase;
};

/** Every SQLite file begins with these 16 bytes. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1');

export function isSqliteFile(bytes: Buffer): boolean {
  return bytes.length >= SQLITE_MAGIC.length && bytes.subarray(0, 16).equals(SQLITE_MAGIC);
}

function sqliteModule(): SqliteModule {
  // Loaded at run time: the bundlers leave a built-in alone, and the types above stand in for the
  // declarations @types/node 20 lacks.
  const loaded = process.getBuiltinModule('node:sqlite');
  if (!loaded) throw new Error('This server cannot read database files (Node 24 is needed).');
  return loaded as SqliteModule;
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
    const database = new (sqliteModule().DatabaseSync)(file, { readOnly: true });
    try {
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
