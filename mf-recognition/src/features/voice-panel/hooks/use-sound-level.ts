// The microphone circle follows the real input level: getUserMedia + Web Audio AnalyserNode, sampled on
// every animation frame.
import { useCallback, useEffect, useRef, useState } from 'react';

import { soundLevel } from '../model/speech';

type AudioContextCtor = typeof AudioContext;

export function useSoundLevel() {
  const [level, setLevel] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const context = useRef<AudioContext | null>(null);
  const frame = useRef<number | null>(null);
  const muted = useRef(false);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    void context.current?.close().catch(() => undefined);
    context.current = null;
    setLevel(0);
  }, []);

  /** Rejects with the getUserMedia error (e.g. NotAllowedError) so the caller can tell the user. */
  const start = useCallback(async () => {
    stop();
    const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    stream.current = media;
    media.getAudioTracks().forEach((t) => (t.enabled = !muted.current));
    const Ctor: AudioContextCtor | undefined =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
    if (!Ctor) return; // no animation, recognition still works
    const ctx = new Ctor();
    context.current = ctx;
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    ctx.createMediaStreamSource(media).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let shown = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      const next = muted.current ? 0 : soundLevel(samples);
      if (Math.abs(next - shown) > 0.02) {
        shown = next;
        setLevel(next);
      }
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
  }, [stop]);

  const setMuted = useCallback((value: boolean) => {
    muted.current = value;
    stream.current?.getAudioTracks().forEach((t) => (t.enabled = !value));
    if (value) setLevel(0);
  }, []);

  useEffect(() => stop, [stop]);

  return { level, start, stop, setMuted };
}
