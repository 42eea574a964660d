/**
 * Queries of `binary_files` (D14): uploaded files with their owner. Every read and delete is
 * scoped by the owner's id, so a file of someone else is never found (D9); the one exception is
 * the background clean-up of unattached uploads, which goes through everyone's files and tests
 * each against its own owner's rows only.
 */
import { fileIdFromUrl } from '@contract/uploads';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import {
  binaryFiles,
  documents,
  energyEntries,
  recordImages,
  users,
  vehicleImages,
  vehicles,
} from '../../db/schema';

/** Deletes the user's stored files behind these URLs; URLs that are not uploads are skipped. */
export async function deleteStoredFiles(
  tx: Executor,
  userId: number,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<number> {
  const ids = [...new Set(urls.map(fileIdFromUrl).filter((id): id is string => id !== null))];
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), inArray(binaryFiles.id, ids)))
    .returning({ id: binaryFiles.id });
  return deleted.length;
}

/**
 * Decision 041: the bytes the user's files take as stored, each file with a photo's two copies,
 * as a subquery (the status read adds it to its own). `octet_length` of a `bytea` reads the
 * length its TOAST pointer records, not the bytes; `binary_files_user_id_idx` finds the rows.
 */
export const storedBytesOf = (userId: number) =>
  sql<number>`(select coalesce(sum(${binaryFiles.size}
      + coalesce(octet_length(${binaryFiles.thumbnail}), 0)
      + coalesce(octet_length(${binaryFiles.display}), 0)), 0)
    from ${binaryFiles} where ${binaryFiles.userId} = ${userId})::float8`;

/** The bytes the user's files take as stored (`storedBytesOf`). */
export async function sumStoredBytes(tx: Executor, userId: number): Promise<number> {
  const result = await tx.execute<{ bytes: number }>(
    sql`select ${storedBytesOf(userId)} as "bytes"`,
  );
  return result.rows[0]!.bytes;
}

export type NewStoredFile = {
  id: string;
  data: Buffer;
  contentType: string;
  originalName: string | null;
  size: number;
  thumbnail: Buffer | null;
  display: Buffer | null;
};

/** Stores files of the user; the caller's transaction decides whether they stay. */
export async function insertFiles(
  tx: Executor,
  userId: number,
  files: readonly NewStoredFile[],
): Promise<void> {
  if (files.length === 0) return;
  await tx.insert(binaryFiles).values(files.map((file) => ({ ...file, userId })));
}

/** What a stored file is served as, without its bytes. */
export type StoredFileFacts = {
  size: number;
  contentType: string;
  originalName: string | null;
};

/**
 * The user's stored file, its length and type without its bytes, or undefined: someone else's
 * is never found. The length is the stored value's own, not the `size` column, so that the
 * slices read by `readFileSlice` add up to it whatever wrote the row.
 */
export async function findFile(
  db: Executor,
  userId: number,
  id: string,
): Promise<StoredFileFacts | undefined> {
  const [row] = await db
    .select({
      size: sql<number>`octet_length(${binaryFiles.data})`.mapWith(Number),
      contentType: binaryFiles.contentType,
      originalName: binaryFiles.originalName,
    })
    .from(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), eq(binaryFiles.id, id)));
  return row;
}

/**
 * `length` bytes of the user's stored file from `offset` (0-based), or undefined when the file
 * is gone (or not the user's). Each slice is its own short query, so a download holds a pool
 * connection only while a slice is read, never while the client is slow. The slice comes as
 * base64: node-postgres reads every value as text, and decoding base64 costs Node about half of
 * what the default hex text does (decision 045).
 */
export async function readFileSlice(
  db: Executor,
  userId: number,
  id: string,
  offset: number,
  length: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({
      slice: sql<string>`encode(substring(${binaryFiles.data} from ${offset + 1} for ${length}), 'base64')`,
    })
    .from(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), eq(binaryFiles.id, id)));
  return row ? Buffer.from(row.slice, 'base64') : undefined;
}

/**
 * A copy of the user's stored photo (D15), or undefined (a PDF, or not the user's). Photos always
 * have a thumbnail; one stored before display copies were made has no display copy (`copy` is
 * null), and is then displayed from the photo itself, streamed like any stored file.
 */
export async function findCopy(
  db: Executor,
  userId: number,
  id: string,
  copy: 'thumbnail' | 'display',
): Promise<{ copy: Buffer | null; originalName: string | null } | undefined> {
  const copyColumn = copy === 'thumbnail' ? binaryFiles.thumbnail : binaryFiles.display;
  const [row] = await db
    .select({ copy: copyColumn, originalName: binaryFiles.originalName })
    .from(binaryFiles)
    .where(
      and(eq(binaryFiles.userId, userId), eq(binaryFiles.id, id), isNotNull(binaryFiles.thumbnail)),
    );
  return row;
}

/**
 * Whether the user has this file (a photo, with its copies, when asked), read without its bytes: a
 * revalidation answers 304 from this alone.
 */
export async function hasFile(
  db: Executor,
  userId: number,
  id: string,
  asPhoto: boolean,
): Promise<boolean> {
  const [row] = await db
    .select({ id: binaryFiles.id })
    .from(binaryFiles)
    .where(
      and(
        eq(binaryFiles.userId, userId),
        eq(binaryFiles.id, id),
        asPhoto ? isNotNull(binaryFiles.thumbnail) : undefined,
      ),
    );
  return row !== undefined;
}

