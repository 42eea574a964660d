/**
 * Decision 035 on a real database: the user's theme (system, light or dark) kept on the server,
 * so that another sign-in, on another device, finds it; and written on the page's `<html>` so
 * that a dark choice is dark before any script runs.
 */
import { APPEARANCE_TEXTS, THEME_SCRIPT } from '@contract/appearance';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT_SOURCE } from '../../plugins/security';
import { themeMarks } from '../../plugins/web-app';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, readUser } from '../../test/factory';

const testApp = setUpTestApp({ AUTH_MAX_ATTEMPTS: '100000' });

function saveTheme(user: SignedInUser | null, body: unknown) {
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/user/theme',
    headers: user ? { cookie: user.cookie } : {},
    payload: body as object,
  });
}

const storedTheme = async (cookie: string) => (await readUser(testApp, cookie)).theme;

describe('PATCH /api/user/theme', () => {
  it('follows the system for a new user', async () => {
    const user = await newUser(testApp);
    expect(await storedTheme(user.cookie)).toBe('system');
  });

  it('keeps the choice for the user, on every device, and for no one else', async () => {
    const user = await newUser(testApp);
    const other = await newUser(testApp);
    const response = await saveTheme(user, { theme: 'dark' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().theme).toBe('dark');

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().theme).toBe('dark');
    expect(await storedTheme(user.cookie)).toBe('dark');
    expect(await storedTheme(other.cookie)).toBe('system');

    expect((await saveTheme(user, { theme: 'light' })).json().theme).toBe('light');
    expect(await storedTheme(user.cookie)).toBe('light');
  });

  it('refuses anything but the three choices with 400, and keeps the stored one', async () => {
    const user = await newUser(testApp);
    await saveTheme(user, { theme: 'dark' });
    for (const body of [{ theme: 'Dark' }, { theme: 'sepia' }, { theme: '' }, { theme: 1 }, {}]) {
      const response = await saveTheme(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(APPEARANCE_TEXTS.invalidTheme);
    }
    expect(await storedTheme(user.cookie)).toBe('dark');
  });

  it('answers 401 to a visitor', async () => {
    expect((await saveTheme(null, { theme: 'dark' })).statusCode).toBe(401);
  });
});

describe("the page's theme before its first paint", () => {
  const html = '<!doctype html><html lang="en"><head><title>t</title></head><body></body></html>';

  it("writes a signed-in user's choice on <html>, dark already as a class", () => {
    expect(themeMarks(html, 'dark')).toContain('<html data-theme="dark" class="dark" lang="en">');
    expect(themeMarks(html, 'light')).toContain('<html data-theme="light" lang="en">');
    expect(themeMarks(html, 'system')).toContain('<html data-theme="system" lang="en">');
    expect(themeMarks(html, null)).toContain('<html lang="en">');
  });

  it('runs the theme script in the head, allowed by its hash in the CSP', async () => {
    expect(themeMarks(html, null)).toContain(`<script>${THEME_SCRIPT}</script></head>`);
    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${THEME_SCRIPT_SOURCE}`);
  });
});
