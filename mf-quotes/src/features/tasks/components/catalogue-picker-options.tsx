// The open list of the line picker (catalogue-picker.tsx): only the visible options are rendered
// (@tanstack/react-virtual). Its own chunk, loaded when the list first opens: the devis page's start does not
// download, compile nor run the virtualizer (~10 KB gzip) while nobody has opened the picker (issue 14, cold JS
// and TBT on /).
import type { Task } from '@atelier/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import styled from 'styled-components';

import { TASKS_MESSAGES as M } from '../messages';
import { isOuvrage } from '../model/catalogue-item';
import { formatTaskPrice } from '../model/task-form';
import { LIST_HEIGHT, OPTION_HEIGHT } from './catalogue-picker-sizes';

const Option = styled.div<{ $active: boolean }>`
  position: absolute;
  left: 0;
  right: 0;
  height: ${OPTION_HEIGHT}px;
  padding: 6px 12px;
  display: flex;
  flex-direction: column;
  justify-content: center;
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.background : 'transparent')};
  outline: ${({ $active, theme }) => ($active ? `2px solid ${theme.colors.primary}` : 'none')};
  outline-offset: -2px;
  .name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .meta {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.muted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export interface CatalogueOptionsProps {
  tasks: readonly Task[];
  /** Indexes into `tasks`, in the order shown. */
  matches: readonly number[];
  /** The scrolling listbox (the picker's). */
  listRef: RefObject<HTMLDivElement | null>;
  listId: string;
  query: string;
  active: number;
  setActive(index: number): void;
  pick(index: number): void;
}

export default function CatalogueOptions({
  tasks,
  matches,
  listRef,
  listId,
  query,
  active,
  setActive,
  pick,
}: CatalogueOptionsProps) {
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => OPTION_HEIGHT,
    overscan: 4,
    initialRect: { width: 400, height: LIST_HEIGHT },
  });
  // A new search starts at the top; the active option (↑/↓, Ctrl+Home/End) is scrolled into view.
  useEffect(() => virtualizer.scrollToOffset(0), [query, virtualizer]);
  useEffect(() => {
    if (active >= 0) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer]);

  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((row) => {
        const task = tasks[matches[row.index]!]!;
        return (
          <Option
            key={row.key}
            id={`${listId}-${row.index}`}
            role="option"
            aria-selected={row.index === active}
            aria-setsize={matches.length}
            aria-posinset={row.index + 1}
            $active={row.index === active}
            style={{ top: row.start }}
            // Keep the focus in the input (the blur would close the list before the click).
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => row.index !== active && setActive(row.index)}
            onClick={() => pick(row.index)}
          >
            <span className="name">{task.name}</span>
            <span className="meta">
              {formatTaskPrice(task)}
              {task.category ? ` · ${task.category}` : ''}
              {isOuvrage(task) ? ` · ${M.ouvrageBadge}` : ''}
            </span>
          </Option>
        );
      })}
    </div>
  );
}
