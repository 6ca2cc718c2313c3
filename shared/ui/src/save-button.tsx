import { useEffect, useRef, useState, type ReactNode } from 'react';

import { Button } from './button';
import { UI_MESSAGES } from './messages';

export type SaveStatus = 'idle' | 'saving' | 'saved';

/** How long « Sauvegardé ! » stays before going back to idle (SPEC §9). */
export const SAVED_FEEDBACK_MS = 2_000;

/**
 * idle → saving → saved (2 s) → idle (SPEC §4 "Saving"). `onSave` resolves when the data is stored;
 * if it throws, the button returns to idle and the caller shows its error.
 */
export function SaveButton({
  onSave,
  children,
  disabled,
}: {
  onSave: () => Promise<void> | void;
  children: ReactNode;
  disabled?: boolean;
}) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const handleClick = async () => {
    if (status === 'saving') return;
    setStatus('saving');
    try {
      await onSave();
      setStatus('saved');
      timer.current = setTimeout(() => setStatus('idle'), SAVED_FEEDBACK_MS);
    } catch {
      setStatus('idle');
    }
  };

  return (
    <Button onClick={handleClick} disabled={disabled || status === 'saving'} aria-live="polite">
      {status === 'saving' ? UI_MESSAGES.saving : status === 'saved' ? UI_MESSAGES.saved : children}
    </Button>
  );
}
