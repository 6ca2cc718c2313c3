// The recognition panels mounted on / : photo and dictation → quote lines, published on the bus.
// Nothing heavy loads with this module: the analyser (OCR engine, French model, AI client) is imported on
// the first analysis only. The module itself is not loaded with / either: the shell shows a light placeholder
// of the same layout and loads it when the user uses it; what was done there is handed over as `start`.
import type { ExtractionResult, Task } from '@atelier/domain';
import { getRuntimeConfig, getSupabase, useAuth } from '@atelier/platform';
import { tasksStore } from '@atelier/storage';
import { Card, Tabs } from '@atelier/ui';
import type { RecognitionStart } from '@atelier/ui/src/recognition-frame';
import { useState } from 'react';

import { ImagePanel } from '../features/image-panel/components/image-panel';
import type { PhotoProposal } from '../features/image-panel/components/photo-review';
import type { PageLayout } from '../features/ocr/ocr-layout';
import { NotesPanel, type NotesProposal } from '../features/notes-panel/components/notes-panel';
import { notesDraftStoreFor } from '../features/notes-panel/model/notes-draft';
import { IMAGE_MESSAGES } from '../features/image-panel/messages';
import { VoicePanel } from '../features/voice-panel/components/voice-panel';
import { VOICE_MESSAGES } from '../features/voice-panel/messages';

/** What the panels need from the analysis feature (features/analysis owns the implementation). */
interface Analyzer {
  analyzeImage(image: Blob, catalogue: readonly Task[]): Promise<ExtractionResult>;
  analyzeText(text: string, catalogue: readonly Task[]): Promise<ExtractionResult>;
}

let analyzerPromise: Promise<Analyzer> | null = null;

/**
 * The analyser, created on first use: AI through the `ai` function when the backend has one configured,
 * the embedded OCR + French rules otherwise (and as the fallback). The OCR module is itself imported only
 * when an image is analysed without AI.
 */
function loadAnalyzer(): Promise<Analyzer> {
  analyzerPromise ??= (async () => {
    const { createAnalyzer } = await import(/* webpackChunkName: "analysis" */ '../features/analysis/analyzer');
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    return createAnalyzer({
      ai: {
        baseURL: `${supabaseUrl.replace(/\/$/, '')}/functions/v1/ai`,
        anonKey: supabaseAnonKey,
        getAccessToken: async () => (await getSupabase().auth.getSession()).data.session?.access_token ?? null,
      },
      // The analyser's OCR fallback reads the photo it was given: one OCR per photo, shared with the regions.
      recognizeImage: async (image: Blob) => (await readPhoto(image)).text,
    });
  })();
  analyzerPromise.catch(() => {
    analyzerPromise = null; // a failed chunk load may succeed on retry
  });
  return analyzerPromise;
}

type PhotoRead = { text: string; layout: PageLayout | null };
/** One OCR of a photo serves both the lines' regions and the embedded analyser's fallback (no second read). */
const photoReads = new WeakMap<Blob, Promise<PhotoRead>>();

function readPhoto(image: Blob): Promise<PhotoRead> {
  let read = photoReads.get(image);
  if (!read) {
    read = import(/* webpackChunkName: "ocr" */ '../features/ocr/browser-ocr').then((ocr) => ocr.readImage(image));
    photoReads.set(image, read);
    read.catch(() => photoReads.delete(image));
  }
  return read;
}

/**
 * Photo → lines to check: the OCR gives the text and where each word was read; the embedded analyser gives the
 * lines and the words they came from, placed on the photo (photo-lines.ts); the configured analyser (AI when
 * available) may add or correct lines as for notes.
 */
