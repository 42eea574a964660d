/**
 * A page of the Documents view's entries (D27, decision 057) and its counts, each one statement.
 * An entry comes from one of seven branches: a kind's records with a file, the same with a photo,
 * or the stored documents with a file. Each branch chooses its next rows from its own partial
 * index `(user_id, coalesce(date, '-infinity') desc, id desc) where … is not null` (migration
 * 0014) from its keyset bound and stops at the page's size; the chosen rows then take their
 * vehicle. A statement is prepared per shape (which branches, which filters), so every filter is
 * a plain condition the planner sees. Every branch is scoped by the signed-in user's id (D9), on
 * the row and on its vehicle.
 */
import {
  attachmentEntrySource,
  attachmentEntryTitle,
  DOCUMENT_ENTRY_KINDS,
  type DocumentEntryKind,
  type DocumentFilterType,
  RECORD_ATTACHMENT,
  type RecordAttachment,
} from '@contract/document-pages';
import type { RecordType } from '@contract/records';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type KeysetBound, undatedLast, withinKeysetBound } from '../../db/keyset';
import type { Executor } from '../../db/open';
import { preparedPerShape, preparedRows } from '../../db/prepared';
import { RECORD_TABLES } from '../../db/record-tables';
import { documents, vehicles } from '../../db/schema';
import { USER_ID } from './records.repository';

/** What narrows a page: the search (already folded), one type of the view, one vehicle. */
export type DocumentPageFilters = {
  search?: string | undefined;
  type?: DocumentFilterType | undefined;
  vehicleId?: number | undefined;
};

/** A row of a page: an entry as its table holds it; the service writes its titles. */
export type DocumentEntryRow = {
  kind: DocumentEntryKind;
  id: number;
  date: string | null;
  /** The record's or the stored document's own title, as stored. */
  title: string | null;
  url: string;
  vehicleId: number | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  /** A stored document's type; null for a record's attachment. */
  documentType: string | null;
  /** A stored document's notes; null for a record's attachment. */
  notes: string | null;
};

const SEARCH = sql.placeholder('search');
const VEHICLE_ID = sql.placeholder('vehicleId');
const DOCUMENT_TYPE = sql.placeholder('documentType');
const LIMIT = sql.placeholder('limit');

/** Which branches a page reads: all, the records' attachments, or the stored documents. */
type Branches = 'all' | 'attachments' | 'documents';

type PageShape = { branches: Branches; search: boolean; vehicle: boolean };

function branchesOf(type: DocumentFilterType | undefined): Branches {
  if (type === undefined) return 'all';
  return type === RECORD_ATTACHMENT ? 'attachments' : 'documents';
}

const kindsOf = (branches: Branches) =>
  DOCUMENT_ENTRY_KINDS.filter((kind) =>
    branches === 'all' ? true : (kind === 'document') === (branches === 'documents'),
  );

/** A record attachment's kind, split into the record's kind and what is attached. */
export function attachmentOfKind(kind: Exclude<DocumentEntryKind, 'document'>) {
  const [type, attachment] = kind.split('-') as [RecordType, RecordAttachment];
  return { type, attachment };
}

/**
 * The columns and conditions of one branch's table: the stored documents, or one kind's records
 * with an attachment of one sort (its file or its photo).
 */
