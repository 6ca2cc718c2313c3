// The recognition section of / (photo, dictation, notes box). mf-recognition is not part of the first load
// (issue 14: cold JS on /): this placeholder draws the same layout with the same words from the shell's own
// chunk, and the remote is loaded when the user uses it (pointer moved over it, focus, a tab, a button, typing in
// the notes box). What was done here is handed over (`start`): the typed notes and their focus, the chosen tab, the
// chosen file, « Prendre une photo » / « Analyser les notes » pressed. A remote that cannot load shows the
// usual « momentanément indisponible » fallback with « Réessayer ».
import { useAuth } from '@atelier/platform';
import { tasksStore, useStoredValue } from '@atelier/storage';
import { Banner, Button, Card, Tabs, TextArea } from '@atelier/ui';
import {
  ActionRow as Row,
  MutedText as Muted,
  RECOGNITION_FRAME_MESSAGES as M,
  Tips,
  hasKeptNotes,
  type RecognitionStart,
} from '@atelier/ui/src/recognition-frame';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';

import { RemoteView } from '../../federation/remote-view';
import { REMOTE_MODULES, type RemoteModule } from '../../federation/remotes';

type PanelsProps = { start?: RecognitionStart };

/** Longest the panels wait for a pressed pointer's release before replacing the placeholder. */
const PRESS_WAIT_MAX_MS = 1_000;

const recognition = REMOTE_MODULES.recognition as unknown as RemoteModule<PanelsProps>;

let loaded: ComponentType<PanelsProps> | null = null;
let loading: Promise<ComponentType<PanelsProps>> | null = null;

