import type { ExtractionResult } from '@atelier/domain';
import { tasksStore, useStoredValue } from '@atelier/storage';
import { Button } from '@atelier/ui';
import { ActionRow as Row, MutedText as Muted } from '@atelier/ui/src/recognition-frame';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { AnalysisFeedback, EmptyCatalogueWarning, Tips } from '../../../components/analysis-feedback';
import { FEEDBACK_MESSAGES } from '../../../components/messages';
import { type AnalysisRun, useAnalysisRun, userFacingMessage } from '../../../hooks/use-analysis-run';
import { useCamera } from '../hooks/use-camera';
import { IMAGE_MESSAGES } from '../messages';
import { CaptureError } from '../model/camera-errors';
import { validateImageFile } from '../model/image-file';
import { type PhotoProposal, PhotoReview } from './photo-review';

const CameraBox = styled.div`
  position: relative;
  background: #000;
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  margin-bottom: 1rem;
  video {
    display: block;
    width: 100%;
    max-height: 70vh;
    object-fit: contain;
  }
`;

const Guide = styled.div`
  position: absolute;
  inset: 8% 10%;
  border: 3px dashed rgba(255, 255, 255, 0.85);
  border-radius: 8px;
  pointer-events: none;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  span {
    margin-top: 0.5rem;
    padding: 0.15rem 0.5rem;
    background: rgba(0, 0, 0, 0.55);
    color: #fff;
    border-radius: 4px;
    font-size: 0.875rem;
  }
`;

const CameraControls = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: flex;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.75rem;
  background: linear-gradient(transparent, rgba(0, 0, 0, 0.6));
