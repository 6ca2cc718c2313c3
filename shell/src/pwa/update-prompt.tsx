import { useEffect, useState } from 'react';
import styled from 'styled-components';

import { SHELL_MESSAGES } from '../messages';
import { applyUpdate, waitingWorker$ } from './service-worker';

const Bar = styled.div`
  position: fixed;
  left: 50%;
  bottom: 1rem;
  transform: translateX(-50%);
  z-index: 1000;
  display: flex;
  gap: 1rem;
  align-items: center;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25);
  button {
    font: inherit;
    font-weight: 700;
    padding: 0.4rem 0.9rem;
    border-radius: ${({ theme }) => theme.radius};
    border: 2px solid #fff;
    background: #fff;
    color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid #ffbf47;
    outline-offset: 2px;
  }
`;

const OfflineBar = styled.div`
  padding: 0.5rem 1rem;
  background: ${({ theme }) => theme.colors.warningBg};
  border-bottom: 2px solid ${({ theme }) => theme.colors.warning};
  text-align: center;
`;

/** « Nouvelle version disponible » + « Recharger » when a new build of the app is waiting. */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(waitingWorker$.value);
  useEffect(() => {
    const sub = waitingWorker$.subscribe(setWaiting);
    return () => sub.unsubscribe();
  }, []);
  return (
    <div role="status" aria-live="polite">
      {waiting ? (
        <Bar>
          <span>{SHELL_MESSAGES.updateAvailable}</span>
          <button type="button" onClick={applyUpdate}>
            {SHELL_MESSAGES.reload}
          </button>
        </Bar>
      ) : null}
    </div>
  );
}

/** Says so when the network is gone (the pages keep working from local data). */
export function OfflineNotice() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return <div role="status">{online ? null : <OfflineBar>{SHELL_MESSAGES.offline}</OfflineBar>}</div>;
}
