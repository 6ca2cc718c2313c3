// HTML rendering of a DocumentLayout: the live preview of /customize. It draws the same blocks, in the
// same order and with the same strings as the PDF renderer (both read the layout model).
import styled, { css } from 'styled-components';

import type { DocumentLayout, InfoBlock } from '../layout';
import { documentMessages } from '../messages';

export interface DocumentPreviewProps {
  layout: DocumentLayout;
  /** Accessible name of the preview region. */
  label?: string;
}

const FONT_STACK: Record<DocumentLayout['style']['bodyFont'], string> = {
  helvetica: 'Helvetica, Arial, sans-serif',
  times: '"Times New Roman", Times, serif',
  courier: '"Courier New", Courier, monospace',
};

// Sizes are in pt like the PDF; the sheet keeps the A4 proportions at whatever width it gets.
const Sheet = styled.article<{ $font: string }>`
  box-sizing: border-box;
  width: 100%;
  max-width: 210mm;
  min-height: calc(min(100%, 210mm) * 1.414);
  padding: 6% 7%;
  background: #fff;
  color: #212121;
  font-family: ${(p) => p.$font};
  font-size: 9pt;
  line-height: 1.35;
  box-shadow: 0 2px 12px rgba(0, 0, 0, 0.12);
  border-radius: 4px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const CustomHeader = styled.p<{ $colour: string }>`
  margin: 0;
  text-align: center;
  color: ${(p) => p.$colour};
  white-space: pre-line;
`;

const HeaderRow = styled.header<{ $reverse: boolean; $rule: string | null }>`
  display: flex;
  flex-direction: ${(p) => (p.$reverse ? 'row-reverse' : 'row')};
  justify-content: space-between;
  align-items: flex-start;
  gap: 16px;
  padding-bottom: 8px;
  ${(p) =>
    p.$rule &&
    css`
      border-bottom: 3px solid ${p.$rule};
    `}
`;

const Logo = styled.img<{ $widthPct: number }>`
  width: ${(p) => p.$widthPct}%;
  max-height: 30mm;
  object-fit: contain;
  object-position: left top;
`;

const Heading = styled.div<{ $align: 'left' | 'right'; $colour: string; $meta: string }>`
  text-align: ${(p) => p.$align};
  margin-left: ${(p) => (p.$align === 'right' ? 'auto' : '0')};
  h2 {
    margin: 0 0 4px;
    color: ${(p) => p.$colour};
    font-size: 20pt;
    letter-spacing: 0.02em;
  }
  p {
    margin: 0;
    color: ${(p) => p.$meta};
  }
`;

const Parties = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  column-gap: 24px;
  row-gap: 10px;
`;

const Block = styled.section<{ $accent: string; $name: string; $column: number }>`
  grid-column: ${(p) => p.$column};
  h3 {
    margin: 0 0 2px;
    font-size: 9pt;
    text-transform: uppercase;
    color: ${(p) => p.$accent};
  }
  p {
    margin: 0;
  }
  p:first-of-type {
    font-weight: bold;
    color: ${(p) => p.$name};
  }
`;

const Project = styled.p<{ $colour: string }>`
  margin: 0;
  font-weight: bold;
  font-size: 11pt;
  color: ${(p) => p.$colour};
`;

const Table = styled.table<{ $primary: string; $secondary: string; $stripe: string; $style: string }>`
  width: 100%;
  border-collapse: collapse;
  font-size: 8pt;
  th {
    background: ${(p) => p.$primary};
    color: #fff;
    font-size: 8.5pt;
    padding: 6px 6px;
    text-align: left;
  }
  td {
    padding: 5px 6px;
    border-bottom: 1px solid #cbd5e0;
  }
  th.num,
  td.num {
    text-align: right;
    white-space: nowrap;
  }
  ${(p) =>
    p.$style === 'striped' &&
    css`
      tbody tr:nth-child(even) td {
        background: ${p.$stripe};
      }
    `}
  ${(p) =>
    p.$style === 'bordered' &&
    css`
      th,
      td {
        border: 1px solid ${p.$secondary};
      }
    `}
`;

const Totals = styled.dl<{ $primary: string }>`
  margin: 0 0 0 auto;
  width: 45%;
  display: grid;
  grid-template-columns: 1fr auto;
  div {
    display: contents;
  }
  dt,
  dd {
    margin: 0;
    padding: 5px 6px;
    border-bottom: 1px solid #cbd5e0;
  }
  dd {
    text-align: right;
    white-space: nowrap;
  }
  .emphasis dt,
  .emphasis dd {
    background: ${(p) => p.$primary};
    color: #fff;
    font-weight: bold;
    border-bottom: none;
  }
`;

const Section = styled.section<{ $colour: string }>`
  h3 {
    margin: 0 0 2px;
    font-size: 11pt;
    color: ${(p) => p.$colour};
  }
  p {
    margin: 0;
  }
`;

const Additional = styled.p<{ $colour: string }>`
  margin: 0;
  color: ${(p) => p.$colour};
  white-space: pre-line;
`;

