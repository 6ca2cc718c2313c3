// Continuous French dictation: restarts after the silences that end a recognition session, keeps the text
// of earlier sessions, persists the transcript and the mute flag under `voiceRecognitionState`.
import { voiceStateStore, useStoredValue } from '@atelier/storage';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { SPEECH_LANG, VOICE_MESSAGES } from '../messages';
import {
  type SpeechRecognitionLike,
  getSpeechRecognition,
  isRecoverableSpeechError,
  joinText,
  readResults,
  speechErrorMessage,
} from '../model/speech';

export function useSpeechRecognition() {
  const Recognition = useMemo(() => getSpeechRecognition(), []);
  const stored = useStoredValue(voiceStateStore);
  const [listening, setListening] = useState(false);
  const [session, setSession] = useState({ final: '', interim: '' });
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const wantListening = useRef(false);
  const base = useRef(stored.transcript);
  const mutedRef = useRef(stored.isMuted);
  mutedRef.current = stored.isMuted;

  const persist = useCallback((transcript: string) => {
    voiceStateStore.set((prev) => ({ ...prev, transcript, lastUpdated: new Date().toISOString() }));
  }, []);

  const setTranscript = useCallback(
    (text: string) => {
      base.current = text;
      setSession({ final: '', interim: '' });
      persist(text);
    },
    [persist],
  );

  /** Folds the current session's text into the saved transcript (session end or stop). */
  const commitSession = useCallback(
    (s: { final: string; interim: string }) => {
      const text = joinText(base.current, s.final, s.interim);
      base.current = text;
      setSession({ final: '', interim: '' });
      persist(text);
    },
    [persist],
  );

  const sessionRef = useRef(session);
  sessionRef.current = session;

  const start = useCallback(() => {
    setError(null);
    if (!Recognition) return false;
    const rec = new Recognition();
    rec.lang = SPEECH_LANG;
    rec.continuous = true;
    rec.interimResults = true;
    rec.maxAlternatives = 1;
    rec.onresult = (event) => {
      if (mutedRef.current) return;
      const next = readResults(event.results);
      sessionRef.current = next;
      setSession(next);
      if (next.final) persist(joinText(base.current, next.final));
    };
    rec.onerror = (event) => {
      if (isRecoverableSpeechError(event.error)) return;
      wantListening.current = false;
      setError(speechErrorMessage(event.error));
    };
    rec.onend = () => {
      commitSession(sessionRef.current);
      if (wantListening.current && recognition.current === rec) {
        try {
          rec.start(); // a silence ended the session: keep listening
          return;
        } catch {
          wantListening.current = false;
        }
      }
      if (recognition.current === rec) recognition.current = null;
      setListening(false);
    };
    try {
      recognition.current = rec;
      wantListening.current = true;
      rec.start();
      setListening(true);
      return true;
    } catch {
      recognition.current = null;
      wantListening.current = false;
      setError(VOICE_MESSAGES.cannotStart);
      return false;
    }
  }, [Recognition, commitSession, persist]);

  const stop = useCallback(() => {
    wantListening.current = false;
    const rec = recognition.current;
    if (!rec) {
      setListening(false);
      return;
    }
    try {
      rec.stop(); // final results and `end` follow
    } catch {
      recognition.current = null;
      commitSession(sessionRef.current);
      setListening(false);
    }
  }, [commitSession]);

  const setMuted = useCallback((isMuted: boolean) => {
    voiceStateStore.set((prev) => ({ ...prev, isMuted, lastUpdated: new Date().toISOString() }));
  }, []);

  useEffect(
    () => () => {
      wantListening.current = false;
      recognition.current?.abort();
      recognition.current = null;
    },
    [],
  );

  // Another tab (or a checkpoint restore) changed the stored transcript while we are idle.
  useEffect(() => {
    if (!listening && stored.transcript !== base.current) {
      base.current = stored.transcript;
      setSession({ final: '', interim: '' });
    }
  }, [listening, stored.transcript]);

  return {
    supported: Recognition !== null,
    listening,
    muted: stored.isMuted,
    transcript: joinText(base.current, session.final),
    interim: session.interim,
    error,
    clearError: () => setError(null),
    setError,
    start,
    stop,
    setMuted,
    setTranscript,
  };
}
