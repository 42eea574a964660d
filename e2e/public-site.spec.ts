/**
 * The public site (000 §2, §4, §9; D2): the landing page's sections, navigation bar and drawer,
 * the footer, both legal pages, page titles, and no serious accessibility violations, at desktop
 * and phone widths. The server runs with SUPPORT_EMAIL=help@garage-ledger.test.
 */

import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, saveScreenshot, test } from './fixtures';

const SUPPORT_EMAIL = 'help@garage-ledger.test';
const isPhone = (projectName: string) => projectName === 'phone';

/** Waits for the support address (GET /api/site) so the page is complete. */
async function expectSupportLink(page: Page, scope = page.getByRole('contentinfo')) {
  await expect(scope.getByRole('link', { name: SUPPORT_EMAIL }).first()).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  );
}

test.describe('landing page', () => {
  test('shows its sections in the spec order with their texts', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Garage Ledger');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Digitize your car records',
    );
    await expect(page.getByText('Manage your vehicle projects like a pro!').first()).toBeVisible();

    // Navigation bar, hero, features, benefits, testimonials, call to action, footer (000 §2).
    const order = await page.evaluate(() => {
      const pick = (selector: string) => document.querySelector(selector);
      const parts = [
        pick('header'),
        pick('section[aria-labelledby="hero-title"]'),
        pick('#features'),
        pick('#benefits'),
        pick('#testimonials'),
        pick('section[aria-labelledby="get-started-title"]'),
        pick('footer'),
      ];
      if (parts.some((part) => part === null)) return 'missing';
      return parts.every(
        (part, index) =>
          index === 0 ||
          Boolean(
            parts[index - 1]!.compareDocumentPosition(part!) & Node.DOCUMENT_POSITION_FOLLOWING,
          ),
      );
    });
    expect(order).toBe(true);

    // The decorative dashboard's fixed figures.
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await expect(hero.getByText('10', { exact: true })).toBeAttached();
    await expect(hero.getByText('6', { exact: true })).toBeAttached();
    await expect(hero.getByText('$7,520', { exact: true })).toBeAttached();

    const features = page.locator('#features');
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'Document management',
      'Modification tracking',
      'Expense tracking',
      'Maintenance scheduler',
      'Reports and analytics',
    ]);

    const benefits = page.locator('#benefits');
    await expect(benefits.getByText(/key stats .* next maintenance/)).toBeVisible();
    await expect(
      benefits.getByText(/Documents, expense history and modification logs/),
    ).toBeVisible();
    await expect(
      benefits.getByRole('heading', { name: 'A dashboard that is yours' }),
    ).toBeVisible();

    const testimonials = page.locator('#testimonials');
    await expect(testimonials.locator('figure')).toHaveCount(3);
    await expect(testimonials.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(3);
    for (const name of ['Dana K.', 'Marcus R.', 'Priya S.']) {
      await expect(testimonials.getByText(name, { exact: true })).toBeVisible();
    }
    for (const initials of ['DK', 'MR', 'PS']) {
      await expect(testimonials.getByText(initials, { exact: true })).toBeVisible();
    }

    const pricing = page.locator('#pricing');
    await expect(pricing.getByText('$9.99', { exact: true })).toBeVisible();
    await expect(pricing.getByText('1 vehicle', { exact: true })).toBeVisible();
    await expect(pricing.getByText('Unlimited vehicles', { exact: true })).toBeVisible();
    await expect(pricing.getByText('Priority support', { exact: true })).toBeVisible();

    await expectSupportLink(page);
    await saveScreenshot(page, 'public-landing', testInfo.project.name);
  });

  test(
    'links its calls to action, sign-in and footer',
    { tag: '@desktop-only' },
    async ({ page }, testInfo) => {
      await page.goto('/');
      const startLinks = page.getByRole('link', { name: 'Start Your Garage' });
      await expect(startLinks).toHaveCount(2);
      for (const link of await startLinks.all()) {
        await expect(link).toHaveAttribute('href', '/auth?tab=register');
      }

      const header = page.getByRole('banner');
      if (!isPhone(testInfo.project.name)) {
        await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
        await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
          'href',
          '/auth?tab=register',
        );
        const primary = header.getByRole('navigation', { name: 'Primary' });
        for (const [name, href] of [
          ['Features', '#features'],
          ['Benefits', '#benefits'],
          ['Testimonials', '#testimonials'],
        ] as const) {
          await expect(primary.getByRole('link', { name })).toHaveAttribute('href', href);
        }
        await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
      } else {
        await expect(header.getByRole('link', { name: 'Log In' })).toBeHidden();
        await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
      }

      for (const id of ['features', 'benefits', 'testimonials']) {
        await expect(page.locator(`section#${id}`)).toHaveCount(1);
      }

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/privacy-policy',
      );
      await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
        'href',
        '/terms-of-service',
      );
      await expectSupportLink(page);
    },
  );

  test('the navigation bar is transparent at the top and solid past 80 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(header).toHaveCSS('position', 'fixed');

    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

    // 80 px itself is still "80 px or less" (000 §4).
    await page.evaluate(() => window.scrollTo({ top: 80, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test(
    'the in-page links reach their sections below the bar',
    { tag: '@desktop-only' },
    async ({ page }, testInfo) => {
      await page.goto('/');
      if (isPhone(testInfo.project.name)) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Testimonials' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      } else {
        await page
          .getByRole('navigation', { name: 'Primary' })
          .getByRole('link', { name: 'Testimonials' })
          .click();
      }
      await expect(page).toHaveURL(/#testimonials$/);
      const heading = page.getByRole('heading', { level: 2, name: /Loved by owners/ });
      await expect(heading).toBeInViewport();
      // The fixed bar (64 px) does not cover the heading once scrolling has settled.
      await expect
        .poll(async () => (await heading.boundingBox())?.y ?? -1, { timeout: 5000 })
        .toBeGreaterThanOrEqual(64);
    },
  );

  test('on a phone the drawer holds the same actions and closes with Escape', async ({
    page,
  }, testInfo) => {
    test.skip(!isPhone(testInfo.project.name), 'the drawer exists below the md breakpoint');
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    await expect(drawer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/auth?tab=register',
    );
    for (const name of ['Features', 'Benefits', 'Testimonials']) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    // The drawer covers the viewport only, so this one is not a full-page screenshot.
    await page.screenshot({ path: 'e2e/screenshots/public-landing-drawer-phone.png' });
    await expectNoSeriousViolations(page);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectSupportLink(page);
    await expectNoSeriousViolations(page);
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
    await expectNoSeriousViolations(page);
  });
});

const LEGAL_PAGES = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    sections: [
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. How We Share Your Information',
      '5. Data Security',
      '6. Your Rights and Choices',
      '7. Data Retention',
      '8. Children’s Privacy',
      '9. Changes to This Policy',
      '10. Contact Us',
    ],
    points: [/not directed to children under 13/, /Export Data/, /Stripe/, /OpenID Connect/],
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    sections: [
      '1. Acceptance of Terms',
      '2. Description of the Service',
      '3. User Accounts',
      '4. Subscription and Payments',
      '5. User Content',
      '6. Intellectual Property',
      '7. Limitation of Liability',
      '8. Disclaimer of Warranties',
      '9. Termination',
      '10. Changes to These Terms',
      '11. Governing Law',
      '12. Contact Information',
    ],
    points: [
      /Payments are non-refundable unless the law requires otherwise/,
      /\$9\.99 per month/,
      /amounts\s+you paid us for the Service in the prior 12 months/,
      /at any time, with or\s+without notice/,
      /children under 13 may not create\s+an account/,
    ],
  },
] as const;

