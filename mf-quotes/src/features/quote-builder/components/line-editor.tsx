import {
  DEFAULT_VAT_RATE,
  VAT_RATE_RULES,
  discountError,
  validateDevisLines,
  type DevisTotals,
  type Discount,
  type Task,
  type VatRegime,
} from '@atelier/domain';
import { useFrenchNumber } from '@atelier/ui';
import { memo, useMemo } from 'react';

import { Button, Card, CardTitle, Field, Input, Muted } from '../../../components/primitives';
import { CataloguePicker } from '../../tasks/components/catalogue-picker';
import { QUOTE_MESSAGES as M } from '../messages';
import { draftVatContext, isItemLine, type DraftLine, type QuoteOptions } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';
import { DiscountField } from './discount-field';
import { Actions, LinesTable, PickerBox, SmallNumberInput } from './line-editor-styles';
import { HeadingLine, ItemLine } from './line-rows';
import { QuoteOptionsPanel } from './quote-options';
import { TableScroll } from './table';

interface LineEditorProps {
  title: string;
  lines: readonly DraftLine[];
  vatRate: number;
  regime: VatRegime;
  options?: QuoteOptions | undefined;
  /** The devis' global discount. */
  discount?: Discount | undefined;
  /** The devis' money (devisTotals), for the global discount's limit. */
  totals: DevisTotals;
  catalogue: readonly Task[];
  session: QuoteSession;
  additionsBlocked: boolean;
  children?: React.ReactNode;
}

const VatField = memo(function VatField({ vatRate, session }: { vatRate: number; session: QuoteSession }) {
  // Empty → 20 (SPEC.md §5); out of 0–100 is refused with a message and the previous rate stays.
  const vat = useFrenchNumber({ value: vatRate, rules: VAT_RATE_RULES, onCommit: (v) => session.setVatRate(v) });
  return (
    <Field label={M.vatRate} htmlFor="quote-vat-rate" error={vat.error}>
      <SmallNumberInput id="quote-vat-rate" state={vat} />
    </Field>
  );
});

/**
 * Each section's refusal by the money model: a section with no item after it (up to the next section) is what
 * validateDevisLines refuses as empty; the message is its own.
 */
function sectionErrors(lines: readonly DraftLine[], context: ReturnType<typeof draftVatContext>): Map<string, string> {
  const errors = new Map<string, string>();
  lines.forEach((line, index) => {
    if (line.kind !== 'section') return;
    let hasItem = false;
    for (let i = index + 1; i < lines.length && lines[i]!.kind !== 'section'; i += 1) {
      if (isItemLine(lines[i]!)) hasItem = true;
    }
    const error = hasItem ? null : validateDevisLines([line], null, context);
    if (error) errors.set(line.id, error);
  });
  return errors;
}

/** The quote-edit view: title, client (children), lines, VAT, global discount, devis options. */
export function LineEditor({
  title,
  lines,
  vatRate,
  regime,
  options,
  discount,
  totals,
  catalogue,
  session,
  additionsBlocked,
  children,
}: LineEditorProps) {
  // Franchise en base or autoliquidation: every line at 0 %, the rate cannot be picked.
  const franchise = regime === 'franchise' || options?.autoliquidation === true;
  // The rows check their line under the regime with the default document rate: the context stays the same while
  // the devis' rate is typed (200 rows are not re-validated per keystroke); a line taking the devis' rate is
  // checked against it at generation (validateForGeneration), as before.
  const context = useMemo(() => draftVatContext({ vatRate: DEFAULT_VAT_RATE }, regime), [regime]);
  const headingErrors = useMemo(() => sectionErrors(lines, context), [lines, context]);
  const discountRefusal = discount ? discountError(discount, totals.lineTotalCents, true) : null;
  return (
    <Card aria-labelledby="quote-edit-title">
      <CardTitle id="quote-edit-title">{M.editTitle}</CardTitle>
      <Field label={M.projectTitleInput} htmlFor="quote-project-title">
        <Input
          id="quote-project-title"
          value={title}
          disabled={additionsBlocked}
          onChange={(e) => session.setTitle(e.target.value)}
        />
      </Field>
      {children}
      {lines.length > 0 && (
        <TableScroll>
          <LinesTable aria-label={M.editTitle}>
            <colgroup>
              <col className="task" />
              <col className="quantity" />
              <col className="unit" />
              <col className="vat" />
              <col className="remove" />
            </colgroup>
            <thead>
              <tr>
                <th>{M.columnTask}</th>
                <th>{M.columnQuantity}</th>
                <th>{M.columnUnit}</th>
                <th>{M.columnVat}</th>
                <th aria-label={M.columnActions} />
              </tr>
            </thead>
            {lines.map((line, index) =>
              isItemLine(line) ? (
                <ItemLine
                  key={line.id}
                  line={line}
                  index={index}
                  count={lines.length}
                  catalogue={catalogue}
                  session={session}
                  defaultRate={vatRate}
                  franchise={franchise}
                  context={context}
                />
              ) : (
                <HeadingLine
                  key={line.id}
                  line={line}
                  index={index}
                  count={lines.length}
                  session={session}
                  error={headingErrors.get(line.id) ?? null}
                />
              ),
            )}
          </LinesTable>
        </TableScroll>
      )}
      {catalogue.length === 0 ? (
        <Muted>{M.emptyCatalogue}</Muted>
      ) : (
        <PickerBox>
          <CataloguePicker
            id="quote-catalogue-picker"
            tasks={catalogue}
            label={M.addCatalogueItem}
            disabled={additionsBlocked}
            onPick={(task) => session.addCatalogueLine(task)}
          />
        </PickerBox>
      )}
      <Actions>
        <Button
          $variant="secondary"
          onClick={() => session.addLine()}
          disabled={additionsBlocked || catalogue.length === 0}
        >
          {M.addLine}
        </Button>
        <Button $variant="secondary" onClick={() => session.addFreeLine()} disabled={additionsBlocked}>
          {M.addFreeLine}
        </Button>
        <Button $variant="secondary" onClick={() => session.addSection()} disabled={additionsBlocked}>
          {M.addSection}
        </Button>
        <Button $variant="secondary" onClick={() => session.addCommentLine()} disabled={additionsBlocked}>
          {M.addComment}
        </Button>
      </Actions>
      <Actions>
        {!franchise && <VatField vatRate={vatRate} session={session} />}
        <div>
          <label htmlFor="quote-discount" style={{ fontWeight: 600, display: 'block', marginBottom: '0.3rem' }}>
            {M.globalDiscount}
          </label>
          <DiscountField
            id="quote-discount"
            kindLabel={M.globalDiscountKind}
            valueLabel={M.globalDiscount}
            discount={discount}
            error={discountRefusal}
            onChange={(d) => session.setDiscount(d)}
          />
        </div>
      </Actions>
      <QuoteOptionsPanel options={options} regime={regime} session={session} />
    </Card>
  );
}
