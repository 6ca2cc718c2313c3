// What each stored line of a devis / invoice is for the money: an item in the total, an option outside it, or a
// text / section line without amount. A section marked option makes every item under it an option (accepted
// with it); an item's own flags win over its section's.
import type { StoredLine } from './document-lines';

/** What the roles read of a line. */
export type RoleFields = Pick<StoredLine, 'kind' | 'option' | 'accepted'>;

export type LineRole = 'item' | 'option' | 'text' | 'section';

export interface LineInfo {
  role: LineRole;
  /** Index of the section the line belongs to (the last section above it), or null. */
  section: number | null;
  /** Whether the line is an item whose option was accepted (it then counts like an item). */
  acceptedOption: boolean;
}

export function isItemLine(line: Pick<StoredLine, 'kind'>): boolean {
  return line.kind === undefined || line.kind === 'item';
}

/** The role of each line, in order. */
export function lineInfos(lines: readonly RoleFields[]): LineInfo[] {
  let section: number | null = null;
  return lines.map((line, index) => {
    if (line.kind === 'section') {
      section = index;
      return { role: 'section', section: index, acceptedOption: false };
    }
    if (line.kind === 'text') return { role: 'text', section, acceptedOption: false };
    const parent = section === null ? undefined : lines[section];
    const option = line.option ?? parent?.option ?? false;
    const accepted = line.accepted ?? (line.option == null ? parent?.accepted : undefined) ?? false;
    if (option && !accepted) return { role: 'option', section, acceptedOption: false };
    return { role: 'item', section, acceptedOption: option };
  });
}

/** The lines in the total: items, and options the client accepted (text, sections and other options carry none). */
export function linesInTotal<L extends RoleFields>(lines: readonly L[]): L[] {
  const infos = lineInfos(lines);
  return lines.filter((_, i) => infos[i]!.role === 'item');
}