function branchTable(kind: DocumentEntryKind, shape: PageShape) {
  if (kind === 'document') {
    return {
      table: documents,
      id: documents.id,
      date: documents.date,
      vehicleId: documents.vehicleId,
      url: documents.fileUrl,
      conditions: [
        shape.branches === 'documents' ? eq(documents.type, DOCUMENT_TYPE) : undefined,
        // The title and the notes, one line each (migration 0014).
        shape.search ? sql`strpos(${documents}."search_text", ${SEARCH}::text) > 0` : undefined,
      ],
    };
  }
  const { type, attachment } = attachmentOfKind(kind);
  const table = RECORD_TABLES[type];
  // The title as the card shows it ('Untitled' when blank), folded: the first line of the
  // record's stored search text (migration 0013), its ends trimmed as the entry's title is.
  const title = sql`btrim(split_part(${table}."search_text", E'\\n', 1), ' ')`;
  // The entry's title ('brake pads (pdf)') and its source ('repair: brake pads'), as the view
  // shows them, folded: the suffix and the prefix hold no white space but single spaces.
  const suffix = attachmentEntryTitle('', attachment).toLowerCase();
  const prefix = attachmentEntrySource(type, '').toLowerCase();
  return {
    table,
    id: table.id,
    date: table.date,
    vehicleId: table.vehicleId,
    url: attachment === 'file' ? table.fileUrl : table.imageUrl,
    conditions: [
      shape.search
        ? sql`(strpos(${title} || ${suffix}::text, ${SEARCH}::text) > 0
            or strpos(${prefix}::text || ${title}, ${SEARCH}::text) > 0)`
        : undefined,
    ],
  };
}

/** The rows of a branch that are entries at all, and the filters' conditions on them. */
function branchConditions(kind: DocumentEntryKind, shape: PageShape) {
  const branch = branchTable(kind, shape);
  const isEntry = sql`${branch.url} is not null`;
  const kept = [shape.vehicle ? eq(branch.vehicleId, VEHICLE_ID) : undefined, ...branch.conditions];
  return { branch, isEntry, kept };
}

/**
 * One branch's next rows: at most the page's size, from its keyset bound, in the list's order,
 * read with their columns from its table alone (through its partial index), then given their
 * vehicle. Joined back to its table by id, the planner read every row of the user's to hash them.
 */
function branchOfPage(kind: DocumentEntryKind, shape: PageShape): SQL {
  const { branch, isEntry, kept } = branchConditions(kind, shape);
  const { table } = branch;
  const isDocument = kind === 'document';
  const chosen = sql`select ${branch.id} as "id", ${branch.date} as "date",
      ${table.title} as "title", ${branch.url} as "url", ${branch.vehicleId} as "vehicleId",
      ${isDocument ? documents.type : sql`null::text`} as "documentType",
      ${isDocument ? documents.notes : sql`null::text`} as "notes"
    from ${table}
    where ${and(
      eq(table.userId, USER_ID),
      isEntry,
      ...kept,
      withinKeysetBound(branch.date, branch.id, { date: 'afterDate', id: `afterId_${kind}` }),
    )}
    order by ${undatedLast(branch.date)} desc, ${branch.id} desc limit ${LIMIT}`;
  // A stored document may belong to no vehicle; a record always belongs to one of the user's.
  const join = isDocument ? sql`left join` : sql`join`;
  return sql`(select ${sql.raw(`'${kind}'`)}::text as "kind", "chosen"."id", "chosen"."date",
      "chosen"."title", "chosen"."url", "chosen"."vehicleId", ${vehicles.year} as "vehicleYear",
      ${vehicles.make} as "vehicleMake", ${vehicles.model} as "vehicleModel",
      "chosen"."documentType", "chosen"."notes"
    from (${chosen}) as "chosen"
    ${join} ${vehicles} on ${vehicles.id} = "chosen"."vehicleId" and ${vehicles.userId} = ${USER_ID})`;
}

function buildPageRead(shape: PageShape) {
  const name = [
    'document_page',
    shape.branches,
    shape.search ? 'q' : '',
    shape.vehicle ? 'v' : '',
  ].join('_');
  return preparedRows<DocumentEntryRow>(
    name,
    // Newest first, undated last; then the newest row first, and for one day and id the kind's
    // name (its bytes, whatever the database's collation), as keyset.ts bounds each branch.
    sql`select * from (${sql.join(
      kindsOf(shape.branches).map((kind) => branchOfPage(kind, shape)),
      sql` union all `,
    )}) as "entries"
    order by "date" desc nulls last, "id" desc, "kind" collate "C" asc limit ${LIMIT}`,
  );
}

