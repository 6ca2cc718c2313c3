import { EMPTY_DRAFT, addLine, setLineVatRate, setOptions } from './quote-draft';
import { fromStoredDraft, storedDraftSchema, toStoredDraft } from './draft-storage';

const CATALOGUE = [{ name: 'Peinture', unit: 'm2', price: 12.5 }];

it('keeps each line VAT rate and the devis options across a reload (issue 28)', () => {
  let draft = addLine(addLine(EMPTY_DRAFT, CATALOGUE), CATALOGUE);
  draft = setLineVatRate(draft, 'line-2', 5.5);
  draft = setOptions(draft, { depositPercent: 30, progressBilling: true, retenuePercent: 5 });
  const stored = JSON.parse(JSON.stringify(toStoredDraft(draft)));
  const parsed = storedDraftSchema.safeParse(stored);
  if (!parsed.success) throw new Error('refused');
  const again = fromStoredDraft(parsed.data);
  expect(again.lines.map((l) => l.vatRate)).toEqual([undefined, 5.5]);
  expect(again.options).toEqual({ depositPercent: 30, progressBilling: true, retenuePercent: 5 });
  // Options of the wrong type are dropped, not the draft.
  const odd = storedDraftSchema.safeParse({ ...stored, options: { depositPercent: 'x', autoliquidation: true } });
  expect(odd.success && odd.data?.options).toEqual({ autoliquidation: true });
});