async function proposeFromImage(image: Blob): Promise<PhotoProposal> {
  // The OCR needs none of the analyser's chunks: it starts at once, beside their load (decision 0205).
  const reading = readPhoto(image).catch(() => null);
  const configured = analyzeImage(image).catch(() => null);
  const [{ proposeLines }, { combineProposals, combineClients }, { photoLines }] = await Promise.all([
    import(/* webpackChunkName: "analysis" */ '../features/analysis/embedded/extract-from-text'),
    import(/* webpackChunkName: "analysis" */ '../features/analysis/review'),
    import(/* webpackChunkName: "analysis" */ '../features/image-panel/model/photo-lines'),
  ]);
  const catalogue = tasksStore.get();
  const [read, other] = await Promise.all([reading, configured]);
  if (!read && !other) throw new Error('photo not read');
  const embedded = read ? proposeLines(read.text, catalogue, { flow: 'image' }) : null;
  const lines = combineProposals(embedded?.lines ?? [], other);
  const result: ExtractionResult = {
    projectTitle: embedded?.result.projectTitle || other?.projectTitle || '',
    tasks: lines.map(({ name, quantity, unit }) => ({ name, quantity, unit })),
    client: combineClients(embedded?.result.client, other?.client),
  };
  return { result, lines: photoLines(lines, read?.layout ?? null), layout: read?.layout ?? null };
}

type TabKey = 'image' | 'voice';

const TABS = [
  { key: 'image' as const, label: IMAGE_MESSAGES.title },
  { key: 'voice' as const, label: VOICE_MESSAGES.title },
];

/**
 * The first photo of a session should not wait for the OCR engine (issue 30: 2.18 s first, 1.34 s warm): the
 * worker, its WebAssembly core and the French model are started ahead, as soon as a photo button is pointed at,
 * focused or pressed (decision 0019) — not merely because the panels are on screen: a user typing notes never pays
 * the engine's download (issue 14). Without Web Workers (tests) nothing is started.
 */
function warmUpImageAnalysis(): void {
  if (typeof Worker === 'undefined') return;
  void loadAnalyzer().catch(() => undefined);
  void import(/* webpackChunkName: "ocr" */ '../features/ocr/browser-ocr').then(
    (ocr) => ocr.warmUpOcr(),
    () => undefined,
  );
}

async function analyzeImage(image: Blob): Promise<ExtractionResult> {
  return (await loadAnalyzer()).analyzeImage(image, tasksStore.get());
}

async function analyzeText(text: string): Promise<ExtractionResult> {
  return (await loadAnalyzer()).analyzeText(text, tasksStore.get());
}

/**
 * Notes → proposed lines: the embedded analyser gives the lines and the words they came from; the configured
 * analyser (AI when available) may add or correct lines, never lose one the embedded analyser was sure of.
 */
async function proposeFromNotes(text: string): Promise<NotesProposal> {
  const [{ proposeLines }, { combineProposals, combineClients }] = await Promise.all([
    import(/* webpackChunkName: "analysis" */ '../features/analysis/embedded/extract-from-text'),
    import(/* webpackChunkName: "analysis" */ '../features/analysis/review'),
  ]);
  const catalogue = tasksStore.get();
  const embedded = proposeLines(text, catalogue);
  // The embedded lines stand on their own when the configured analyser fails.
  const other: ExtractionResult | null = await analyzeText(text).catch(() => null);
  const lines = combineProposals(embedded.lines, other === null || other === embedded.result ? null : other);
  const result: ExtractionResult = {
    projectTitle: embedded.result.projectTitle || other?.projectTitle || '',
    tasks: lines.map(({ name, quantity, unit }) => ({ name, quantity, unit })),
    client: combineClients(embedded.result.client, other?.client),
  };
  return { result, lines };
}

export type { RecognitionStart };

export default function RecognitionPanels({ start }: { start?: RecognitionStart }) {
  const [tab, setTab] = useState<TabKey>(start?.tab ?? 'image');
  const userId = useAuth().user?.id ?? null;
  return (
    <Card data-testid="recognition-panels">
      <Tabs items={TABS} value={tab} onChange={setTab} />
      {tab === 'image' ? (
        <ImagePanel
          analyzeImage={analyzeImage}
          proposeImage={proposeFromImage}
          warmUp={warmUpImageAnalysis}
          initialImage={start?.image}
          openCameraAtOnce={start?.openCamera}
        />
      ) : (
        <VoicePanel analyzeText={analyzeText} />
      )}
      <NotesPanel
        key={userId ?? 'signed-out'}
        draft={userId ? notesDraftStoreFor(userId) : null}
        propose={proposeFromNotes}
        initialText={start?.notes}
        autoFocus={start?.focusNotes}
        analyseAtOnce={start?.analyseNotes}
      />
    </Card>
  );
}
