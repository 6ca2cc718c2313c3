// The notes box, always on the home page: type or paste notes, analyse them, review each proposed line (with
// the words it came from, unsure ones marked), then add the kept lines to the devis. Nothing is added silently.
import type { ExtractionResult } from '@atelier/domain';
import { Banner, Button, Input, TextArea } from '@atelier/ui';
import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { AnalysisFeedback } from '../../../components/analysis-feedback';
import { useAnalysisRun } from '../../../hooks/use-analysis-run';
import type { ProposedLine } from '../../analysis/review';
import { NOTES_MESSAGES } from '../messages';
import { EMPTY_NOTES_DRAFT, type NotesDraftStore, type ReviewedLine } from '../model/notes-draft';

export interface NotesProposal {
  result: ExtractionResult;
  lines: ProposedLine[];
}

export interface NotesPanelProps {
  /** Analyses the notes and returns the lines to propose (embedded analyser, completed by the AI when configured). */
  propose: (text: string) => Promise<NotesProposal>;
  /** Handed over from the shell's placeholder: text already typed, focus, « Analyser » already pressed. */
  initialText?: string;
  autoFocus?: boolean;
  analyseAtOnce?: boolean;
  /** Where the notes and the lines under review are kept for the signed-in user (none: kept in memory only). */
  draft?: NotesDraftStore | null;
}

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0.75rem 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const Item = styled.li<{ $unsure: boolean }>`
  border: 1px solid ${({ theme, $unsure }) => ($unsure ? theme.colors.danger : theme.colors.border)};
  border-radius: 6px;
  padding: 0.5rem 0.75rem;
  display: grid;
  grid-template-columns: auto 1fr 6rem auto;
  gap: 0.5rem;
  align-items: center;
`;

const Source = styled.q`
  grid-column: 2 / -1;
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
`;

