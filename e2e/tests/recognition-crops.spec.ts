// Photos you can trust at a glance (issue 31 item 3): a note photo the browser's OCR misreads (round-3 dev note p15,
// « Dépose moquette 18 m2 / ragréage 18 m2 / parquet 18 m2 → 19 m2 / plinthes 17 ml », printed: Chromium's
// tesseract reads the parquet's corrected figure as « 1,8 », unsure). Earlier notes used here are now read right: round-2 n05
// since the low-confidence re-read of decision 0120, round-3 p08 since the note headings of decision 0218. Each line
// read is shown next to the crop of the photo it came from; the lines whose figures were read with low confidence are
// « À vérifier », first, and the first one's quantity has the focus; tapping a line outlines its region on the photo.
// The user corrects the lines through the crops and adds them: the clicks it took (choosing the photo included) and
// the time are reported.
import fs from 'node:fs';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { expect, test } from '../fixtures';

const fixtures = path.resolve(__dirname, '../../mf-recognition/fixtures');
const catalogue = fs.readFileSync(path.join(fixtures, 'round-3/catalogue.json'), 'utf8');
const note = (id: string) => ({
  photo: path.join(fixtures, `photos-r3/${id}.jpg`),
  expected: JSON.parse(fs.readFileSync(path.join(fixtures, `photos-r3/${id}.expected.json`), 'utf8')) as {
    tasks: { name: string; quantity: number; unit: string }[];
  },
});

/** The clicks a user would make; the figure checked at the end is the one reported. */
const MAX_CLICKS = 4;

// First analysis loads the OCR engine and the French model on a shared 2-core machine.
test.setTimeout(120_000);

function quoteLine(page: Page, name: string) {
  return page.getByRole('table', { name: 'Devis en cours' }).getByRole('row').filter({ hasText: name });
}

const french = (n: number) => String(n).replace('.', ',');

test('a misread photo corrected through the crops of its lines', async ({ page, signedIn }) => {
  void signedIn;
  await correctThroughCrops(page, 'p15-depose-moquette-18', 'recognition-crops');
});

