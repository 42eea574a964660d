/**
 * The first day of the week in the date pickers, from the user's region: Monday unless the
 * region starts its weeks on Sunday (the United States, Canada, Japan…) or Saturday (Egypt, the
 * Gulf…). The browser knows it (`Intl.Locale`'s week information); where it does not, a table of
 * the regions that do not start on Monday (CLDR's) stands in.
 */

/** react-day-picker's `weekStartsOn`: 0 is Sunday, 1 Monday … 6 Saturday. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** CLDR's regions whose weeks start on Sunday. */
const SUNDAY_REGIONS = new Set(
  'AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
/** CLDR's regions whose weeks start on Saturday. */
const SATURDAY_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));

type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The table's answer for a region ('US', 'DE'…): Monday for every region it does not name. */
export function regionWeekStart(region: string | undefined): WeekDay {
  if (region && SUNDAY_REGIONS.has(region)) return 0;
  if (region && SATURDAY_REGIONS.has(region)) return 6;
  return 1;
}

/** The first day of the week for a locale ('en-US', 'de-DE'); Monday when it cannot be read. */
export function weekStartsOn(locale: string | undefined): WeekDay {
  if (!locale) return 1;
  let parsed: LocaleWithWeekInfo;
  try {
    parsed = new Intl.Locale(locale) as LocaleWithWeekInfo;
  } catch {
    return 1;
  }
  // Intl numbers the days 1 (Monday) … 7 (Sunday); older engines have a getter, newer a method.
  const firstDay = (parsed.getWeekInfo?.() ?? parsed.weekInfo)?.firstDay;
  if (firstDay !== undefined && firstDay >= 1 && firstDay <= 7) return (firstDay % 7) as WeekDay;
  return regionWeekStart(parsed.maximize().region);
}

/** The first day of the week of the browser's language. */
export function userWeekStartsOn(): WeekDay {
  return weekStartsOn(typeof navigator === 'undefined' ? undefined : navigator.language);
}