function loadPanels(): Promise<ComponentType<PanelsProps>> {
  loading ??= recognition.load().then((m) => (loaded = m.default));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Tests: forget a loaded or failed remote. */
export function resetRecognitionSlotForTests(): void {
  loaded = null;
  loading = null;
}

const TABS = [
  { key: 'image' as const, label: M.imageTitle },
  { key: 'voice' as const, label: M.voiceTitle },
];

export function RecognitionSlotContent() {
  const [Panels, setPanels] = useState<ComponentType<PanelsProps> | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const [start, setStart] = useState<RecognitionStart>({});
  const catalogue = useStoredValue(tasksStore);
  const notesBox = useRef<HTMLTextAreaElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  /** Keyboard users keep their place: the text of the placeholder's button or tab that had the focus. */
  const focusedControl = useRef<string | null>(null);
  const notesFocused = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  useLayoutEffect(() => {
    const label = focusedControl.current;
    if (!Panels || !label || !frame.current) return;
    focusedControl.current = null;
    const same = [...frame.current.querySelectorAll<HTMLElement>('button, [role="tab"]')].find(
      (element) => element.textContent?.trim() === label,
    );
    same?.focus();
  }, [Panels]);

  /** A pointer pressed on the placeholder: the panels wait for its release (see `load`). */
  const pressed = useRef(false);
  const swapWhenReleased = useRef<(() => void) | null>(null);
  /** Runs the swap held back by a press, if any (once). */
  const swapHeldBack = () => {
    const swap = swapWhenReleased.current;
    swapWhenReleased.current = null;
    swap?.();
  };
  useEffect(() => {
    const release = () => {
      if (!pressed.current) return;
      pressed.current = false;
      // The click that follows this release reaches the placeholder's button first (its press is handed over).
      setTimeout(swapHeldBack, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, []);

  /** The load was asked for by this placeholder (its outcome swaps the panels in once). */
  const asked = useRef(false);
  const load = () => {
    if (Panels || failed || asked.current) return;
    asked.current = true;
    loadPanels().then(
      (component) => {
        if (!alive.current) return;
        const swap = () => {
          if (!alive.current) return;
          const active = document.activeElement;
          notesFocused.current = active !== null && active === notesBox.current;
          if (active && !notesFocused.current && frame.current?.contains(active)) {
            focusedControl.current = active.textContent?.trim() || null;
          }
          setPanels(() => component);
        };
        // Never between a press and its release: the button pressed would be gone before the click, and the click
        // lost (the panels arriving while « Analyser les notes » is being pressed).
        if (!pressed.current) return swap();
        swapWhenReleased.current = swap;
        // A release the page never sees (pointer let go outside the window) holds the panels back one second at most.
        setTimeout(() => {
          if (swapWhenReleased.current !== swap) return;
          pressed.current = false;
          swapHeldBack();
        }, PRESS_WAIT_MAX_MS);
      },
      () => alive.current && setFailed(true),
    );
  };
  // Notes kept from an earlier visit are shown again at once (issue 29.7), not behind an empty placeholder.
  const userId = useAuth().user?.id ?? null;
  useEffect(() => {
    if (userId && hasKeptNotes(userId)) load();
    // Once per signed-in user: `load` is the current render's, and does nothing once loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const want = (change: RecognitionStart) => {
    setStart((current) => ({ ...current, ...change }));
    load();
  };

  if (Panels || failed) {
    const handedOver: RecognitionStart = { ...start, focusNotes: notesFocused.current };
    return (
      <div ref={frame}>
        {Panels ? <Panels start={handedOver} /> : <RemoteView module={recognition} props={{ start: handedOver }} />}
      </div>
    );
  }

  const tab = start.tab ?? 'image';
  return (
    <div ref={frame}>
      <Card
        data-testid="recognition-placeholder"
        // A pointer moved over the section, not one it appeared under: when the page changes under a resting mouse
        // (the sign-in button replaced by / after « Se connecter »), Chromium sends pointerover/enter to what is now
        // under it, but no pointermove. That is not a use, and it loaded the remote (decision 0240).
        onPointerMove={load}
        onFocusCapture={load}
        onPointerDownCapture={() => {
          pressed.current = true;
        }}
      >
        <Tabs items={TABS} value={tab} onChange={(key) => want({ tab: key })} />
        {tab === 'image' ? (
          <section aria-label={M.imageTitle}>
            <Muted>{M.imageIntro}</Muted>
            {catalogue.length === 0 && (
              <Banner tone="warning">
                <strong>{M.emptyCatalogueTitle}</strong>
                <p style={{ margin: '0.25rem 0' }}>{M.emptyCatalogue}</p>
                <Link to="/tasks">{M.goToTasks}</Link>
              </Banner>
            )}
            <Row>
              <Button onClick={() => want({ openCamera: true })}>{M.takePhoto}</Button>
              <Button $variant="secondary" onClick={() => fileInput.current?.click()}>
                {M.chooseImage}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                hidden
                data-testid="image-file-input"
                aria-label={M.chooseImage}
                onChange={(event) => {
                  const image = event.target.files?.[0];
                  if (image) want({ image });
                }}
              />
            </Row>
            <Tips tips={M.imageTips} />
          </section>
        ) : (
          <section aria-label={M.voiceTitle} aria-busy="true">
            <Muted>{M.voiceIntro}</Muted>
            <Muted>{M.loading}</Muted>
          </section>
        )}
        <section data-testid="notes-panel" aria-labelledby="notes-panel-title">
          <h3 id="notes-panel-title">{M.notesTitle}</h3>
          <p>{M.notesIntro}</p>
          <label htmlFor="notes-panel-text">{M.notesLabel}</label>
          <TextArea
            ref={notesBox}
            id="notes-panel-text"
            rows={5}
            value={start.notes ?? ''}
            placeholder={M.notesPlaceholder}
            onChange={(event) => want({ notes: event.target.value })}
          />
          <Button onClick={() => want({ analyseNotes: true })} disabled={start.analyseNotes}>
            {start.analyseNotes ? M.analysing : M.analyseNotes}
          </Button>
        </section>
      </Card>
    </div>
  );
}
