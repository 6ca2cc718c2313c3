// The devis options (issue 28): requested deposit, « Facturation à l'avancement (situations) » with its retenue de
// garantie or a caution bancaire, « Autoliquidation (sous-traitance) ». Memoised: typing in a line does not
// re-render it. The rules (deposit ≤ 100 %, retenue ≤ 5 %) are checked at generation (validateForGeneration).
import type { VatRegime } from '@atelier/domain';
import { memo } from 'react';

import { Field, Input } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import type { QuoteOptions } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';

/** « 37,5 » → 37.5; empty → undefined; anything else → NaN (refused at generation with a French message). */
export function percentInput(text: string): number | undefined {
  const t = text.replace(/\s/g, '').replace(',', '.');
  if (!t) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : NaN;
}

const shown = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '' : String(value).replace('.', ',');

export const QuoteOptionsPanel = memo(function QuoteOptionsPanel({
  options,
  regime,
  session,
}: {
  options: QuoteOptions | undefined;
  regime: VatRegime;
  session: QuoteSession;
}) {
  const o = options ?? {};
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '1rem 0 0' }}>
      <legend style={{ fontWeight: 600 }}>{M.optionsTitle}</legend>
      <Field label={M.depositRequested} htmlFor="quote-deposit-percent">
        <Input
          id="quote-deposit-percent"
          inputMode="decimal"
          defaultValue={shown(o.depositPercent)}
          onBlur={(e) => session.setOptions({ depositPercent: percentInput(e.target.value) })}
        />
      </Field>
      <label style={{ display: 'block' }}>
        <input
          type="checkbox"
          checked={o.progressBilling === true}
          onChange={(e) => session.setOptions({ progressBilling: e.target.checked })}
        />{' '}
        {M.progressBilling}
      </label>
      {o.progressBilling && (
        <>
          <Field label={M.retenuePercent} htmlFor="quote-retenue-percent">
            <Input
              id="quote-retenue-percent"
              inputMode="decimal"
              defaultValue={shown(o.retenuePercent)}
              onBlur={(e) => session.setOptions({ retenuePercent: percentInput(e.target.value) })}
            />
          </Field>
          <label style={{ display: 'block' }}>
            <input
              type="checkbox"
              checked={o.retenueCaution === true}
              onChange={(e) => session.setOptions({ retenueCaution: e.target.checked })}
            />{' '}
            {M.retenueCaution}
          </label>
        </>
      )}
      {regime !== 'franchise' && (
        <label style={{ display: 'block' }}>
          <input
            type="checkbox"
            checked={o.autoliquidation === true}
            onChange={(e) => session.setOptions({ autoliquidation: e.target.checked })}
          />{' '}
          {M.autoliquidation}
        </label>
      )}
    </fieldset>
  );
});
