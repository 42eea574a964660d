/**
 * D38 on a real database: each user's dashboard sections, hidden, shown and reordered, kept on
 * the server so that a second sign-in (another device) sees the same dashboard.
 */
import { DEFAULT_DASHBOARD_LAYOUT } from '@contract/dashboard';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, readUser } from '../../test/factory';

const testApp = setUpTestApp({ AUTH_MAX_ATTEMPTS: '100000' });

const ARRANGED = [
  { id: 'upcomingServices', isVisible: true },
  { id: 'summary', isVisible: true },
  { id: 'vehicles', isVisible: false },
  { id: 'recentActivity', isVisible: true },
];

function saveLayout(user: SignedInUser | null, sections: unknown) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/user/dashboard-layout',
    headers: user ? { cookie: user.cookie } : {},
    payload: { sections },
  });
}

describe('PUT /api/user/dashboard-layout', () => {
  it('answers every section, shown, in the default order for a new user', async () => {
    const user = await newUser(testApp);
    const read = await readUser(testApp, user.cookie);
    expect(read.dashboardLayout).toEqual(DEFAULT_DASHBOARD_LAYOUT);
    // Nothing chosen yet: the page may pick the default for its width (decision 037).
    expect(read.hasArrangedDashboard).toBe(false);
  });

  it('keeps the arrangement for the user, on every device, and for no one else', async () => {
    const user = await newUser(testApp);
    const other = await newUser(testApp);
    const response = await saveLayout(user, ARRANGED);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().dashboardLayout).toEqual(ARRANGED);
    expect(response.json().hasArrangedDashboard).toBe(true);

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().dashboardLayout).toEqual(ARRANGED);
    expect((await readUser(testApp, user.cookie)).dashboardLayout).toEqual(ARRANGED);
    expect((await readUser(testApp, other.cookie)).dashboardLayout).toEqual(
      DEFAULT_DASHBOARD_LAYOUT,
    );
  });

  it('refuses a layout that is not every section once, and keeps the stored one', async () => {
    const user = await newUser(testApp);
    await saveLayout(user, ARRANGED);
    const bad = [
      ARRANGED.slice(1),
      [...ARRANGED, { id: 'summary', isVisible: true }],
      [...ARRANGED.slice(1), { id: 'summary', isVisible: 'yes' }],
      [...ARRANGED.slice(1), { id: 'expenses', isVisible: true }],
      [ARRANGED[0], ARRANGED[0], ARRANGED[1], ARRANGED[2]],
      'summary',
      null,
    ];
    for (const sections of bad) {
      const response = await saveLayout(user, sections);
      expect(response.statusCode, JSON.stringify(sections)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await readUser(testApp, user.cookie)).dashboardLayout).toEqual(ARRANGED);
  });

  it('makes a damaged stored layout whole again', async () => {
    const user = await newUser(testApp);
    await testApp.database.db
      .update(users)
      .set({
        dashboardLayout: [
          { id: 'recentActivity', isVisible: false },
          { id: 'retired-section', isVisible: true },
          { id: 'recentActivity', isVisible: true },
          'garbage',
        ],
      })
      .where(eq(users.id, user.id));
    expect((await readUser(testApp, user.cookie)).dashboardLayout).toEqual([
      { id: 'recentActivity', isVisible: false },
      { id: 'summary', isVisible: true },
      { id: 'vehicles', isVisible: true },
      { id: 'upcomingServices', isVisible: true },
    ]);
  });
});
