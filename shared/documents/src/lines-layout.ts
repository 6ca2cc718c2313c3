// The table rows of a devis / invoice / avoir from its stored lines (issue 27): section headings with a
// « Sous-total » row, comments, the description and (when `detailed`) the ouvrage's components under the
// designation, the line's remise and its net; options not accepted are left out of the table and listed after the
// totals, marked « non inclus ». Amounts come from @atelier/domain's devisTotals, never recomputed here.
import { devisTotals, eurosToCents, lineInfos, type Discount, type QuoteLine, type VatContext } from '@atelier/domain';

import { documentMessages as m } from './messages';
import { formatAmount, formatQuantity, formatRate } from './text';

/** How a table row is drawn: a priced line, a section heading, a section's subtotal, a comment. */
export type RowKind = 'item' | 'section' | 'subtotal' | 'text';

export interface DocumentRows {
  rows: string[][];
  rowKinds: RowKind[];
}

function quantityCell(line: QuoteLine): string {
  const unit = (line.unit ?? '').trim();
  return unit ? `${formatQuantity(line.quantity)} ${unit}` : formatQuantity(line.quantity);
}

function discountLabel(discount: Discount | undefined): string | null {
  return discount?.kind === 'percent' ? formatRate(discount.value) : null;
}

function designation(line: QuoteLine, discountCents: number, sign: 1 | -1): string {
  const parts = [line.name.trim()];
  const description = (line.description ?? '').trim();
  if (description) parts.push(description);
  if (line.detailed && line.components) {
    for (const c of line.components) {
      const unit = c.unit.trim();
      parts.push(
        m.componentLine(
          c.name,
          `${formatQuantity(c.quantity)}${unit ? ` ${unit}` : ''}`,
          formatAmount(eurosToCents(c.price)),
        ),
      );
    }
  }
  if (discountCents !== 0) parts.push(m.lineDiscount(discountLabel(line.discount), formatAmount(sign * discountCents)));
  return parts.join('\n');
}

/** Rows of the lines in the table (options not accepted are left out: optionsSection lists them). */
export function documentRows(lines: readonly QuoteLine[], context: VatContext, sign: 1 | -1 = 1): DocumentRows {
  const infos = lineInfos(lines);
  const totals = devisTotals(lines, null, context);
  const subtotals = new Map(totals.sections.map((s) => [s.index, s]));
  const rows: string[][] = [];
  const rowKinds: RowKind[] = [];
  let open: number | null = null;
  const closeSection = () => {
    const section = open === null ? undefined : subtotals.get(open);
    if (section && !section.option) {
      rows.push([m.sectionSubtotal(section.name), '', '', formatAmount(sign * section.subtotalCents || 0)]);
      rowKinds.push('subtotal');
    }
    open = null;
  };
  lines.forEach((line, index) => {
    const info = infos[index]!;
    if (info.role === 'section') {
      closeSection();
      if (!subtotals.get(index)?.option) {
        open = index;
        rows.push([line.name.trim(), '', '', '']);
        rowKinds.push('section');
      }
      return;
    }
    if (info.role === 'option') return;
    if (info.section !== null && subtotals.get(info.section)?.option) return;
    if (info.role === 'text') {
      rows.push([line.name.trim(), '', '', '']);
      rowKinds.push('text');
      return;
    }
    const amounts = totals.lines[index]!;
    rows.push([
      designation(line, amounts.discountCents, sign),
      quantityCell(line),
      formatAmount(eurosToCents(line.price)),
      formatAmount(sign * amounts.netCents || 0),
    ]);
    rowKinds.push('item');
  });
  closeSection();
  return { rows, rowKinds };
}

/** « Options (non incluses dans le total) »: each option not accepted, its amount, « non inclus ». */
export function optionLines(lines: readonly QuoteLine[], context: VatContext): string[] {
  const totals = devisTotals(lines, null, context);
  return totals.options.map((option) => {
    const line = lines[option.index]!;
    const section = lineInfos(lines)[option.index]!.section;
    const name = section === null ? line.name.trim() : `${lines[section]!.name.trim()} — ${line.name.trim()}`;
    return m.optionLine(
      name,
      quantityCell(line),
      formatAmount(eurosToCents(line.price)),
      formatAmount(option.netHtCents),
    );
  });
}

/** The remise globale's label: « Remise globale 5 % », or « Remise globale » for an amount. */
export function documentDiscountLabel(discount: Discount | null | undefined): string {
  return m.documentDiscount(discountLabel(discount ?? undefined));
}