// Round-3 dev note p36 (« Escalier + palier / peinture murs 40 m2 → 44 m2 / sous-couche 44 m2 », The Girl Next Door
// on a yellow pad, a photo): tesseract reads it unsure, so the second reader (PP-OCRv4 in its own worker, decision
// 0135) reads it; its word boxes and confidences drive the same crops, marks and outline. Its files are fetched for
// that page only. (p18, used before, is read right since decision 0160: « (20 » is read back to 120.)
test('a note read by the second reader is checked through the same crops', async ({ page, signedIn }) => {
  void signedIn;
  // The first unsure page loads the second reader (≈ 30 MB of wasm and models, compiled on first use): 50 s when
  // this spec ran beside four others on the loaded 2-core machine.
  test.setTimeout(240_000);
  const paddle: string[] = [];
  page.on('request', (r) => {
    if (/\/paddle\//.test(r.url())) paddle.push(r.url());
  });
  await correctThroughCrops(
    page,
    'p36-escalier-palier',
    'recognition-crops second reader',
    () => expect(paddle).toEqual([]),
    180_000,
  );
  expect(paddle.some((u) => u.endsWith('ch_PP-OCRv4_rec_infer.onnx'))).toBe(true);
});

async function correctThroughCrops(
  page: Page,
  id: string,
  label: string,
  beforePhoto?: () => void,
  readTimeoutMs = 90_000,
) {
  const { photo, expected } = note(id);
  await page.evaluate((tasks) => localStorage.setItem('tasks', tasks), catalogue);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: "Reconnaissance d'image" })).toBeVisible({ timeout: 30_000 });

  let clicks = 0;
  const click = async (target: Locator) => {
    clicks += 1;
    await target.click();
  };

  // The shell draws a placeholder and loads the recognition remote when the pointer moves over it (decision 0240):
  // the photo is chosen in the remote's panel (a file chosen in the placeholder while the remote mounts can be lost —
  // pointed out in the report).
  await page.getByRole('button', { name: 'Choisir une image' }).hover();
  await expect(page.getByTestId('recognition-panels')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('image-file-input')).toBeAttached();
  beforePhoto?.();

  // « Choisir une image », then the file.
  const chooser = page.waitForEvent('filechooser');
  await click(page.getByRole('button', { name: 'Choisir une image' }));
  await (await chooser).setFiles(photo);
  const chosen = Date.now();

  const review = page.getByTestId('photo-review');
  const rows = review.getByTestId('photo-line');
  await expect(rows.first()).toBeVisible({ timeout: readTimeoutMs });
  const shownMs = Date.now() - chosen;

  // Every line read shows its crop of the photo; the doubtful ones come first, marked, the first one focused.
  const count = await rows.count();
  const read: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    await expect(row.getByTestId('line-crop')).toBeVisible();
    const name = (await row.locator('span').nth(1).textContent())?.replace('À vérifier', '').trim() ?? '';
    const value = await row.getByRole('textbox').inputValue();
    read.push(`${name} ${value}${(await row.getByTestId('check-mark').count()) ? ' (À vérifier)' : ''}`);
  }
  test.info().annotations.push({ type: 'lines read', description: read.join(' | ') });
  await expect(rows.first().getByTestId('check-mark')).toHaveText('À vérifier');
  await expect(rows.first().getByRole('textbox')).toBeFocused();
  await expect(review.getByTestId('photo-highlight')).toBeVisible();

  // Each line read that is on the note with another figure is retyped (a click to reach it unless it already has
  // the focus). A line the OCR did not read at all cannot be fixed through the crops: it is reported.
  const fixed: string[] = [];
  const missed: string[] = [];
  const unmarked: string[] = [];
  for (const task of expected.tasks) {
    const row = rows.filter({ hasText: task.name });
    if ((await row.count()) === 0) {
      missed.push(task.name);
      continue;
    }
    const quantity = row.getByRole('textbox');
    if ((await quantity.inputValue()) === french(task.quantity)) continue;
    // A misread figure read with low confidence is marked « À vérifier »; one the OCR was sure of is not (reported).
    if ((await row.getByTestId('check-mark').count()) === 0) unmarked.push(task.name);
    const before = await review.getByTestId('photo-highlight').getAttribute('style');
    if (!(await quantity.evaluate((el) => el === document.activeElement))) {
      await click(quantity);
      // Reaching the line outlines its region on the photo.
      await expect(review.getByTestId('photo-highlight')).not.toHaveAttribute('style', before ?? '');
    }
    await quantity.press('ControlOrMeta+a');
    await quantity.pressSequentially(french(task.quantity));
    await expect(row).toHaveAttribute('aria-current', 'true');
    fixed.push(`${task.name} ${french(task.quantity)}`);
  }
  // The photo is one the OCR misreads: at least one figure was corrected through the crops, and most misread
  // figures were marked.
  expect(fixed.length).toBeGreaterThan(0);
  expect(unmarked.length).toBeLessThan(fixed.length);
  // A line read that is not on the note is unticked.
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const text = (await row.textContent()) ?? '';
    if (!expected.tasks.some((t) => text.includes(t.name))) await click(row.getByRole('checkbox'));
  }

  // Tapping a line outlines its region: the highlight moves to the tapped line (not counted: a check, not a fix).
  if (count > 1) {
    const other = review.locator('[data-testid="photo-line"]:not([aria-current])').first();
    const name = (await other.getByRole('textbox').getAttribute('aria-label')) ?? '';
    const before = await review.getByTestId('photo-highlight').getAttribute('style');
    await other.getByTestId('line-crop').click();
    await expect(rows.filter({ has: page.getByRole('textbox', { name }) })).toHaveAttribute('aria-current', 'true');
    await expect(review.getByTestId('photo-highlight')).not.toHaveAttribute('style', before ?? '');
  }

  await click(review.getByRole('button', { name: 'Ajouter au devis' }));
  await expect(page.getByTestId('analysis-success')).toBeVisible({ timeout: 30_000 });
  for (const task of expected.tasks.filter((t) => !missed.includes(t.name)))
    await expect(quoteLine(page, task.name)).toContainText(french(task.quantity));
  const doneMs = Date.now() - chosen;

  console.log(
    `[${label}] ${clicks} clicks (choosing the photo included), lines shown ${shownMs} ms after the photo, ` +
      `devis right ${doneMs} ms after it; read: ${read.join(' | ')}; corrected: ${fixed.join(', ')}; ` +
      `misread but not marked « À vérifier »: ${unmarked.join(', ') || 'none'}; ` +
      `not read at all (not fixable through the crops): ${missed.join(', ') || 'none'}`,
  );
  test.info().annotations.push({ type: 'clicks', description: String(clicks) });
  expect(clicks).toBeLessThanOrEqual(MAX_CLICKS);
}