const Mark = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  margin-left: 0.5rem;
`;

type Row = ReviewedLine;

function parseQuantity(text: string): number | null {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : null;
}

const formatQuantity = (n: number) => String(n).replace('.', ',');

export function NotesPanel({ propose, initialText, autoFocus, analyseAtOnce, draft }: NotesPanelProps) {
  const [saved] = useState(() => draft?.get() ?? EMPTY_NOTES_DRAFT);
  // Text handed over from the placeholder is newer than the kept notes.
  const [text, setText] = useState(initialText ?? saved.text);
  const box = useRef<HTMLTextAreaElement>(null);
  const [analysing, setAnalysing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[] | null>(saved.proposal?.rows ?? null);
  const [proposal, setProposal] = useState<ExtractionResult | null>(saved.proposal?.result ?? null);
  // What is kept follows each change the user makes; adding the lines to the devis ends it.
  const keep = (nextText: string, nextRows: Row[] | null, nextProposal: ExtractionResult | null) => {
    const result = draft?.set({
      version: 1,
      text: nextText,
      proposal: nextRows && nextProposal ? { result: nextProposal, rows: nextRows } : null,
    });
    if (result && !result.ok) console.warn('[atelier] notes not kept', result.message);
  };
  const { run, start, reset } = useAnalysisRun({
    source: 'text',
    noResultMessage: NOTES_MESSAGES.nothingKept,
    unexpectedMessage: NOTES_MESSAGES.unexpected,
  });

  const analyse = async () => {
    reset();
    setError(null);
    if (!text.trim()) {
      setError(NOTES_MESSAGES.blank);
      return;
    }
    setAnalysing(true);
    try {
      const found = await propose(text);
      const hasClient = Object.values(found.result.client ?? {}).some(Boolean);
      if (found.lines.length === 0 && !hasClient) {
        setError(NOTES_MESSAGES.noResult);
        setRows(null);
        keep(text, null, null);
        return;
      }
      const proposed = found.lines.map((l) => ({ ...l, keep: !l.unsure, quantityText: formatQuantity(l.quantity) }));
      setProposal(found.result);
      setRows(proposed);
      keep(text, proposed, found.result);
    } catch {
      setError(NOTES_MESSAGES.unexpected);
    } finally {
      setAnalysing(false);
    }
  };

  const handedOver = useRef(false);
  // A layout effect: the focus moves in the same task as the swap, so no keystroke falls between the two boxes.
  useLayoutEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    if (autoFocus && box.current) {
      box.current.focus();
      const end = box.current.value.length;
      box.current.setSelectionRange(end, end);
    }
    if (analyseAtOnce) void analyse();
    // Once, on mount: what the placeholder handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (index: number, change: Partial<Row>) => {
    const next = rows?.map((row, i) => (i === index ? { ...row, ...change } : row)) ?? null;
    setRows(next);
    keep(text, next, proposal);
  };

  const accept = () => {
    if (!rows || !proposal) return;
    const tasks = rows
      .filter((row) => row.keep)
      .map((row) => ({ name: row.name, unit: row.unit, quantity: parseQuantity(row.quantityText) ?? row.quantity }));
    const result: ExtractionResult = { ...proposal, tasks };
    setRows(null);
    setProposal(null);
    draft?.set(EMPTY_NOTES_DRAFT);
    void start(async () => result);
  };

  return (
    <section data-testid="notes-panel" aria-labelledby="notes-panel-title">
      <h3 id="notes-panel-title">{NOTES_MESSAGES.title}</h3>
      <p>{NOTES_MESSAGES.intro}</p>
      <label htmlFor="notes-panel-text">{NOTES_MESSAGES.label}</label>
      <TextArea
        ref={box}
        id="notes-panel-text"
        rows={5}
        value={text}
        placeholder={NOTES_MESSAGES.placeholder}
        onChange={(event) => {
          setText(event.target.value);
          keep(event.target.value, rows, proposal);
        }}
      />
      <Button onClick={() => void analyse()} disabled={analysing}>
        {analysing ? NOTES_MESSAGES.analysing : NOTES_MESSAGES.analyse}
      </Button>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {rows ? (
        <div data-testid="notes-proposals">
          <h4>{NOTES_MESSAGES.proposed}</h4>
          <List>
            {rows.map((row, index) => (
              <Item key={`${row.name}-${index}`} $unsure={row.unsure} data-testid="proposed-line">
                <input
                  type="checkbox"
                  aria-label={`${NOTES_MESSAGES.keep} : ${row.name}`}
                  checked={row.keep}
                  onChange={(event) => update(index, { keep: event.target.checked })}
                />
                <span>
                  {row.name}
                  {row.unsure ? <Mark data-testid="unsure-mark">{NOTES_MESSAGES.unsure}</Mark> : null}
                </span>
                <Input
                  aria-label={`${NOTES_MESSAGES.quantity} : ${row.name}`}
                  inputMode="decimal"
                  value={row.quantityText}
                  onChange={(event) => update(index, { quantityText: event.target.value })}
                />
                <span>{row.unit}</span>
                {row.source ? (
                  <Source data-testid="line-source" aria-label={NOTES_MESSAGES.source}>
                    {row.source}
                  </Source>
                ) : null}
              </Item>
            ))}
          </List>
          {proposal?.client && Object.values(proposal.client).some(Boolean) ? (
            <p data-testid="notes-client">
              {NOTES_MESSAGES.client} : {Object.values(proposal.client).filter(Boolean).join(', ')}
            </p>
          ) : null}
          <Button onClick={accept}>{NOTES_MESSAGES.accept}</Button>{' '}
          <Button
            $variant="secondary"
            onClick={() => {
              setRows(null);
              setProposal(null);
              keep(text, null, null);
            }}
          >
            {NOTES_MESSAGES.cancel}
          </Button>
        </div>
      ) : null}
      <AnalysisFeedback run={run} onClose={reset} />
    </section>
  );
}
