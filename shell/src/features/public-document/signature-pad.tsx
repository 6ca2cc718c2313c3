// A canvas to sign with a finger, a pen or the mouse (pointer events); reports the drawing as a PNG data URL.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Canvas = styled.canvas`
  display: block;
  width: 100%;
  max-width: 480px;
  height: 180px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 6px;
  background: #fff;
  touch-action: none;
  cursor: crosshair;
`;

export function SignaturePad({ onChange, label }: { onChange(png: string | null): void; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const ratio = Math.max(1, Math.min(2, window.devicePixelRatio || 1));
    canvas.width = (canvas.clientWidth || 480) * ratio;
    canvas.height = (canvas.clientHeight || 180) * ratio;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a202c';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  return (
    <Canvas
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="signature-pad"
      onPointerDown={(event) => {
        const ctx = event.currentTarget.getContext('2d');
        if (!ctx) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        drawing.current = true;
        const { x, y } = point(event);
        ctx.beginPath();
        ctx.moveTo(x, y);
      }}
      onPointerMove={(event) => {
        if (!drawing.current) return;
        const ctx = event.currentTarget.getContext('2d');
        const { x, y } = point(event);
        ctx?.lineTo(x, y);
        ctx?.stroke();
      }}
      onPointerUp={(event) => {
        if (!drawing.current) return;
        drawing.current = false;
        onChange(event.currentTarget.toDataURL('image/png'));
      }}
    />
  );
}
