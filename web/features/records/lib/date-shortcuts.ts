/**
 * The date picker's shortcuts (001 §2): Today, Yesterday, Last Week, Last Month, each a day of
 * the user's local calendar (D4).
 */
import { subDays, subMonths } from 'date-fns';
import { RECORD_FORM_TEXTS } from './record-texts';

export type DateShortcut = { label: string; date: Date };

export function dateShortcuts(now = new Date()): DateShortcut[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const [todayLabel, yesterday, lastWeek, lastMonth] = RECORD_FORM_TEXTS.dateShortcuts;
  return [
    { label: todayLabel, date: today },
    { label: yesterday, date: subDays(today, 1) },
    { label: lastWeek, date: subDays(today, 7) },
    { label: lastMonth, date: subMonths(today, 1) },
  ];
}
