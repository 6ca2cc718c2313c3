// Issue 14, LCP of / signed in: index.html paints the devis page's first screen before any JavaScript
// (shell/src/index.html). It must sit exactly where React then draws the page — for an artisan whose catalogue is
// not empty — so the swap moves nothing and the static text stays the LCP element; it is inert until then; only
// / gets it (app.html elsewhere, auth.html on /auth).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { appOrigin, createUser, expect, signIn, test, untilQuiet } from '../fixtures';

/**
 * The user's task catalogue (30 tasks), written on the server as the app syncs it (public.user_settings `tasks`):
 * the bench's artisan, `scripts/lib/bench-catalogue.mjs`.
 */
async function seedCatalogue(email: string, password: string) {
  const config = (await (await fetch(`${appOrigin(0)}/config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  const { seedCatalogue: seed } = await import('../../scripts/lib/bench-catalogue.mjs');
  expect(await seed(config, { email, password })).toBe(30);
}

type Box = { x: number; y: number; width: number; height: number };

/** A box of a first screen: [name, selector in the static copy, locator of React's render]. */
type BoxCase = [string, string, (page: Page) => ReturnType<Page['locator']>];

const HOME_BOXES: BoxCase[] = [
  ['top bar', '.sk-top', (p) => p.locator('#root header').first()],
  // Folded away on a phone, the menu button hidden on desktop: both have an empty box there.
  ['menu button', '.sk-menu', (p) => p.locator('button[aria-controls="main-nav-links"]')],
  ['nav link Devis', '.sk-top li:first-child > span', (p) => p.locator('#main-nav-links a').first()],
  ['nav link Mon Compte', '.sk-top li:last-child > span', (p) => p.locator('#main-nav-links a').last()],
  ['title', '.sk-home h1', (p) => p.locator('main h1')],
  ['Nouveau devis', '.sk-actions > .sk-btn', (p) => p.getByRole('button', { name: 'Nouveau devis' })],
  ['plan badge', '.sk-badge', (p) => p.getByTestId('plan-badge')],
  ['card', '.sk-quotes > .sk-card', (p) => p.locator('section[aria-labelledby="recognition-title"]')],
  ['card title', '.sk-quotes > .sk-card > h2', (p) => p.locator('#recognition-title')],
  ['tab image', '.sk-tabs > span:first-child', (p) => p.getByRole('tab', { name: "Reconnaissance d'image" })],
  ['tab voice', '.sk-tabs > span:last-child', (p) => p.getByRole('tab', { name: 'Reconnaissance vocale' })],
  ['paragraph', 'p.sk-muted', (p) => p.getByText(/^Photographiez ou choisissez/)],
  ['Prendre une photo', '.sk-row > .sk-btn:first-child', (p) => p.getByRole('button', { name: 'Prendre une photo' })],
  ['Choisir une image', '.sk-row > .sk-btn:last-child', (p) => p.getByRole('button', { name: 'Choisir une image' })],
  ['Conseils', '.sk-tips', (p) => p.getByTestId('recognition-placeholder').locator('aside')],
  ['last tip', '.sk-tips li:last-child', (p) => p.getByTestId('recognition-placeholder').locator('aside li').last()],
  ['notes title', '.sk-notes h3', (p) => p.locator('#notes-panel-title')],
  ['notes box', '.sk-notes textarea', (p) => p.getByLabel('Vos notes')],
  ['Analyser les notes', '.sk-notes .sk-btn', (p) => p.getByRole('button', { name: 'Analyser les notes' })],
];

/** auth.html's boxes (its layout is older; checked here as it shares the template and its CSS). */
const AUTH_BOXES: BoxCase[] = [
  ['top bar', '.sk-bar', (p) => p.locator('#root header').first()],
  ['card', '.sk-narrow > .sk-card', (p) => p.locator('main h1').locator('xpath=..')],
  ['title', '.sk-card h1', (p) => p.locator('main h1')],
  ['email box', '.sk-input', (p) => p.getByLabel('Email')],
  ['Se connecter', '.sk-button', (p) => p.getByRole('button', { name: 'Se connecter' })],
  ['footer', '.sk-footer', (p) => p.locator('footer')],
];

const SIZES = [
  { name: 'phone 412', viewport: { width: 412, height: 823 } },
  { name: 'phone 360', viewport: { width: 360, height: 740 } },
  { name: 'tablet 800', viewport: { width: 800, height: 1000 } },
  { name: 'desktop 1350', viewport: { width: 1350, height: 940 } },
];

const rect = (element: Element): Box => {
  const r = element.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};

/**
 * Loads `route` twice at the page's size, React's render once `ready` resolves, then the HTML alone (scripts
 * blocked); soft-expects every box within 1 px and returns what differs (and the largest difference).
 */
async function compareBoxes(page: Page, label: string, route: string, boxes: BoxCase[], ready: () => Promise<void>) {
  const lines: string[] = [];
  await page.goto(route);
  await ready();
  await untilQuiet(page);
  const react: Record<string, Box> = {};
  for (const [name, , locate] of boxes) react[name] = await locate(page).evaluate(rect);
  await page.screenshot({ path: test.info().outputPath(`${label.replace(/\W+/g, '-')}-react.png`) });

  await page.route('**/*.js', (r) => r.abort());
  await page.goto(route);
  const statics: Record<string, Box> = {};
  for (const [name, selector] of boxes) statics[name] = await page.locator(selector).first().evaluate(rect);
  await page.screenshot({ path: test.info().outputPath(`${label.replace(/\W+/g, '-')}-static.png`) });
  await page.unroute('**/*.js');

  let worst = 0;
  for (const [name] of boxes) {
    const a = statics[name]!;
    const b = react[name]!;
    const diff = Math.max(
      Math.abs(a.x - b.x),
      Math.abs(a.y - b.y),
      Math.abs(a.width - b.width),
      Math.abs(a.height - b.height),
    );
    worst = Math.max(worst, diff);
    const detail = `${label} ${name}: static ${JSON.stringify(a)} react ${JSON.stringify(b)}`;
    if (diff > 0.01) lines.push(detail);
    expect.soft(diff, detail).toBeLessThanOrEqual(1);
  }
  lines.push(`${label}: largest difference ${worst.toFixed(2)} px over ${boxes.length} boxes`);
  return lines;
}

test.setTimeout(180_000);

test('the static first screens of / and /auth have the boxes of React’s render at phone and desktop widths', async ({
  page,
}) => {
  const user = await createUser();
  await seedCatalogue(user.email, user.password);
  const report: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    report.push(
      ...(await compareBoxes(page, `/auth ${size.name}`, '/auth', AUTH_BOXES, () =>
        expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible(),
      )),
    );
  }
  await signIn(page, user);
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    // React's render: the devis page with its recognition placeholder, the plan known, the catalogue loaded.
    report.push(
      ...(await compareBoxes(page, `/ ${size.name}`, '/', HOME_BOXES, async () => {
        await expect(page.getByTestId('recognition-placeholder')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('plan-badge')).toBeVisible();
        await expect(page.getByText('Aucune tâche dans votre catalogue')).toHaveCount(0);
      })),
    );
  }
  console.log(report.join('\n'));
  await test.info().attach('box differences', { body: report.join('\n'), contentType: 'text/plain' });
});

test('the static first screen is inert and has no serious axe violation; React replaces it', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('.sk-home')).toBeVisible();
  await expect(page.locator('#app-shell')).toHaveAttribute('inert', '');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  // Not in the accessibility tree (Chromium's, as screen readers get it).
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ ignored: boolean; role?: { value?: unknown }; name?: { value?: unknown } }>;
  };
  const announced = nodes.filter(
    (node) => !node.ignored && node.role?.value !== 'RootWebArea' && String(node.name?.value ?? '').trim() !== '',
  );
  expect(announced.map((node) => node.name?.value)).toEqual([]);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.unroute('**/*.js');

  // Signed out: the copy of the devis page is replaced by the sign-in page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('.sk-page')).toHaveCount(0);
});

test('the static copy stays over the app until the home page has drawn its first screen: no flash of the loading state', async ({
  page,
}) => {
  const user = await createUser();
  await seedCatalogue(user.email, user.password);
  await signIn(page, user);
  // mf-quotes held back: the shell starts, checks the session and renders, but the home page cannot arrive yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remoteEntry.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await page.waitForTimeout(300);
  await expect(page.locator('#app-shell .sk-home h1')).toBeVisible();
  expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).opacity)).toBe('0');
  release();
  await expect(page.getByTestId('recognition-placeholder')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#app-shell')).toHaveCount(0);
  expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).opacity)).toBe('1');

  // A key pressed while the page is on its way shows the app as it is (the user must reach the real controls).
  await page.unroute('**/remoteEntry.js');
  await page.route('**/remoteEntry.js', () => undefined); // never answers
  await page.goto('/');
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await expect(page.locator('#app-shell')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.locator('#app-shell')).toHaveCount(0);
  expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).opacity)).toBe('1');
});

test('only / gets the devis page’s first screen: /auth the sign-in card, any other route the generic one', async ({
  request,
}) => {
  const page = async (route: string) => {
    const res = await request.get(route, { headers: { accept: 'text/html' } });
    expect(res.status(), route).toBe(200);
    return res.text();
  };
  for (const route of ['/', '/index.html', '/?devis=123']) expect(await page(route), route).toContain('sk-home');
  const auth = await page('/auth');
  expect(auth).toContain('Connexion');
  expect(auth).not.toContain('sk-home');
  for (const route of ['/tasks', '/clients', '/customize', '/company', '/account', '/legal/cgu', '/nope']) {
    const html = await page(route);
    expect(html, route).toContain('sk-bar');
    expect(html, route).not.toContain('sk-home');
    expect(html, route).not.toContain('Connexion');
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the service worker serves the same first screens without network: /, /auth and the generic one', async ({
    page,
    context,
  }) => {
    await page.goto('/auth');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
      .toBe(true);
    await context.setOffline(true);
    const firstScreen = async (route: string) => {
      const res = await page.goto(route);
      expect(res?.fromServiceWorker(), route).toBe(true);
      const html = (await res?.text()) ?? '';
      return html.includes('sk-home') ? 'home' : html.includes('Connexion') ? 'auth' : 'generic';
    };
    for (const route of ['/', '/index.html', '/?devis=123']) expect(await firstScreen(route), route).toBe('home');
    expect(await firstScreen('/auth')).toBe('auth');
    for (const route of ['/tasks', '/clients', '/customize', '/legal/cgu']) {
      expect(await firstScreen(route), route).toBe('generic');
    }
  });
});