/**
 * Every column where a row may point at a stored file, with the column naming the row's owner: a
 * row only ever points at its owner's files (D9). What "in use" means, for releasing files and
 * for the clean-up of unattached uploads alike.
 */
export const FILE_REFERENCES = [
  { table: users, url: users.profileImageUrl, owner: users.id },
  { table: vehicles, url: vehicles.imageUrl, owner: vehicles.userId },
  { table: vehicleImages, url: vehicleImages.imageUrl, owner: vehicleImages.userId },
  { table: documents, url: documents.fileUrl, owner: documents.userId },
  { table: recordImages, url: recordImages.imageUrl, owner: recordImages.userId },
  ...RECORD_KIND_TABLES.flatMap(([, table]) =>
    [table.fileUrl, table.imageUrl].map((url) => ({ table, url, owner: table.userId })),
  ),
  // Decision 050: an energy entry's receipt, a PDF or a photo.
  { table: energyEntries, url: energyEntries.fileUrl, owner: energyEntries.userId },
  { table: energyEntries, url: energyEntries.imageUrl, owner: energyEntries.userId },
];

/**
 * Of these URLs, the ones some row of the user still points at (exact matches): the caller asks
 * after its own rows are gone, so a file that something else also uses is kept.
 */
export async function findUrlsInUse(
  tx: Executor,
  userId: number,
  urls: readonly string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const sources = FILE_REFERENCES.map(
    ({ table, url, owner }) => sql`select ${url} as "url" from ${table} where ${owner} = ${userId}`,
  );
  const candidates = sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  );
  const result = await tx.execute<{ url: string }>(sql`
    select distinct "url" from (${sql.join(sources, sql` union all `)}) as in_use
    where "url" in (${candidates})`);
  return result.rows.map((row) => row.url);
}

/**
 * Whether some row of the file's owner points at the `binary_files` row of the statement, in any
 * form a row stores (`/uploads/{id}`, a bare id, a thumbnail's URL): each test is served by the
 * referring table's index on its owner.
 */
const isReferenced = sql.join(
  FILE_REFERENCES.map(
    ({ table, url, owner }) => sql`exists (select 1 from ${table}
      where ${owner} = ${binaryFiles.userId}
        and ${url} in (${binaryFiles.id}, '/uploads/' || ${binaryFiles.id},
          '/uploads/' || ${binaryFiles.id} || '/thumbnail', ${binaryFiles.id} || '/thumbnail'))`,
  ),
  sql` or `,
);

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Looks at the next `limit` stored files of any user after `afterId`, in id order along the
 * primary key (a run goes through the table once, window after window, each the same small
 * work), and deletes those stored before `storedBefore` that no row of their owner points at.
 * Answers how many it looked at, how many went, and the last id it looked at, where the next
 * window starts.
 *
 * Run in a transaction of its own per window (decision 044): the unattached files are locked
 * first (skipping any a record save or another run holds), then deleted by a second statement
 * that checks again what points at them, seeing every save committed before the lock was taken;
 * a save still to come finds the file locked, waits, and then finds it gone (`lockFileToAttach`).
 */
export async function deleteUnattachedFiles(
  tx: Executor,
  { storedBefore, afterId, limit }: { storedBefore: Date; afterId: string; limit: number },
): Promise<{ examined: number; deleted: number; lastId: string | undefined }> {
  const window = await tx.execute<{ id: string }>(sql`
    select ${binaryFiles.id} as "id" from ${binaryFiles}
    where ${binaryFiles.id} > ${afterId}
    order by ${binaryFiles.id}
    limit ${limit}`);
  const examined = window.rows.map((row) => row.id);
  if (examined.length === 0) return { examined: 0, deleted: 0, lastId: undefined };
  const locked = await tx.execute<{ id: string }>(sql`
    select ${binaryFiles.id} as "id" from ${binaryFiles}
    where ${binaryFiles.id} in (${idList(examined)})
      and ${binaryFiles.createdAt} < ${storedBefore.toISOString()}::timestamptz
      and not (${isReferenced})
    for update skip locked`);
  const unattached = locked.rows.map((row) => row.id);
  const deleted =
    unattached.length === 0
      ? 0
      : ((
          await tx.execute(sql`
            delete from ${binaryFiles}
            where ${binaryFiles.id} in (${idList(unattached)}) and not (${isReferenced})`)
        ).rowCount ?? 0);
  return { examined: examined.length, deleted, lastId: examined.at(-1) };
}

/**
 * Whether the user has this file, locking it until the caller's transaction ends so that the
 * clean-up of unattached uploads cannot delete it while the caller saves a row pointing at it
 * (decision 044). A file the clean-up holds is waited for, and then found gone.
 */
export async function lockFileToAttach(tx: Executor, userId: number, id: string): Promise<boolean> {
  const rows = await tx.execute(sql`
    select 1 from ${binaryFiles}
    where ${binaryFiles.userId} = ${userId} and ${binaryFiles.id} = ${id}
    for key share`);
  return rows.rows.length > 0;
}
