// Logo upload: any image, stored as a data URL, previewed, removable.
import { Button } from '@atelier/ui';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';

import { readLogoFile } from '../model/logo';
import { companyMessages as m } from '../messages';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
  margin-bottom: 1rem;
`;

const Frame = styled.div`
  width: 180px;
  height: 90px;
  display: flex;
  align-items: center;
  justify-content: center;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.muted};
  img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  margin: 0 0 1rem;
`;

const Hint = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  margin-bottom: 0.5rem;
`;

export function LogoField({ value, onChange }: { value: string; onChange: (dataUrl: string) => void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const result = await readLogoFile(file);
    setBusy(false);
    if (inputRef.current) inputRef.current.value = '';
    if (result.ok) onChange(result.dataUrl);
    else setError(result.message);
  };

  return (
    <div>
      <label htmlFor={inputId}>
        <strong>{m.labels.logo}</strong>
      </label>
      <Hint>{m.hints.logo}</Hint>
      <Row>
        <Frame>{value ? <img src={value} alt={m.logoAlt} /> : <span>{m.noLogo}</span>}</Frame>
        <Buttons>
          <Hidden
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            tabIndex={-1}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button $variant="secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
            {value ? m.replaceLogo : m.chooseLogo}
          </Button>
          {value && (
            <Button $variant="ghost" onClick={() => onChange('')}>
              {m.removeLogo}
            </Button>
          )}
        </Buttons>
      </Row>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </div>
  );
}