for (const legal of LEGAL_PAGES) {
  test.describe(legal.title, () => {
    test(
      'shows its breadcrumb, date, numbered sections and support address',
      { tag: '@desktop-only' },
      async ({ page }, testInfo) => {
        await page.goto(legal.path);
        await expect(page).toHaveTitle(`Garage Ledger — ${legal.title}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);

        const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
        await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
        await expect(breadcrumb.getByRole('listitem').last()).toHaveText(legal.title);
        await expect(breadcrumb.getByRole('listitem').last()).toHaveAttribute(
          'aria-current',
          'page',
        );

        await expect(page.getByText('Last updated: May 12, 2025')).toBeVisible();
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 2 })).toHaveText([...legal.sections]);
        for (const point of legal.points) {
          await expect(main.getByText(point).first()).toBeVisible();
        }
        await expectSupportLink(page, main);
        await expectSupportLink(page);

        // The same public header and footer as the landing page.
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: 'Garage Ledger' })).toHaveAttribute(
          'href',
          '/',
        );
        await expect(
          page.getByRole('contentinfo').getByRole('link', { name: legal.title }),
        ).toBeVisible();
        await saveScreenshot(page, `public-${legal.path.slice(1)}`, testInfo.project.name);
      },
    );
  });
}

test('the footer opens a legal page at its top, and the breadcrumb leads home', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await page.goto('/');
  await expectSupportLink(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page).toHaveTitle('Garage Ledger — Terms of Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Garage Ledger');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Digitize your car records');
});

test(
  'a section link on a legal page leads to that landing section',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await page.goto('/privacy-policy');
    if (isPhone(testInfo.project.name)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Benefits' }).click();
    } else {
      await page
        .getByRole('navigation', { name: 'Primary' })
        .getByRole('link', { name: 'Benefits' })
        .click();
    }
    await expect(page).toHaveURL(/\/#benefits$/);
    await expect(
      page.getByRole('heading', { level: 2, name: /Your whole garage/ }),
    ).toBeInViewport();
  },
);
