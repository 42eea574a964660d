/**
 * Queries of `binary_files` (D14): uploaded files with their owner. Every read and delete is
 * scoped by the owner's id, so a file of someone else is never found (D9).
 */
import { fileIdFromUrl } from '@contract/uploads';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import {
  binaryFiles,
  documents,
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
 * Of these URLs, the ones some row of the user still points at (exact matches): the caller asks
 * after its own rows are gone, so a file that something else also uses is kept.
 */
export async function findUrlsInUse(
  tx: Executor,
  userId: number,
  urls: readonly string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const sources = [
    sql`select ${users.profileImageUrl} as "url" from ${users} where ${users.id} = ${userId}`,
    sql`select ${vehicles.imageUrl} from ${vehicles} where ${vehicles.userId} = ${userId}`,
    sql`select ${vehicleImages.imageUrl} from ${vehicleImages}
      where ${vehicleImages.userId} = ${userId}`,
    sql`select ${documents.fileUrl} from ${documents} where ${documents.userId} = ${userId}`,
    sql`select ${recordImages.imageUrl} from ${recordImages}
      where ${recordImages.userId} = ${userId}`,
    ...RECORD_KIND_TABLES.flatMap(([, table]) =>
      [table.fileUrl, table.imageUrl].map(
        (column) => sql`select ${column} from ${table} where ${table.userId} = ${userId}`,
      ),
    ),
  ];
  const candidates = sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  );
  const result = await tx.execute<{ url: string }>(sql`
    select distinct "url" from (${sql.join(sources, sql` union all `)}) as in_use
    where "url" in (${candidates})`);
  return result.rows.map((row) => row.url);
}