`;

const Preview = styled.figure`
  margin: 0 0 1rem;
  img {
    max-width: 100%;
    max-height: 320px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  figcaption {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export interface ImagePanelProps {
  analyzeImage: (image: Blob) => Promise<ExtractionResult>;
  /**
   * The photo read into lines to check (each with its region of the photo and its « À vérifier » mark) before they
   * join the devis. Without it the result of `analyzeImage` is added at once.
   */
  proposeImage?: (image: Blob) => Promise<PhotoProposal>;
  /** Handed over from the shell's placeholder: a file already chosen, « Prendre une photo » already pressed. */
  initialImage?: File;
  openCameraAtOnce?: boolean;
  /** Starts the OCR engine ahead of the first image (idempotent): on a photo button's intent (pointer over, focus, press). */
  warmUp?: () => void;
}

/** Images up to this size are previewed while they are analysed; larger ones once read. */
const PREVIEW_AT_ONCE_BYTES = 1024 * 1024;

export function ImagePanel({ analyzeImage, proposeImage, initialImage, openCameraAtOnce, warmUp }: ImagePanelProps) {
  const catalogue = useStoredValue(tasksStore);
  const intent = warmUp ? { onPointerDown: warmUp, onPointerEnter: warmUp, onFocus: warmUp } : {};
  const { run, start, reset } = useAnalysisRun({
    source: 'image',
    noResultMessage: IMAGE_MESSAGES.noResult,
    unexpectedMessage: IMAGE_MESSAGES.unexpected,
  });
  const camera = useCamera();
  const fileInput = useRef<HTMLInputElement>(null);
  const lastImage = useRef<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<{ message: string; retry?: () => void } | null>(null);
  const [review, setReview] = useState<PhotoProposal | null>(null);
  const [reading, setReading] = useState<AnalysisRun | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const analyse = useCallback(
    (image: Blob) => {
      lastImage.current = image;
      setLocalError(null);
      // A phone photo (several MB, 12 MP) is shown once read: decoding it for display at the same time as the OCR
      // decodes it costs ~0.5 s on two cores. A small image is shown at once.
      const deferPreview = image.size > PREVIEW_AT_ONCE_BYTES;
      setPreview(deferPreview ? null : URL.createObjectURL(image));
      const chosen = performance.now();
      setReview(null);
      if (proposeImage) {
        reset();
        setReading({ status: 'analysing' });
        void (async () => {
          try {
            const found = await proposeImage(image).finally(() => {
              if (deferPreview && lastImage.current === image) setPreview(URL.createObjectURL(image));
            });
            if (lastImage.current !== image) return;
            try {
              performance.measure('atelier:image:analyse', { start: chosen, end: performance.now() });
            } catch {
              /* very old browsers */
            }
            const hasClient = Object.values(found.result.client ?? {}).some(Boolean);
            if (found.lines.length === 0 && !hasClient) {
              setReading({ status: 'error', message: IMAGE_MESSAGES.noResult });
              return;
            }
            setReading(null);
            setReview(found);
          } catch (error) {
            if (lastImage.current !== image) return;
            console.error('[mf-recognition] photo analysis failed', error);
            setReading({ status: 'error', message: userFacingMessage(error) ?? IMAGE_MESSAGES.unexpected });
          }
        })();
        return;
      }
      void start(async () => {
        const result = await analyzeImage(image).finally(() => {
          if (deferPreview && lastImage.current === image) setPreview(URL.createObjectURL(image));
        });
        // Image chosen → lines extracted (decode, prepare, OCR, analysis), read by scripts/bench/ocr.ts.
        try {
          performance.measure('atelier:image:analyse', { start: chosen, end: performance.now() });
        } catch {
          /* very old browsers */
        }
        return result;
      });
    },
    [analyzeImage, proposeImage, reset, start],
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still triggers a change
    if (file) takeFile(file);
  };

  const takeFile = (file: File) => {
    const invalid = validateImageFile(file);
    if (invalid) {
      reset();
      setReview(null);
      setReading(null);
      setLocalError({ message: invalid, retry: () => fileInput.current?.click() });
      return;
    }
    camera.close();
    analyse(file);
  };

  const openCamera = () => {
    reset();
    setReview(null);
    setReading(null);
    setLocalError(null);
    void camera.open('environment');
  };

  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    if (initialImage) takeFile(initialImage);
    else if (openCameraAtOnce) {
      // « Prendre une photo » pressed on the placeholder: an intent, as on this panel's own button (decision 0019),
      // and the shot is seconds away — the engine starts now instead of with the first capture (decision 0205).
      warmUp?.();
      openCamera();
    }
    // Once, on mount: what the placeholder handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const capture = async () => {
    try {
      analyse(await camera.capture());
    } catch (error) {
      setLocalError({ message: error instanceof CaptureError ? error.message : IMAGE_MESSAGES.captureFailed });
    }
  };

  const cameraOpen = camera.status === 'opening' || camera.status === 'ready';
  const analysing = run.status === 'analysing' || reading?.status === 'analysing';
  const shownError =
    localError ??
    (camera.status === 'error' && camera.error ? { message: camera.error, retry: () => void camera.open() } : null);

  return (
    <section aria-label={IMAGE_MESSAGES.title}>
      <Muted>{IMAGE_MESSAGES.intro}</Muted>
      {catalogue.length === 0 && <EmptyCatalogueWarning />}
      <Row>
        <Button onClick={openCamera} disabled={analysing || cameraOpen} {...intent}>
          {IMAGE_MESSAGES.takePhoto}
        </Button>
        <Button $variant="secondary" onClick={() => fileInput.current?.click()} disabled={analysing} {...intent}>
          {IMAGE_MESSAGES.chooseImage}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={onFile}
          data-testid="image-file-input"
          aria-label={IMAGE_MESSAGES.chooseImage}
        />
      </Row>

      {cameraOpen && (
        <CameraBox data-testid="camera-view">
          <video ref={camera.videoRef} autoPlay muted playsInline aria-label={IMAGE_MESSAGES.takePhoto} />
          <Guide aria-hidden="true">
            <span>{IMAGE_MESSAGES.framingGuide}</span>
          </Guide>
          {camera.status === 'opening' && (
            <Guide as="p" style={{ alignItems: 'center', border: 'none' }}>
              <span>{IMAGE_MESSAGES.cameraStarting}</span>
            </Guide>
          )}
          <CameraControls>
            <Button $variant="secondary" onClick={() => void camera.switchCamera()}>
              {IMAGE_MESSAGES.switchCamera} (
              {camera.facingMode === 'environment' ? IMAGE_MESSAGES.rearCamera : IMAGE_MESSAGES.frontCamera})
            </Button>
            <Button onClick={() => void capture()} disabled={!camera.canCapture}>
              {IMAGE_MESSAGES.capture}
            </Button>
            <Button $variant="secondary" onClick={camera.close}>
              {IMAGE_MESSAGES.closeCamera}
            </Button>
          </CameraControls>
        </CameraBox>
      )}

      {shownError ? (
        <AnalysisFeedback
          run={{ status: 'error', message: shownError.message }}
          onRetry={shownError.retry}
          onClose={() => {
            setLocalError(null);
            camera.close();
          }}
        />
      ) : (
        <AnalysisFeedback
          run={reading ?? run}
          onRetry={lastImage.current ? () => lastImage.current && analyse(lastImage.current) : undefined}
          onClose={() => {
            setReading(null);
            reset();
          }}
        />
      )}

      {review && preview && !cameraOpen ? (
        <PhotoReview
          key={preview}
          proposal={review}
          imageUrl={preview}
          onAccept={(result) => {
            setReview(null);
            void start(async () => result);
          }}
          onCancel={() => setReview(null)}
        />
      ) : null}

      {preview && !cameraOpen && !review && (
        <Preview>
          <img src={preview} alt={IMAGE_MESSAGES.analysedImage} />
          <figcaption>{analysing ? FEEDBACK_MESSAGES.analysing : IMAGE_MESSAGES.analysedImage}</figcaption>
        </Preview>
      )}

      <Tips tips={IMAGE_MESSAGES.tips} />
    </section>
  );
}