function shapeOf(filters: DocumentPageFilters): PageShape {
  return {
    branches: branchesOf(filters.type),
    search: filters.search !== undefined,
    vehicle: filters.vehicleId !== undefined,
  };
}

/** Each shape's statement, built and prepared the first time it is asked for. */
const pageReads = preparedPerShape(buildPageRead);

/** What every shape's statements are given: the filters' values, each where its shape uses it. */
function filterValues(userId: number, filters: DocumentPageFilters) {
  return {
    userId,
    search: filters.search,
    vehicleId: filters.vehicleId,
    documentType:
      filters.type === undefined || filters.type === RECORD_ATTACHMENT ? undefined : filters.type,
  };
}

/** Up to `limit` entries after the bounds (one per kind, keyset.ts), newest first, undated last. */
export async function findDocumentPage(
  db: Executor,
  userId: number,
  filters: DocumentPageFilters,
  bounds: Record<DocumentEntryKind, KeysetBound>,
  limit: number,
): Promise<DocumentEntryRow[]> {
  const shape = shapeOf(filters);
  const read = pageReads(shape);
  const values: Record<string, unknown> = {
    ...filterValues(userId, filters),
    limit,
    // Every kind's bound shares the day; the ids differ with the kinds' order.
    afterDate: bounds.document.date,
  };
  for (const kind of kindsOf(shape.branches)) values[`afterId_${kind}`] = bounds[kind].id;
  return read(db).execute(values);
}

export type DocumentCountsRow = {
  /** The entries the search and the filters leave. */
  matching: number;
  /** Every entry of the user, whatever the filters. */
  total: number;
  /** Whether the vehicle filtered to is the user's (true when none is). */
  vehicleFound: boolean;
};

/**
 * The counts in one row, with the vehicle's check: per branch, one pass over the user's entries
 * of it (its partial index), the filters a FILTER of that pass; a branch the type leaves out
 * counts in the total only.
 */
function buildCountsRead(shape: PageShape) {
  const included = new Set(kindsOf(shape.branches));
  const perBranch = DOCUMENT_ENTRY_KINDS.map((kind) => {
    const { branch, isEntry, kept } = branchConditions(kind, shape);
    const matching = included.has(kind)
      ? sql`(count(*) filter (where ${and(sql`true`, ...kept)}))::int`
      : sql`0`;
    return sql`(select count(*)::int as "total", ${matching} as "matching"
      from ${branch.table} where ${and(eq(branch.table.userId, USER_ID), isEntry)}) as ${sql.identifier(kind)}`;
  });
  const sum = (column: string) =>
    sql.join(
      DOCUMENT_ENTRY_KINDS.map((kind) => sql`${sql.identifier(kind)}.${sql.identifier(column)}`),
      sql` + `,
    );
  const vehicleFound = shape.vehicle
    ? sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${VEHICLE_ID} and ${vehicles.userId} = ${USER_ID})`
    : sql`true`;
  return preparedRows<DocumentCountsRow>(
    `document_page_counts_${shape.branches}${shape.search ? '_q' : ''}${shape.vehicle ? '_v' : ''}`,
    sql`select ${sum('total')} as "total", ${sum('matching')} as "matching",
      ${vehicleFound} as "vehicleFound"
      from ${sql.join(perBranch, sql` cross join `)}`,
  );
}

/** Each shape's aggregate, built and prepared the first time it is asked for. */
const countsReads = preparedPerShape(buildCountsRead);

/** One aggregate: what the filters leave, the user's total, and whether the vehicle is theirs. */
export async function countDocumentEntries(
  db: Executor,
  userId: number,
  filters: DocumentPageFilters,
): Promise<DocumentCountsRow> {
  const shape = shapeOf(filters);
  const read = countsReads(shape);
  const [row] = await read(db).execute(filterValues(userId, filters));
  return row!;
}
