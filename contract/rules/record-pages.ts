/**
 * What the schemas check with of `record-pages.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `record-pages.ts` passes on those its readers use,
 * so a file and its schema never import each other.
 */

/** Records per page: a few screens of cards, and at most what one answer should carry. */
export const RECORD_PAGE = { default: 50, max: 200 } as const;

/**
 * The vehicle page's tabs (`GET /api/vehicles/{id}/records/page`): about two screens of cards by
 * default, since the tabs sit below the vehicle's details.
 */
export const VEHICLE_RECORD_PAGE = { default: 25, max: RECORD_PAGE.max } as const;

/** The Maintenance and Modifications views list open and completed records apart (001 §4). */
export const RECORD_PAGE_STATUSES = ['pending', 'completed'] as const;
