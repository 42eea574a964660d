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

export type ServedFile = {
  data: Buffer;
  contentType: string;
  originalName: string | null;
};

/** The user's stored file (its original bytes), or undefined: someone else's is never found. */
export async function findFile(
  db: Executor,
  userId: number,
  id: string,
): Promise<ServedFile | undefined> {
  const [row] = await db
    .select({
      data: binaryFiles.data,
      contentType: binaryFiles.contentType,
      originalName: binaryFiles.originalName,
    })
    .from(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), eq(binaryFiles.id, id)));
  return row;
}

/**
 * A copy of the user's stored photo (D15), or undefined (a PDF, or not the user's). Photos always
 * have a thumbnail; one stored before display copies were made has no display copy, and then
 * its own bytes come with the answer instead, and only then.
 */
export async function findCopy(
  db: Executor,
  userId: number,
  id: string,
  copy: 'thumbnail' | 'display',
): Promise<(ServedFile & { copy: Buffer | null }) | undefined> {
  const copyColumn = copy === 'thumbnail' ? binaryFiles.thumbnail : binaryFiles.display;
  const [row] = await db
    .select({
      copy: copyColumn,
      data: sql<Buffer>`case when ${copyColumn} is null then ${binaryFiles.data} end`,
      contentType: binaryFiles.contentType,
      originalName: binaryFiles.originalName,
    })
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
