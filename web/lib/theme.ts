/**
 * The theme on the page once the app runs (decision 035). The HTML's inline script
 * (`THEME_SCRIPT`) has already painted the right one; from then on the app applies a known
 * user's choice, keeps it in this browser for the signed-out pages, and follows the system when
 * the choice is `system` and the system changes.
 */
import {
  isDarkTheme,
  PREFERS_DARK,
  readTheme,
  THEME_MARKS,
  type Theme,
} from '@contract/appearance';

function storedTheme(): Theme {
  try {
    return readTheme(localStorage.getItem(THEME_MARKS.storageKey));
  } catch {
    // Storage refused (private modes, policies): the system's theme.
    return 'system';
  }
}

function paint(theme: Theme) {
  const html = document.documentElement;
  html.classList.toggle(
    THEME_MARKS.darkClass,
    isDarkTheme(theme, matchMedia(PREFERS_DARK).matches),
  );
}

/** Shows a choice now and keeps it as this browser's last known choice. */
export function applyTheme(theme: Theme) {
  const html = document.documentElement;
  // The served attribute named the choice at load; the page now follows the one applied here.
  html.setAttribute(THEME_MARKS.attribute, theme);
  try {
    localStorage.setItem(THEME_MARKS.storageKey, theme);
  } catch {
    // Not kept in this browser; the user's own choice still comes with the session.
  }
  paint(theme);
}

/** Repaints a `system` choice when the system switches between light and dark. */
export function followSystemTheme() {
  matchMedia(PREFERS_DARK).addEventListener('change', () => {
    const served = document.documentElement.getAttribute(THEME_MARKS.attribute);
    paint(served ? readTheme(served) : storedTheme());
  });
}
