/**
 * The upcoming items of D18 with each service schedule's next occurrence among them (decision
 * 054), in one order: what `GET /api/upcoming-maintenance` answers and the calendar feed shows.
 * It lives with the records, above the schedules: records read schedules, never the reverse.
 */
import { sortUpcoming, type UpcomingItem } from '@contract/records';
import type { SchedulesService } from '../schedules/schedules.service';
import type { RecordsService } from './records.service';

export function createUpcomingItems({
  records,
  schedules,
}: {
  records: Pick<RecordsService, 'listUpcomingItems'>;
  schedules: Pick<SchedulesService, 'listScheduleItems'>;
}) {
  return async (user: { id: number }): Promise<UpcomingItem[]> => {
    const [open, scheduled] = await Promise.all([
      records.listUpcomingItems(user.id),
      schedules.listScheduleItems(user),
    ]);
    return scheduled.length === 0 ? open : sortUpcoming([...open, ...scheduled]);
  };
}

export type UpcomingItemsReader = ReturnType<typeof createUpcomingItems>;
