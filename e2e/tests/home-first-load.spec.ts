// Issue 14, the home page's share: mf-recognition is not part of the first load of /. The shell's placeholder of
// the recognition section (tabs, photo buttons, the notes box of issue 13) is there at once; the remote loads when
// the user uses it, and what was typed meanwhile is kept, focus included.
import type { Page } from '@playwright/test';

import { appOrigin, expect, test, untilQuiet } from '../fixtures';

test('/ loads no mf-recognition code until the notes box is used; typed notes and focus survive the swap', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const fromRecognition: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${appOrigin(2)}/`)) fromRecognition.push(request.url());
  });
  // The sign-in left the mouse at rest on « Se connecter », where the recognition section is drawn on the / it lands
  // on: Chromium sends pointerover/enter (no pointermove) to a section drawn under a resting pointer. That is no use
  // of it and starts no load (decision 0240): the placeholder stays. The pointer stays there for the fresh load too.
  const placeholder = page.getByTestId('recognition-placeholder');
  await expect(placeholder).toBeVisible({ timeout: 30_000 });
  await untilQuiet(page);
  await expect(page.getByTestId('recognition-panels')).toHaveCount(0);
  await expect(placeholder).toBeVisible();

  await page.goto('/');
  await expect(placeholder).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: "Reconnaissance d'image" })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Prendre une photo' })).toBeVisible();
  await expect(page.getByLabel('Vos notes')).toBeVisible();
  await untilQuiet(page);
  expect(fromRecognition).toEqual([]);

  // Typing starts the load; the keystrokes go on in the same box and none is lost when the real panels arrive.
  await page.getByLabel('Vos notes').click();
  await page.keyboard.type('Plinthes 14,5 ml');
  await expect(page.getByTestId('recognition-panels')).toBeVisible({ timeout: 30_000 });
  await expect(placeholder).toHaveCount(0);
  await page.keyboard.type(', carrelage 12 m2');
  await expect(page.getByLabel('Vos notes')).toHaveValue('Plinthes 14,5 ml, carrelage 12 m2');
  await expect(page.getByLabel('Vos notes')).toBeFocused();
  expect(fromRecognition.some((url) => url.endsWith('remoteEntry.js') || url.endsWith('mf-manifest.json'))).toBe(true);
  // Still nothing of the OCR engine or the analyser: they load with the first analysis.
  expect(fromRecognition.filter((url) => /tesseract|\/ocr\.|\/analysis\.|traineddata/.test(url))).toEqual([]);
});

test('the voice tab chosen on the placeholder is the one open once the panels are loaded', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await page.goto('/');
  await expect(page.getByTestId('recognition-placeholder')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Reconnaissance vocale' }).click();
  await expect(page.getByTestId('recognition-panels')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Reconnaissance vocale' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Reconnaissance vocale' })).toBeFocused();
});

/** How each of the two start-up files was requested by the page (Resource Timing: one entry per request made). */
const startupRequests = (page: Page) =>
  page.evaluate(() =>
    ['/config.json', '/remotes.json'].map((file) =>
      performance
        .getEntriesByName(new URL(file, location.href).href)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    ),
  );

/**
 * On the page just loaded: config.json and remotes.json were each requested once, by the HTML's preload, and the
 * shell started its app code (index.ts's mark) after the first contentful paint (shell/src/first-paint.ts).
 */
async function expectStartedFromTheHtml(page: Page) {
  await untilQuiet(page);
  expect(await startupRequests(page)).toEqual([['link'], ['link']]);
  const { paint, start } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    start: performance.getEntriesByName('atelier:app-start')[0]?.startTime,
  }));
  expect(paint).toBeGreaterThan(0);
  expect(start).toBeGreaterThanOrEqual(paint!);
}

test('the runtime configuration and the remote locations are requested once, by the page’s HTML, and the app starts after the first paint, on / and /auth', async ({
  page,
  signedIn,
  browser,
}) => {
  void signedIn;
  // index.html preloads both; the bootstrap's fetch() takes the preloaded response instead of making a request.
  await page.goto('/');
  await expect(page.getByTestId('recognition-placeholder')).toBeVisible({ timeout: 30_000 });
  await expectStartedFromTheHtml(page);

  const visitor = await browser.newPage({ baseURL: appOrigin(0) });
  await visitor.goto('/auth');
  await expect(visitor.getByRole('button', { name: 'Se connecter' })).toBeEnabled({ timeout: 30_000 });
  await expectStartedFromTheHtml(visitor);
  await visitor.close();
});
