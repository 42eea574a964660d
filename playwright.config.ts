import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';
import { findTestBrowser } from './scripts/test-browser.mjs';

/**
 * Browser tests run against the production build served by the real server, started once by
 * e2e/global-setup.ts on a free port with a temporary DATA_DIR, in the system's Chromium.
 */
const chromiumPath = findTestBrowser() ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    timezoneId: 'America/New_York',
    locale: 'en-US',
    // Recording a trace of every test costs about a quarter of the suite's time on two cores, and
    // CI keeps nothing it writes; locally a failing test leaves its trace to open.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // What a phone changes is layout: flows that look the same at any width run once, on the
      // desktop (tagged @desktop-only, or whole specs below), so the suite stays within CI's time.
      // The phone keeps the tab bar, the drawer, stacked cards and lists, touch, every page's
      // accessibility in light, and the pages drawn by width in code (dashboard, account tabs).
      grepInvert: /@desktop-only/,
      testIgnore: [
        '**/code-splitting.spec.ts',
        '**/debug-pages.spec.ts',
        '**/payments.spec.ts',
        // A plan card's text on a server of its own: nothing in it depends on the width.
        '**/self-hosted.spec.ts',
        '**/single-sign-on.spec.ts',
        // The theme is a class on <html> and colours, the same at every width; the phone's light
        // pages are judged by accessibility.spec.ts, dark ones at the desktop.
        '**/theme.spec.ts',
      ],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        // Layout is judged in CSS pixels; 1× keeps full-page screenshots cheap on two cores.
        deviceScaleFactor: 1,
      },
    },
  ],
});
