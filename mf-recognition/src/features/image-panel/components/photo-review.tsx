// The lines read on a photo, each next to the crop of the photo it came from; the lines whose figures were read
// with low confidence are marked « À vérifier », listed first, and the first one's quantity has the focus. Choosing
// a line (tap, or focus in its fields) outlines its region on the photo. Nothing joins the devis before « Ajouter ».
import type { ExtractionResult } from '@atelier/domain';
import { Button, Input } from '@atelier/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import type { PageLayout } from '../../ocr/ocr-layout';
import { IMAGE_MESSAGES as M } from '../messages';
import { cropStyle, highlightStyle, type PhotoLine } from '../model/photo-lines';

export interface PhotoProposal {
  result: ExtractionResult;
  lines: PhotoLine[];
  layout: PageLayout | null;
}

type Row = PhotoLine & { keep: boolean; quantityText: string };

const Photo = styled.figure`
  position: relative;
  display: inline-block;
  margin: 0 0 0.75rem;
  img {
    display: block;
    max-width: 100%;
    max-height: 360px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

const Highlight = styled.div`
  position: absolute;
  border: 3px solid ${({ theme }) => theme.colors.primary};
  background: rgba(255, 200, 0, 0.25);
  border-radius: 3px;
  pointer-events: none;
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0.75rem 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const Item = styled.li<{ $check: boolean; $selected: boolean }>`
  border: ${({ $selected }) => ($selected ? 2 : 1)}px solid
    ${({ theme, $check, $selected }) => ($selected ? theme.colors.primary : $check ? theme.colors.danger : theme.colors.border)};
  border-radius: 6px;
  padding: 0.5rem 0.75rem;
  display: grid;
  grid-template-columns: auto 1fr 6rem auto;
  gap: 0.5rem;
  align-items: center;
  cursor: pointer;
`;

const Crop = styled.span`
  grid-column: 1 / -1;
  display: block;
  background-repeat: no-repeat;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
`;

const Mark = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  margin-left: 0.5rem;
`;

const Hint = styled.small`
  grid-column: 2 / -1;
  color: ${({ theme }) => theme.colors.muted};
`;

function parseQuantity(text: string): number | null {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : null;
}

const formatQuantity = (n: number) => String(n).replace('.', ',');

export interface PhotoReviewProps {
  proposal: PhotoProposal;
  /** The photo as shown (object URL): the crops and the outline are drawn on it. */
  imageUrl: string;
  onAccept: (result: ExtractionResult) => void;
  onCancel: () => void;
}

export function PhotoReview({ proposal, imageUrl, onAccept, onCancel }: PhotoReviewProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    proposal.lines.map((l) => ({ ...l, keep: true, quantityText: formatQuantity(l.quantity) })),
  );
  const firstCheck = rows.findIndex((r) => r.check);
  const [selected, setSelected] = useState(firstCheck);
  const focusFirst = useRef<HTMLInputElement>(null);
  useEffect(() => {
    focusFirst.current?.focus();
    focusFirst.current?.select();
  }, []);
  const { layout } = proposal;
  const region = layout && selected >= 0 ? rows[selected]?.region : null;

  const update = (index: number, change: Partial<Row>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const accept = () => {
    const tasks = rows
      .filter((row) => row.keep)
      .map((row) => ({ name: row.name, unit: row.unit, quantity: parseQuantity(row.quantityText) ?? row.quantity }));
    onAccept({ ...proposal.result, tasks });
  };

  const client = Object.values(proposal.result.client ?? {}).filter(Boolean);
  return (
    <div data-testid="photo-review">
      <h4>{M.proposed}</h4>
      <p>{M.reviewIntro}</p>
      <Photo>
        <img src={imageUrl} alt={M.analysedImage} />
        {region && layout ? (
          <Highlight data-testid="photo-highlight" aria-label={M.highlighted} style={highlightStyle(region, layout)} />
        ) : null}
      </Photo>
      <List>
        {rows.map((row, index) => (
          <Item
            key={`${row.name}-${index}`}
            $check={row.check}
            $selected={index === selected}
            aria-current={index === selected ? 'true' : undefined}
            data-testid="photo-line"
            onClick={() => setSelected(index)}
          >
            {row.region && layout ? (
              <Crop
                role="img"
                aria-label={M.crop(row.name)}
                data-testid="line-crop"
                style={{ ...cropStyle(row.region, layout), backgroundImage: `url("${imageUrl}")` }}
              />
            ) : (
              <Hint style={{ gridColumn: '1 / -1' }}>{M.noRegion}</Hint>
            )}
            <input
              type="checkbox"
              aria-label={`${M.keep} : ${row.name}`}
              checked={row.keep}
              onChange={(event) => update(index, { keep: event.target.checked })}
            />
            <span>
              {row.name}
              {row.check ? <Mark data-testid="check-mark">{M.check}</Mark> : null}
            </span>
            <Input
              ref={index === firstCheck ? focusFirst : undefined}
              aria-label={`${M.quantity} : ${row.name}`}
              inputMode="decimal"
              value={row.quantityText}
              onFocus={() => setSelected(index)}
              onChange={(event) => update(index, { quantityText: event.target.value })}
            />
            <span>{row.unit}</span>
            {row.doubtful.length ? <Hint>{M.doubtful(row.doubtful.join(', '))}</Hint> : null}
          </Item>
        ))}
      </List>
      {client.length ? (
        <p data-testid="photo-client">
          {M.client} : {client.join(', ')}
        </p>
      ) : null}
      <Button onClick={accept}>{M.accept}</Button>{' '}
      <Button $variant="secondary" onClick={onCancel}>
        {M.cancel}
      </Button>
    </div>
  );
}
