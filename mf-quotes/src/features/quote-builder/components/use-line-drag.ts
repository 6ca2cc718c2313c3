// Reordering the devis lines by pointer (mouse, touch, pen) from a line's handle: the pointer is captured by the
// handle, the line under it is found with elementFromPoint (each line's <tbody> carries data-line-index), the
// target is marked by a class set on the DOM (no re-render of 200 rows while dragging), and on release the line
// moves there. Keyboard: Alt+↑ / Alt+↓ anywhere in a line (moveByKey), and the « Monter » / « Descendre » buttons.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

const TARGET_CLASS = 'drop-target';

function lineIndexAt(x: number, y: number): number | null {
  const element = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  const line = element?.closest<HTMLElement>('[data-line-index]');
  if (!line) return null;
  const index = Number(line.dataset.lineIndex);
  return Number.isInteger(index) ? index : null;
}

function markTarget(index: number | null): void {
  document.querySelectorAll(`.${TARGET_CLASS}`).forEach((el) => el.classList.remove(TARGET_CLASS));
  if (index === null) return;
  document.querySelector(`[data-line-index="${index}"]`)?.classList.add(TARGET_CLASS);
}

export interface LineDragHandlers {
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerMove(event: PointerEvent<HTMLElement>): void;
  onPointerUp(event: PointerEvent<HTMLElement>): void;
  onPointerCancel(): void;
}

/** The drag handle's pointer handlers: `move(toIndex)` is called once, on release over another line. */
export function useLineDrag(index: number, move: (toIndex: number) => void): LineDragHandlers {
  const dragging = useRef<{ target: number | null } | null>(null);
  const stop = () => {
    dragging.current = null;
    markTarget(null);
  };
  return {
    onPointerDown(event) {
      // Main button only (a right click opens the menu); synthetic events may carry none.
      if (event.button > 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      dragging.current = { target: null };
    },
    onPointerMove(event) {
      if (!dragging.current) return;
      const target = lineIndexAt(event.clientX, event.clientY);
      if (target === dragging.current.target) return;
      dragging.current.target = target;
      markTarget(target !== null && target !== index ? target : null);
    },
    onPointerUp(event) {
      if (!dragging.current) return;
      const target = lineIndexAt(event.clientX, event.clientY) ?? dragging.current.target;
      stop();
      if (target !== null && target !== index) move(target);
    },
    onPointerCancel: stop,
  };
}

/** Alt+↑ / Alt+↓ in a line: the move's direction, or 0 for any other key. */
export function moveByKey(event: KeyboardEvent<HTMLElement>): number {
  if (!event.altKey || event.ctrlKey || event.metaKey) return 0;
  if (event.key === 'ArrowUp') return -1;
  if (event.key === 'ArrowDown') return 1;
  return 0;
}

/** After a move, focus goes back to the control that moved the line (React moving the node may drop it). */
export function refocus(id: string): void {
  const run = () => document.getElementById(id)?.focus();
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 0);
}
