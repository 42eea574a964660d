import { describe, expect, it } from 'vitest';
import { regionWeekStart, weekStartsOn } from './week-start';

describe('the first day of the week', () => {
  it('follows the region: Sunday in the United States, Monday in Europe, Saturday in Egypt', () => {
    expect(weekStartsOn('en-US')).toBe(0);
    expect(weekStartsOn('en-GB')).toBe(1);
    expect(weekStartsOn('de-DE')).toBe(1);
    expect(weekStartsOn('fr-FR')).toBe(1);
    expect(weekStartsOn('ar-EG')).toBe(6);
  });

  it('reads a language without a region as its likeliest one', () => {
    // "de" is most likely Germany's German, "ja" Japan's Japanese.
    expect(weekStartsOn('de')).toBe(1);
    expect(weekStartsOn('ja')).toBe(0);
  });

  it('starts on Monday when the locale cannot be read', () => {
    expect(weekStartsOn(undefined)).toBe(1);
    expect(weekStartsOn('not a locale!')).toBe(1);
  });

  it('has a table for a browser without week information', () => {
    expect(regionWeekStart('US')).toBe(0);
    expect(regionWeekStart('CA')).toBe(0);
    expect(regionWeekStart('GB')).toBe(1);
    expect(regionWeekStart('DE')).toBe(1);
    expect(regionWeekStart('FR')).toBe(1);
    expect(regionWeekStart('EG')).toBe(6);
    expect(regionWeekStart(undefined)).toBe(1);
  });
});
