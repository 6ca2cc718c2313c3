// Photo and dictation → « Devis en cours », through the real panels on / and the embedded analyser (OCR in the
// browser from mf-recognition's own assets; no AI configured in the e2e backend):
// - a photo through Chromium's fake camera fed with a Motion-JPEG of a printed note,
// - an image file chosen through the file input (and the file checks),
// - a dictation through a scripted SpeechRecognition (Chromium's real one needs Google's servers).
import fs from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.cjs';
import { appOrigin, expect, test, untilQuiet } from '../fixtures';

const fixtures = path.resolve(__dirname, '../../mf-recognition/fixtures');
const catalogue = fs.readFileSync(path.join(fixtures, 'dictations/catalogue.json'), 'utf8');
const cameraClip = path.join(fixtures, 'images/camera-01-sdb-dupont.mjpeg');

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraClip}`,
    ],
  },
});

// First analysis loads the OCR engine and the French model (≈ 5 MB) on a shared 2-core machine.
test.setTimeout(120_000);

/** Subscribes to the page's bus and keeps the recognition events in window.__recognitionEvents. */
async function recordBusEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __recognitionEvents: unknown[] } & Record<
      symbol,
      { all(): { subscribe(cb: (e: unknown) => void): void } }
    >;
    w.__recognitionEvents = [];
    w[Symbol.for('atelier.bus.v1')]!.all().subscribe((e) => w.__recognitionEvents.push(e));
  });
}

type RecordedEvent = {
  type: string;
  payload: {
    source?: string;
    tasks?: { name: string; quantity: number; unit: string }[];
    client?: Record<string, string>;
    title?: string;
  };
};

async function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as { __recognitionEvents: RecordedEvent[] }).__recognitionEvents);
}

/** Home page with the test catalogue in the task list (the recogniser only keeps catalogue tasks). */
async function openHomeWithCatalogue(page: Page) {
  await page.evaluate((tasks) => localStorage.setItem('tasks', tasks), catalogue);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: "Reconnaissance d'image" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Aucune tâche dans votre catalogue')).toHaveCount(0);
  await recordBusEvents(page);
}

function quoteLine(page: Page, name: string) {
  return page.getByRole('table', { name: 'Devis en cours' }).getByRole('row').filter({ hasText: name });
}

test('photo through the camera: rear camera, capture after start-up, lines added to « Devis en cours »', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await openHomeWithCatalogue(page);

  await page.getByRole('button', { name: 'Prendre une photo' }).click();
  await expect(page.getByTestId('camera-view')).toBeVisible();
  await expect(page.getByText('Placez vos notes dans le cadre')).toBeVisible();
  const capture = page.getByRole('button', { name: 'Capturer' });
  await expect(page.getByRole('button', { name: /Changer de caméra \(Caméra arrière\)/ })).toBeVisible();
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  // Front camera and back: the stream restarts, capture waits for the new one.
  await page.getByRole('button', { name: /Changer de caméra/ }).click();
  await expect(page.getByRole('button', { name: /Changer de caméra \(Caméra avant\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Changer de caméra/ }).click();
  await expect(page.getByRole('button', { name: /Changer de caméra \(Caméra arrière\)/ })).toBeVisible();
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  // The clip is 1280×720 and plays in the <video>.
  expect(await page.locator('video').evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([
    1280, 720,
  ]);
  await capture.click();

  await expect(page.getByTestId('camera-view')).toHaveCount(0); // capture stops the camera
  await expect(page.getByRole('img', { name: 'Image analysée' })).toBeVisible();
  // The lines read on the photo are checked, each next to its crop, before they join the devis (issue 31).
  const review = page.getByTestId('photo-review');
  await expect(review.getByTestId('photo-line').first()).toBeVisible({ timeout: 90_000 });
  await expect(review.getByTestId('line-crop').first()).toBeVisible();
  await review.getByRole('button', { name: 'Ajouter au devis' }).click();
  await expect(page.getByTestId('analysis-success')).toContainText('informations client', { timeout: 90_000 });
  await expect(page.getByTestId('analysis-success')).toContainText('tâches');

  await expect(quoteLine(page, 'Pose de faïence murale')).toContainText('18');
  await expect(quoteLine(page, 'Pose de mitigeur')).toContainText('2');
  await expect(page.getByTestId('current-client-name')).toHaveText('Jean Dupont');

  const events = await recordedEvents(page);
  expect(events.find((e) => e.type === 'quote/tasks-recognised')?.payload.source).toBe('image');
  expect(events.find((e) => e.type === 'quote/client-recognised')?.payload.client).toMatchObject({
    email: 'jean.dupont@gmail.com',
  });

  // The success message goes away after 5 s.
  await expect(page.getByTestId('analysis-success')).toHaveCount(0, { timeout: 10_000 });
});

test('image file: checks the type, then analyses a printed note into the quote', async ({ page, signedIn }) => {
  void signedIn;
  // What mf-recognition (its own origin, :3002) sends to / before and after the first analysis.
  const fromRecognition: { url: string; bytes: number; wire: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${appOrigin(2)}/`)) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const wire = Number(response.headers()['content-length'] ?? body.length);
    fromRecognition.push({ url: response.url().replace(appOrigin(2), ''), bytes: body.length, wire });
  });
  await openHomeWithCatalogue(page);
  const input = page.getByTestId('image-file-input');
  await untilQuiet(page);
  const beforeAnalysis = [...fromRecognition];
  const js = beforeAnalysis.filter((r) => r.url.endsWith('.js'));
  test.info().annotations.push({
    type: 'recognition JS on / before any analysis',
    description: `${js.length} files, ${(js.reduce((n, r) => n + r.bytes, 0) / 1024).toFixed(1)} KB (${(js.reduce((n, r) => n + r.wire, 0) / 1024).toFixed(1)} KB on the wire): ${js.map((r) => r.url).join(' ')}`,
  });
  // Nothing of the OCR engine, the model or the analyser before the user starts an analysis.
  expect(beforeAnalysis.filter((r) => /tesseract|\/ocr\.|\/analysis\.|traineddata/.test(r.url))).toEqual([]);

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Peinture plafond 12 m2'),
  });
  await expect(page.getByRole('alert')).toContainText('Veuillez sélectionner une image (JPG, PNG, etc.)');
  await page.getByRole('button', { name: 'Fermer' }).click();

  await input.setInputFiles(path.join(fixtures, 'images/04-electricite-rousseau.png'));
  await expect(page.getByTestId('analysis-spinner')).toBeVisible();
  const review = page.getByTestId('photo-review');
  await expect(review.getByTestId('photo-line').first()).toBeVisible({ timeout: 90_000 });
  await review.getByRole('button', { name: 'Ajouter au devis' }).click();
  await expect(page.getByTestId('analysis-success')).toBeVisible({ timeout: 90_000 });

  await expect(quoteLine(page, 'Installation prise électrique')).toContainText('8');
  await expect(quoteLine(page, 'Point lumineux')).toContainText('5');
  await expect(quoteLine(page, 'Remplacement tableau électrique')).toBeVisible();
  await expect(page.getByTestId('current-client-name')).toHaveText('Claire Rousseau');
  const title = (await recordedEvents(page)).find((e) => e.type === 'quote/title-recognised');
  expect(title?.payload.title).toMatch(/normes/i);
  // The OCR assets came from mf-recognition's own origin.
  expect(fromRecognition.map((r) => r.url)).toEqual(
    expect.arrayContaining(['/tesseract/worker.min.js', '/tesseract/lang/fra.traineddata.gz']),
  );
  console.log(
    `[recognition] ${test
      .info()
      .annotations.map((a) => `${a.type}: ${a.description}`)
      .join('\n')}`,
  );
});

