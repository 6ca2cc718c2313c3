// One devis line in the editor, as its own <tbody> (so a line and its details move together, and the drag finds
// it by data-line-index): an item (catalogue task select, quantity, unit, VAT, remove; « Détails » opens
// designation / price / remise / option / description / ouvrage), or a heading (« Section ») or a comment.
// Each line reorders with its handle (drag), « Monter » / « Descendre », or Alt+↑ / Alt+↓.
import {
  VAT_RATES,
  formatFrenchNumber,
  formatVatRate,
  quantityRules,
  validateDevisLines,
  type Task,
  type VatContext,
} from '@atelier/domain';
import { TextArea, useFrenchNumber } from '@atelier/ui';
import { memo, useMemo, useState, type KeyboardEvent } from 'react';

import { Button, Input } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { isOuvrage } from '../model/catalogue-line';
import { lineQuantityError, type DraftLine } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';
import { LineDetails, LineError } from './line-details';
import { Badge, FieldError, SmallNumberInput, SmallSelect, Tool, Tools } from './line-editor-styles';
import { moveByKey, refocus, useLineDrag } from './use-line-drag';

interface MoveToolsProps {
  line: DraftLine;
  index: number;
  count: number;
  session: QuoteSession;
  children?: React.ReactNode;
}

/** Drag handle, « Monter », « Descendre » (accessible names naming the line). */
function MoveTools({ line, index, count, session, children }: MoveToolsProps) {
  const n = index + 1;
  const drag = useLineDrag(index, (to) => session.moveLineTo(line.id, to));
  const move = (delta: number, focusId: string) => {
    session.moveLine(line.id, delta);
    refocus(focusId);
  };
  return (
    <Tools>
      <Tool
        id={`line-drag-${line.id}`}
        className="handle"
        aria-label={M.dragLine(n, line.name)}
        title={M.dragLine(n, line.name)}
        {...drag}
      >
        ⠿
      </Tool>
      <Tool
        id={`line-up-${line.id}`}
        aria-label={M.moveUp(n, line.name)}
        disabled={index === 0}
        onClick={() => move(-1, `line-up-${line.id}`)}
      >
        ↑
      </Tool>
      <Tool
        id={`line-down-${line.id}`}
        aria-label={M.moveDown(n, line.name)}
        disabled={index === count - 1}
        onClick={() => move(1, `line-down-${line.id}`)}
      >
        ↓
      </Tool>
      {children}
    </Tools>
  );
}

/** Alt+↑ / Alt+↓ from anywhere in the line; the focused control keeps the focus. */
function keyMover(session: QuoteSession, lineId: string) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const delta = moveByKey(event);
    if (!delta) return;
    event.preventDefault();
    const focused = (event.target as HTMLElement).id;
    session.moveLine(lineId, delta);
    if (focused) refocus(focused);
  };
}

const discountText = (line: DraftLine) =>
  line.discount
    ? line.discount.kind === 'percent'
      ? `${formatFrenchNumber(line.discount.value)} %`
      : `${formatFrenchNumber(line.discount.value, { minDecimals: 2 })} €`
    : '';

interface ItemLineProps {
  line: DraftLine;
  index: number;
  count: number;
  catalogue: readonly Task[];
  session: QuoteSession;
  /** The devis' rate, for a line without one of its own. */
  defaultRate: number;
  /** Franchise en base or autoliquidation: the rate is 0 and cannot change. */
  franchise: boolean;
  context: VatContext;
}

const FRANCHISE_RATES = [0] as const;
/**
 * Up to this many catalogue tasks, each line's task select lists them all at once (the spec's « change a line's
 * task »). Beyond, a line lists them only once its select is touched: 200 lines × 5 000 options would be a million
 * elements; new lines come from the type-ahead picker.
 */
export const EAGER_TASK_OPTIONS = 300;

