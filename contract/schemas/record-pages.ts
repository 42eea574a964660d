/**
 * The zod schemas of `record-pages.ts` (decision 057): the query of `GET /api/records/page` and
 * its answer, a page of the unified records with the type filter's counts.
 */
import { z } from 'zod';
import { RECORD_PAGE, RECORD_PAGE_STATUSES, VEHICLE_RECORD_PAGE } from '../rules/record-pages';
import { RECORD_TYPES } from '../rules/records';
import { idSchema } from './common';
import {
  datedCursorSchema,
  optionalQueryParam,
  pageLimitSchema,
  pageSchema,
  searchQuerySchema,
} from './paging';
import { recordTypeTextSchema, unifiedRecordSchema } from './records';

/** Where a page starts: the position of the previous page's last record, as it answered it. */
const recordCursorSchema = datedCursorSchema(RECORD_TYPES);

export const recordPageQuerySchema = z.object({
  cursor: recordCursorSchema.optional(),
  limit: pageLimitSchema(RECORD_PAGE.max),
  /** Decision 033: title, description, category, vehicle, location, technician and notes. */
  q: searchQuerySchema,
  /** One kind, named as recordTypeOf reads it (D27); anything else is refused. */
  type: optionalQueryParam(recordTypeTextSchema),
  vehicleId: optionalQueryParam(idSchema),
  /** Open ('pending') or completed records only: the legacy views' sections (001 §4). */
  status: optionalQueryParam(z.enum(RECORD_PAGE_STATUSES)),
});

const countsShape = {
  all: z.number(),
  maintenance: z.number(),
  repair: z.number(),
  modification: z.number(),
};

/** Per type, the records the search and the vehicle filter leave (not the type or the status). */
const recordCountsSchema = z.object(countsShape);

export const recordPageSchema = pageSchema(unifiedRecordSchema).extend({
  counts: recordCountsSchema,
  /** The same counts, of the records not completed: the views' open and completed sections. */
  pendingCounts: recordCountsSchema,
  /** Every record of the user, whatever the search and the filters. */
  total: z.number(),
});

/**
 * `GET /api/vehicles/{id}/records/page`: the same page with the vehicle fixed by the path and no
 * search (the vehicle page's tabs), `type` naming the tab.
 */
export const vehicleRecordPageQuerySchema = recordPageQuerySchema
  .pick({ cursor: true, type: true })
  .extend({ limit: pageLimitSchema(VEHICLE_RECORD_PAGE.max) });

export const vehicleRecordPageSchema = recordPageSchema
  .omit({ pendingCounts: true, total: true })
  .extend({
    /** Each tab's total cost in dollars (D3), summed by the server over the whole vehicle. */
    totalCosts: z.object(countsShape),
  });
