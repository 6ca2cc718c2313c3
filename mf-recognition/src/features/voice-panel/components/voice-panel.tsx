import type { ExtractionResult } from '@atelier/domain';
import { tasksStore, useStoredValue } from '@atelier/storage';
import { Banner, Button, TextArea } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { AnalysisFeedback, EmptyCatalogueWarning, Tips } from '../../../components/analysis-feedback';
import { useAnalysisRun } from '../../../hooks/use-analysis-run';
import { useSoundLevel } from '../hooks/use-sound-level';
import { useSpeechRecognition } from '../hooks/use-speech-recognition';
import { VOICE_MESSAGES } from '../messages';
import { joinText } from '../model/speech';

const Stage = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0;
`;

const Circle = styled.div<{ $active: boolean }>`
  width: 96px;
  height: 96px;
  border-radius: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 2.5rem;
  color: #fff;
  background: ${({ theme, $active }) => ($active ? theme.colors.danger : theme.colors.primary)};
  transition:
    transform 80ms linear,
    box-shadow 80ms linear;
`;

/** A drawn microphone: an emoji would depend on the phone's fonts (a blank box where it has none). */
function MicrophoneIcon() {
  return (
    <svg
      width="44"
      height="44"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      focusable="false"
    >
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8" />
    </svg>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: center;
`;

const Interim = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
  margin: 0.25rem 0 0;
`;

const Label = styled.label`
  display: block;
  font-weight: 600;
  margin: 1rem 0 0.25rem;
`;

export interface VoicePanelProps {
  analyzeText: (text: string) => Promise<ExtractionResult>;
}

export function VoicePanel({ analyzeText }: VoicePanelProps) {
  const catalogue = useStoredValue(tasksStore);
  const speech = useSpeechRecognition();
  const sound = useSoundLevel();
  const {
    run,
    start: startRun,
    reset,
  } = useAnalysisRun({
    source: 'voice',
    noResultMessage: VOICE_MESSAGES.noResult,
    unexpectedMessage: VOICE_MESSAGES.unexpected,
  });
  const [lastText, setLastText] = useState<string | null>(null);

  const startListening = async () => {
    reset();
    speech.clearError();
    sound.setMuted(speech.muted);
    try {
      await sound.start();
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (
        name === 'NotAllowedError' ||
        name === 'NotFoundError' ||
        name === 'SecurityError' ||
        name === 'NotReadableError'
      ) {
        speech.setError(VOICE_MESSAGES.microphoneUnavailable);
        return;
      }
      // No level animation (e.g. no Web Audio); dictation itself may still work.
    }
    if (!speech.start()) sound.stop();
  };

  const stopListening = () => {
    speech.stop();
    sound.stop();
  };

  const toggleMute = () => {
    sound.setMuted(!speech.muted);
    speech.setMuted(!speech.muted);
  };

  const analyse = useCallback(
    (text: string) => {
      if (!text.trim()) {
        speech.setError(VOICE_MESSAGES.blank);
        return;
      }
      speech.clearError();
      setLastText(text);
      void startRun(() => analyzeText(text));
    },
    [analyzeText, speech, startRun],
  );

  // Listening ended with nothing heard (SPEC §5).
  const wasListening = useRef(false);
  useEffect(() => {
    if (wasListening.current && !speech.listening && !speech.transcript.trim() && !speech.error)
      speech.setError(VOICE_MESSAGES.blank);
    wasListening.current = speech.listening;
  }, [speech]);

  const fullText = joinText(speech.transcript, speech.listening ? speech.interim : '');
  const analysing = run.status === 'analysing';
  const scale = 1 + sound.level * 0.6;

  const feedback = speech.error ? (
    <AnalysisFeedback
      run={{ status: 'error', message: speech.error }}
      onRetry={speech.supported ? () => void startListening() : undefined}
      onClose={speech.clearError}
    />
  ) : (
    <AnalysisFeedback run={run} onRetry={lastText ? () => analyse(lastText) : undefined} onClose={reset} />
  );

  if (!speech.supported) {
    return (
      <section aria-label={VOICE_MESSAGES.title}>
        <Banner tone="warning">{VOICE_MESSAGES.unsupported}</Banner>
        {catalogue.length === 0 && <EmptyCatalogueWarning />}
        <Label htmlFor="voice-typed-notes">{VOICE_MESSAGES.typedLabel}</Label>
        <TextArea
          id="voice-typed-notes"
          rows={6}
          value={speech.transcript}
          placeholder={VOICE_MESSAGES.typedPlaceholder}
          onChange={(e) => speech.setTranscript(e.target.value)}
        />
        <Row style={{ justifyContent: 'flex-start', marginTop: '0.5rem' }}>
          <Button onClick={() => analyse(speech.transcript)} disabled={analysing}>
            {VOICE_MESSAGES.analyse}
          </Button>
          {speech.transcript && (
            <Button $variant="secondary" onClick={() => speech.setTranscript('')} disabled={analysing}>
              {VOICE_MESSAGES.clear}
            </Button>
          )}
        </Row>
        {feedback}
        <Tips tips={VOICE_MESSAGES.tips} />
      </section>
    );
  }

  return (
    <section aria-label={VOICE_MESSAGES.title}>
      <p>{VOICE_MESSAGES.intro}</p>
      {catalogue.length === 0 && <EmptyCatalogueWarning />}
      <Stage>
        <Circle
          $active={speech.listening}
          data-testid="microphone-level"
          data-level={sound.level.toFixed(2)}
          style={{
            transform: `scale(${scale.toFixed(3)})`,
            boxShadow: speech.listening ? `0 0 0 ${Math.round(sound.level * 24)}px rgba(197, 48, 48, 0.25)` : 'none',
          }}
          aria-hidden="true"
        >
          <MicrophoneIcon />
        </Circle>
        <p role="status" style={{ margin: 0 }}>
          {speech.muted
            ? VOICE_MESSAGES.statusMuted
            : speech.listening
              ? VOICE_MESSAGES.statusListening
              : VOICE_MESSAGES.statusReady}
        </p>
        <Row>
          {speech.listening ? (
            <Button $variant="danger" onClick={stopListening}>
              {VOICE_MESSAGES.stopListening}
            </Button>
          ) : (
            <Button onClick={() => void startListening()} disabled={analysing}>
              {VOICE_MESSAGES.startListening}
            </Button>
          )}
          <Button $variant="secondary" onClick={toggleMute} aria-pressed={speech.muted}>
            {speech.muted ? VOICE_MESSAGES.unmute : VOICE_MESSAGES.mute}
          </Button>
        </Row>
      </Stage>

      {(fullText || speech.listening) && (
        <div>
          <Label htmlFor="voice-transcript">{VOICE_MESSAGES.transcriptLabel}</Label>
          <TextArea
            id="voice-transcript"
            rows={5}
            value={speech.transcript}
            readOnly={speech.listening}
            onChange={(e) => speech.setTranscript(e.target.value)}
          />
          {speech.listening && speech.interim && <Interim>{speech.interim}</Interim>}
          <Row style={{ justifyContent: 'flex-start', marginTop: '0.5rem' }}>
            {!speech.listening && speech.transcript.trim() && (
              <Button onClick={() => analyse(speech.transcript)} disabled={analysing}>
                {VOICE_MESSAGES.analyse}
              </Button>
            )}
            <Button
              $variant="secondary"
              onClick={() => speech.setTranscript('')}
              disabled={analysing || speech.listening}
            >
              {VOICE_MESSAGES.clear}
            </Button>
          </Row>
        </div>
      )}
      {feedback}
      <Tips tips={VOICE_MESSAGES.tips} />
    </section>
  );
}