export const ItemLine = memo(function ItemLine(props: ItemLineProps) {
  const { line, index, count, catalogue, session, defaultRate, franchise, context } = props;
  const n = index + 1;
  const rules = useMemo(() => quantityRules(line.unit), [line.unit]);
  const quantity = useFrenchNumber({
    value: line.quantity,
    rules,
    onCommit: (q) => session.setQuantity(line.id, q),
    validate: (q) => lineQuantityError(line, q),
  });
  // A new free line opens on its designation.
  const [open, setOpen] = useState(() => line.name === '');
  const error = useMemo(() => validateDevisLines([line], null, context), [line, context]);
  const inputId = `quote-line-quantity-${line.id}`;
  const detailsId = `line-details-${line.id}`;
  const inCatalogue = catalogue.some((t) => t.name === line.name);
  const [touched, setTouched] = useState(false);
  const listed = touched || catalogue.length <= EAGER_TASK_OPTIONS;
  const touch = () => {
    if (!listed) setTouched(true);
  };
  return (
    <tbody data-line-index={index} className="line" onKeyDown={keyMover(session, line.id)}>
      <tr>
        <td className="task">
          <SmallSelect
            aria-label={M.lineTask(n)}
            value={line.name}
            onFocus={touch}
            onPointerDown={touch}
            onChange={(e) => session.changeLineTask(line.id, e.target.value)}
          >
            {(!inCatalogue || !listed) && <option value={line.name}>{line.name || M.freeLineOption}</option>}
            {listed &&
              catalogue.map((task) => (
                <option key={task.name} value={task.name}>
                  {task.name}
                </option>
              ))}
          </SmallSelect>
          <MoveTools line={line} index={index} count={count} session={session}>
            <Tool
              id={`line-open-${line.id}`}
              className="details"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={M.lineDetails(n, line.name)}
              onClick={() => setOpen(!open)}
            >
              {M.detailsButton}
            </Tool>
            {line.option && <Badge>{M.optionLabel}</Badge>}
            {line.discount && <Badge>{M.discountShort(discountText(line))}</Badge>}
            {isOuvrage(line) && line.detailed && <Badge>{M.detailedLabel}</Badge>}
          </MoveTools>
        </td>
        <td className="quantity">
          <SmallNumberInput id={inputId} aria-label={M.lineQuantity(n)} state={quantity} />
          {quantity.error && (
            <FieldError id={`${inputId}-error`} role="alert">
              {quantity.error}
            </FieldError>
          )}
        </td>
        <td className="unit">{line.unit}</td>
        <td className="vat">
          <SmallSelect
            aria-label={M.lineVatRate(n)}
            value={String(franchise ? 0 : (line.vatRate ?? defaultRate))}
            disabled={franchise}
            onChange={(e) => session.setLineVatRate(line.id, Number(e.target.value))}
          >
            {(franchise ? FRANCHISE_RATES : VAT_RATES).map((rate) => (
              <option key={rate} value={String(rate)}>
                {formatVatRate(rate)}
              </option>
            ))}
            {!franchise && line.vatRate === undefined && !(VAT_RATES as readonly number[]).includes(defaultRate) && (
              <option value={String(defaultRate)}>{formatVatRate(defaultRate)}</option>
            )}
          </SmallSelect>
        </td>
        <td className="remove">
          <Button $variant="ghost" aria-label={M.removeLine(n)} onClick={() => session.removeLine(line.id)}>
            {M.removeLineButton}
          </Button>
        </td>
      </tr>
      {error && !open && (
        <tr className="error">
          <td colSpan={5}>
            <LineError role="alert">{error}</LineError>
          </td>
        </tr>
      )}
      {open && (
        <tr className="details" id={detailsId}>
          <td colSpan={5}>
            <LineDetails line={line} n={n} session={session} error={error} />
          </td>
        </tr>
      )}
    </tbody>
  );
});

interface HeadingLineProps {
  line: DraftLine;
  index: number;
  count: number;
  session: QuoteSession;
  /** The money model's refusal of this section (an empty section), or null. */
  error: string | null;
}

/** « Section » (title, « Option » for the whole section) or « Commentaire » (text only). */
export const HeadingLine = memo(function HeadingLine({ line, index, count, session, error }: HeadingLineProps) {
  const n = index + 1;
  const section = line.kind === 'section';
  const fieldId = `line-name-${line.id}`;
  return (
    <tbody data-line-index={index} className={section ? 'line section' : 'line comment'} onKeyDown={keyMover(session, line.id)}>
      <tr>
        <td colSpan={5}>
          <div className="heading">
            <MoveTools line={line} index={index} count={count} session={session} />
            {section ? (
              <Input
                id={fieldId}
                aria-label={M.sectionTitle(n)}
                placeholder={M.sectionPlaceholder}
                value={line.name}
                aria-invalid={error ? true : undefined}
                onChange={(e) => session.updateLine(line.id, { name: e.target.value })}
              />
            ) : (
              <TextArea
                id={fieldId}
                aria-label={M.commentText(n)}
                rows={2}
                value={line.name}
                onChange={(e) => session.updateLine(line.id, { name: e.target.value })}
              />
            )}
            {section && (
              <label className="option">
                <input
                  type="checkbox"
                  aria-label={M.sectionOption(n)}
                  checked={line.option === true}
                  onChange={(e) => session.updateLine(line.id, { option: e.target.checked })}
                />
                {M.optionLabel}
              </label>
            )}
            <Button $variant="ghost" aria-label={M.removeLine(n)} onClick={() => session.removeLine(line.id)}>
              {M.removeLineButton}
            </Button>
          </div>
          {error && <LineError role="alert">{error}</LineError>}
        </td>
      </tr>
    </tbody>
  );
});