test('dictation through a scripted SpeechRecognition ends with lines in « Devis en cours »', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  // Chromium's own recogniser streams audio to Google: replace it with a scripted one (reference §4).
  await page.addInitScript(() => {
    class FakeSpeechRecognition extends EventTarget {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onresult: ((e: Event) => void) | null = null;
      onend: ((e: Event) => void) | null = null;
      onerror: ((e: Event) => void) | null = null;
      onstart: ((e: Event) => void) | null = null;
      start() {
        (window as unknown as { __sr: FakeSpeechRecognition }).__sr = this;
        setTimeout(() => this.emit('start', new Event('start')));
      }
      stop() {
        setTimeout(() => this.emit('end', new Event('end')));
      }
      abort() {
        this.stop();
      }
      emit(type: string, event: Event) {
        this.dispatchEvent(event);
        (this as unknown as Record<string, ((e: Event) => void) | null>)[`on${type}`]?.call(this, event);
      }
      results(list: [string, boolean][], resultIndex = 0) {
        const results = list.map(([transcript, isFinal]) => {
          const alternatives = [{ transcript, confidence: 0.9 }];
          return Object.assign(alternatives, { isFinal, item: (i: number) => alternatives[i] });
        });
        const event = Object.assign(new Event('result'), {
          resultIndex,
          results: Object.assign(results, {
            item(i: number) {
              return results[i];
            },
          }),
        });
        this.emit('result', event);
      }
    }
    Object.assign(window, { SpeechRecognition: FakeSpeechRecognition, webkitSpeechRecognition: FakeSpeechRecognition });
  });
  await openHomeWithCatalogue(page);
  await page.getByRole('tab', { name: 'Reconnaissance vocale' }).click();

  await page.getByRole('button', { name: "Démarrer l'écoute" }).click();
  await page.waitForFunction(() => (window as unknown as { __sr?: unknown }).__sr);
  // The microphone circle follows the real input level (Chromium's fake microphone beeps).
  await expect
    .poll(async () => Number(await page.getByTestId('microphone-level').getAttribute('data-level')), {
      timeout: 10_000,
      intervals: [100],
    })
    .toBeGreaterThan(0);
  const script = [
    'Projet rénovation de la cuisine.',
    'Pose de carrelage sol vingt-cinq mètres carrés.',
    'Pose de plinthes douze mètres linéaires.',
    'Client Pierre Lefebvre, email pierre.lefebvre@gmail.com',
  ];
  type Sr = { results(list: [string, boolean][], index?: number): void };
  await page.evaluate(() => (window as unknown as { __sr: Sr }).__sr.results([['Projet rénovation', false]]));
  await expect(page.getByText('Projet rénovation', { exact: true })).toBeVisible(); // interim text
  await page.evaluate(
    (lines) =>
      (window as unknown as { __sr: Sr }).__sr.results(
        lines.map((l) => [l, true] as [string, boolean]),
        0,
      ),
    script,
  );
  await expect(page.getByRole('button', { name: 'Analyse', exact: true })).toHaveCount(0); // still listening
  await page.getByRole('button', { name: "Arrêter l'écoute" }).click();
  await expect(page.getByLabel('Texte reconnu')).toHaveValue(script.join(' '));

  await page.getByRole('button', { name: 'Analyse', exact: true }).click();
  await expect(page.getByTestId('analysis-success')).toBeVisible({ timeout: 30_000 });
  await expect(quoteLine(page, 'Pose de carrelage sol')).toContainText('25');
  await expect(quoteLine(page, 'Pose de plinthes')).toContainText('12');
  await expect(page.getByTestId('current-client-name')).toHaveText('Pierre Lefebvre');
  const tasks = (await recordedEvents(page)).find((e) => e.type === 'quote/tasks-recognised');
  expect(tasks?.payload.source).toBe('voice');

  // The transcript is kept under voiceRecognitionState.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('voiceRecognitionState') ?? '{}'));
  expect(stored.transcript).toBe(script.join(' '));
});
