/**
 * Light and dark (issue 19 item 7, decision 035): the user's choice of theme, kept with the user,
 * and the few lines the page's HTML runs before its first paint so that no page shows a flash of
 * the other theme. No zod here (contract/schemas/appearance.ts holds the schema).
 */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
const DEFAULT_THEME: Theme = 'system';

export const THEME_LABELS: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

export const APPEARANCE_TEXTS = {
  title: 'Appearance',
  description: 'Choose how Garage Ledger looks. System follows your device’s setting.',
  saveFailed: 'Appearance not saved',
  invalidTheme: 'Choose Light, Dark or System',
} as const;

/**
 * Where the page finds the choice before any script of the app has run: the server writes a
 * signed-in user's choice on `<html>` (`data-theme`), and this browser keeps the last choice it
 * knew under `storageKey` for the signed-out pages.
 */
export const THEME_MARKS = {
  attribute: 'data-theme',
  storageKey: 'garage-ledger-theme',
  darkClass: 'dark',
} as const;

/** The operating system's wish, the `system` choice follows it. */
export const PREFERS_DARK = '(prefers-color-scheme: dark)';

/**
 * Runs inline in the page's `<head>` before the first paint (its hash is in the CSP's
 * script-src, server/plugins/security.ts). It puts the `dark` class on `<html>` when the choice,
 * or the system under `system`, says dark. Stored values it does not know count as `system`.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,c=d.getAttribute('${THEME_MARKS.attribute}');try{c=c||localStorage.getItem('${THEME_MARKS.storageKey}')}catch(e){}var k=c==='dark'||(c!=='light'&&matchMedia('${PREFERS_DARK}').matches);d.classList.toggle('${THEME_MARKS.darkClass}',k)})()`;

/** Whether a choice shows dark, given what the system prefers. */
export function isDarkTheme(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark);
}

/** A stored or written value read as a choice: anything unknown is `system`. */
export function readTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : DEFAULT_THEME;
}
