import { IMAGE_MESSAGES } from '../messages';

/** getUserMedia failures (DOMException names) → the spec's camera messages (SPEC §8). */
export function cameraErrorMessage(error: unknown): string {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return IMAGE_MESSAGES.cameraDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return IMAGE_MESSAGES.cameraNotFound;
    case 'NotSupportedError':
    case 'CameraUnsupported':
      return IMAGE_MESSAGES.cameraUnsupported;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return IMAGE_MESSAGES.cameraInUse;
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return IMAGE_MESSAGES.cameraConstraints;
    default: {
      const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : 'inconnue';
      return IMAGE_MESSAGES.cameraOther(detail.replace(/\.$/, '') || name || 'inconnue');
    }
  }
}

/** Capture problems are thrown as this error; its message is already the French text. */
export class CaptureError extends Error {
  override name = 'CaptureError';
}

export type FacingMode = 'environment' | 'user';

/** Video constraints: the chosen camera, preferring a sharp frame for OCR. */
export function cameraConstraints(facingMode: FacingMode): MediaStreamConstraints {
  return {
    audio: false,
    video: { facingMode: { ideal: facingMode }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  };
}