const Signature = styled.section<{ $border: string; $title: string }>`
  margin-left: auto;
  width: 38%;
  aspect-ratio: 2 / 1;
  border: 1px solid ${(p) => p.$border};
  padding: 6px 8px;
  box-sizing: border-box;
  h3 {
    margin: 0 0 2px;
    font-size: 9pt;
    color: ${(p) => p.$title};
  }
  p {
    margin: 0;
    font-size: 7pt;
    color: ${(p) => p.$border};
  }
`;

const Footer = styled.footer<{ $colour: string }>`
  margin-top: auto;
  padding-top: 6px;
  border-top: 1px solid #cbd5e0;
  display: flex;
  align-items: flex-start;
  gap: 8px;
  font-size: 8pt;
  color: ${(p) => p.$colour};
  span.text {
    flex: 1;
    text-align: center;
  }
  span.page {
    margin-left: auto;
    white-space: nowrap;
  }
`;

function stripeColour(hex: string): string {
  // Same tint as the PDF's striped rows: the accent colour mixed 88 % with white.
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/(.)/g, '$1$1') : h;
  const n = Number.parseInt(full, 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.88);
  return `rgb(${mix((n >> 16) & 255)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
}

function PartyBlock({ block, layout, column }: { block: InfoBlock; layout: DocumentLayout; column: number }) {
  return (
    <Block
      aria-label={block.title}
      $accent={layout.style.colors.accent}
      $name={layout.style.colors.secondary}
      $column={column}
    >
      <h3>{block.title}</h3>
      {block.lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </Block>
  );
}

export function DocumentPreview({ layout, label }: DocumentPreviewProps) {
  const { colors } = layout.style;
  const companySide = layout.company.side;
  const columnOf = (side: 'left' | 'right') => (side === 'left' ? 1 : 2);
  return (
    <Sheet
      aria-label={label ?? `${layout.heading} ${layout.number}`}
      data-testid="document-preview"
      $font={FONT_STACK[layout.style.bodyFont]}
    >
      {layout.customHeader && <CustomHeader $colour={colors.secondary}>{layout.customHeader}</CustomHeader>}
      <HeaderRow $reverse={companySide === 'right'} $rule={layout.showHeader ? colors.primary : null}>
        {layout.logo && (
          <Logo
            src={layout.logo.dataUrl}
            alt="Logo"
            $widthPct={(layout.logo.widthMm / (210 - 2 * layout.geometry.marginMm)) * 100}
          />
        )}
        <Heading $align={companySide === 'left' ? 'right' : 'left'} $colour={colors.primary} $meta={colors.secondary}>
          <h2>{layout.heading}</h2>
          {layout.meta.map((meta) => (
            <p key={meta.label}>
              {meta.label} : {meta.value}
            </p>
          ))}
        </Heading>
      </HeaderRow>
      <Parties>
        <PartyBlock block={layout.company} layout={layout} column={columnOf(layout.company.side)} />
        <PartyBlock block={layout.client} layout={layout} column={columnOf(layout.client.side)} />
      </Parties>
      {layout.projectTitle && (
        <Project $colour={colors.secondary}>
          {layout.projectTitle.label} : {layout.projectTitle.value}
        </Project>
      )}
      <Table
        $primary={colors.primary}
        $secondary={colors.secondary}
        $stripe={stripeColour(colors.accent)}
        $style={layout.style.tableStyle}
        data-table-style={layout.style.tableStyle}
      >
        <thead>
          <tr>
            {layout.columns.map((column) => (
              <th
                key={column.label}
                className={column.align === 'right' ? 'num' : undefined}
                style={{ width: `${column.widthPct}%` }}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {layout.rows.map((row, i) => {
            const kind = layout.rowKinds?.[i] ?? 'item';
            return (
              <tr
                key={i}
                data-row-kind={kind}
                style={kind === 'item' ? undefined : { fontWeight: kind === 'text' ? 400 : 700 }}
              >
                {row.map((cell, j) => (
                  <td
                    key={j}
                    className={layout.columns[j]?.align === 'right' ? 'num' : undefined}
                    style={j === 0 ? { whiteSpace: 'pre-line' } : undefined}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table>
      <Totals $primary={colors.primary}>
        {layout.totals.map((total) => (
          <div key={total.label} className={total.emphasis ? 'emphasis' : undefined}>
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </Totals>
      {layout.sections.map((section) => (
        <Section key={section.title} $colour={colors.primary} aria-label={section.title}>
          <h3>{section.title}</h3>
          {section.lines.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </Section>
      ))}
      {layout.additionalText && <Additional $colour={colors.secondary}>{layout.additionalText}</Additional>}
      {layout.signature && (
        <Signature $border={colors.secondary} $title={colors.primary}>
          <h3>{layout.signature.title}</h3>
          {layout.signature.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Signature>
      )}
      {(layout.footer || layout.pageNumbers) && (
        <Footer $colour={colors.secondary}>
          <span className="text">{layout.footer ?? ''}</span>
          {layout.pageNumbers && <span className="page">{documentMessages.page(1, 1)}</span>}
        </Footer>
      )}
    </Sheet>
  );
}
