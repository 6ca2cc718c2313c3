// The camera view's life: opening → ready (capture allowed ~1 s later) → capture stops it.
import { useCallback, useEffect, useRef, useState } from 'react';

import { CAMERA_READY_DELAY_MS, CAPTURE_JPEG_QUALITY, IMAGE_MESSAGES } from '../messages';
import { CaptureError, type FacingMode, cameraConstraints, cameraErrorMessage } from '../model/camera-errors';

export type CameraStatus = 'closed' | 'opening' | 'ready' | 'error';

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const readyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const attempt = useRef(0);
  const [status, setStatus] = useState<CameraStatus>('closed');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [facingMode, setFacingMode] = useState<FacingMode>('environment');
  const [canCapture, setCanCapture] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const releaseStream = useCallback(() => {
    if (readyTimer.current) clearTimeout(readyTimer.current);
    readyTimer.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStream(null);
    setCanCapture(false);
  }, []);

  const close = useCallback(() => {
    attempt.current++;
    releaseStream();
    setStatus('closed');
    setError(null);
  }, [releaseStream]);

  const open = useCallback(
    async (facing: FacingMode = facingMode) => {
      const id = ++attempt.current;
      releaseStream();
      setError(null);
      setFacingMode(facing);
      if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
        setStatus('error');
        setError(IMAGE_MESSAGES.cameraUnsupported);
        return false;
      }
      setStatus('opening');
      try {
        const media = await navigator.mediaDevices.getUserMedia(cameraConstraints(facing));
        if (id !== attempt.current) {
          media.getTracks().forEach((track) => track.stop());
          return false;
        }
        streamRef.current = media;
        setStream(media);
        return true;
      } catch (err) {
        if (id !== attempt.current) return false;
        setStatus('error');
        setError(cameraErrorMessage(err));
        return false;
      }
    },
    [facingMode, releaseStream],
  );

  // Attach the stream once the <video> is rendered; allow capture ~1 s after the first frames play.
  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !video) return;
    video.srcObject = stream;
    let cancelled = false;
    const onPlaying = () => {
      if (cancelled) return;
      setStatus('ready');
      readyTimer.current = setTimeout(() => !cancelled && setCanCapture(true), CAMERA_READY_DELAY_MS);
    };
    video.addEventListener('playing', onPlaying, { once: true });
    video.play().catch(() => undefined); // autoplay + muted normally succeed; 'playing' drives the rest
    return () => {
      cancelled = true;
      video.removeEventListener('playing', onPlaying);
    };
  }, [stream]);

  useEffect(() => () => releaseStream(), [releaseStream]);

  const switchCamera = useCallback(async () => {
    try {
      await open(facingMode === 'environment' ? 'user' : 'environment');
    } catch {
      setStatus('error');
      setError(IMAGE_MESSAGES.switchFailed);
    }
  }, [facingMode, open]);

  /** A JPEG (quality 0.95) of the current frame; stops the camera. Throws CaptureError with the spec's text. */
  const capture = useCallback(async (): Promise<Blob> => {
    const video = videoRef.current;
    if (!video || !streamRef.current) throw new CaptureError(IMAGE_MESSAGES.captureElementsMissing);
    if (!canCapture) throw new CaptureError(IMAGE_MESSAGES.captureNotReady);
    if (!video.videoWidth || !video.videoHeight) throw new CaptureError(IMAGE_MESSAGES.captureVideoNotReady);
    let blob: Blob | null;
    try {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new CaptureError(IMAGE_MESSAGES.captureNoImage);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', CAPTURE_JPEG_QUALITY));
    } catch (err) {
      if (err instanceof CaptureError) throw err;
      throw new CaptureError(IMAGE_MESSAGES.captureFailed);
    }
    if (!blob) throw new CaptureError(IMAGE_MESSAGES.captureNoImage);
    close();
    return blob;
  }, [canCapture, close]);

  return { videoRef, status, facingMode, canCapture, error, open, close, switchCamera, capture };
}
