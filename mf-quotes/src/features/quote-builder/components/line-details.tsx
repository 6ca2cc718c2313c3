// A devis line's details (opened with « Détails »): designation, unit and unit price HT of this devis (a catalogue
// line is a copy: the catalogue is unchanged), remise, « Option », multi-line description, and for an ouvrage its
// components with « Détailler » (printed under the line). Amounts are not computed here.
import {
  MAX_UNIT_PRICE_EUROS,
  UNIT_PRICE_RULES,
  formatEuros,
  formatFrenchNumber,
  eurosToCents,
  type NumberFieldRules,
} from '@atelier/domain';
import { NumberInput, TextArea, useFrenchNumber } from '@atelier/ui';
import { memo } from 'react';
import styled from 'styled-components';

import { Input } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { isOuvrage } from '../model/catalogue-line';
import type { DraftLine } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';
import { DiscountField } from './discount-field';

/** The unit price as typed: cents, up to 1 000 000 €; a negative price is kept and refused by the money model. */
export const LINE_PRICE_RULES: NumberFieldRules = { ...UNIT_PRICE_RULES, min: -MAX_UNIT_PRICE_EUROS };

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.5rem 0.75rem;
  align-items: start;
  label {
    display: block;
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
    margin-bottom: 0.2rem;
  }
  .wide {
    grid-column: 1 / -1;
  }
`;
const Check = styled.label`
  display: flex !important;
  align-items: center;
  gap: 0.4rem;
  min-height: 44px;
  font-weight: 400 !important;
`;
const Components = styled.ul`
  margin: 0.25rem 0 0;
  padding-left: 1.1rem;
  font-size: ${({ theme }) => theme.font.size.sm};
`;
export const LineError = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  white-space: normal;
`;

interface LineDetailsProps {
  line: DraftLine;
  n: number;
  session: QuoteSession;
  /** The money model's refusal of this line (validateDevisLines), shown next to its fields. */
  error: string | null;
}

export const LineDetails = memo(function LineDetails({ line, n, session, error }: LineDetailsProps) {
  const id = line.id;
  const price = useFrenchNumber({
    value: line.price,
    rules: LINE_PRICE_RULES,
    minDecimals: 2,
    onCommit: (value) => session.updateLine(id, { price: value }),
  });
  const priceId = `line-price-${id}`;
  return (
    <Grid>
      <div className="wide">
        <label htmlFor={`line-name-${id}`}>{M.designationLabel}</label>
        <Input
          id={`line-name-${id}`}
          aria-label={M.lineDesignation(n)}
          value={line.name}
          onChange={(e) => session.updateLine(id, { name: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`line-unit-${id}`}>{M.unitLabel}</label>
        <Input
          id={`line-unit-${id}`}
          aria-label={M.lineUnit(n)}
          value={line.unit}
          onChange={(e) => session.updateLine(id, { unit: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={priceId}>{M.priceLabel}</label>
        <NumberInput id={priceId} aria-label={M.linePrice(n)} state={price} />
        {price.error && (
          <LineError id={`${priceId}-error`} role="alert">
            {price.error}
          </LineError>
        )}
      </div>
      <div>
        <label htmlFor={`line-discount-${id}`}>{M.discountLabel}</label>
        <DiscountField
          id={`line-discount-${id}`}
          kindLabel={M.lineDiscountKind(n)}
          valueLabel={M.lineDiscount(n)}
          discount={line.discount}
          onChange={(discount) => session.updateLine(id, { discount })}
        />
      </div>
      <div>
        <Check>
          <input
            type="checkbox"
            aria-label={M.lineOption(n)}
            checked={line.option === true}
            onChange={(e) => session.updateLine(id, { option: e.target.checked })}
          />
          {M.optionLabel}
        </Check>
      </div>
      {error && (
        <LineError className="wide" role="alert">
          {error}
        </LineError>
      )}
      <div className="wide">
        <label htmlFor={`line-description-${id}`}>{M.descriptionLabel}</label>
        <TextArea
          id={`line-description-${id}`}
          aria-label={M.lineDescription(n)}
          rows={3}
          value={line.description ?? ''}
          onChange={(e) => session.updateLine(id, { description: e.target.value })}
        />
      </div>
      {isOuvrage(line) && (
        <div className="wide">
          <Check>
            <input
              type="checkbox"
              aria-label={M.lineDetailed(n)}
              checked={line.detailed === true}
              onChange={(e) => session.updateLine(id, { detailed: e.target.checked })}
            />
            {M.detailedLabel}
          </Check>
          {line.detailed && <OuvrageComponents line={line} />}
        </div>
      )}
    </Grid>
  );
});

/** An ouvrage's components as copied into this devis (quantity per unit of the ouvrage, unit price HT). */
export function OuvrageComponents({ line }: { line: DraftLine }) {
  return (
    <Components aria-label={M.componentsTitle}>
      {(line.components ?? []).map((c, i) => (
        <li key={i}>
          {M.componentKind[c.kind]} — {c.name} :{' '}
          {M.componentLine(formatFrenchNumber(c.quantity, { maxDecimals: 3 }), c.unit, formatEuros(eurosToCents(c.price)))}
        </li>
      ))}
    </Components>
  );
}
