// The line picker: type-ahead over the catalogue (5 000 items and more) for the devis editor. An ARIA 1.2
// combobox (input role=combobox + listbox, aria-activedescendant): ↓/↑ move, Enter picks, Escape closes; the
// match ignores case and accents and looks at the name and the category, every typed word must appear. Only the
// visible options are rendered (@tanstack/react-virtual), so a keystroke costs the search plus a few rows. The
// open list is its own chunk (catalogue-picker-options.tsx), loaded when the list first opens.
import type { Task } from '@atelier/domain';
import { Field, Input } from '@atelier/ui';
import { lazy, Suspense, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';

import { TASKS_MESSAGES as M } from '../messages';
import { createCatalogueSearch } from '../model/catalogue-item';
import { LIST_HEIGHT } from './catalogue-picker-sizes';

const CatalogueOptions = lazy(() => import('./catalogue-picker-options'));

const Wrapper = styled.div`
  position: relative;
`;

const List = styled.div`
  position: absolute;
  z-index: 20;
  left: 0;
  right: 0;
  top: calc(100% - 0.75rem);
  max-height: ${LIST_HEIGHT}px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.12);
`;

const Empty = styled.div`
  padding: 10px 12px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Status = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

export interface CataloguePickerProps {
  /** The catalogue (tasksStore's value). */
  tasks: readonly Task[];
  /** Called with the chosen catalogue task (its `id`, when it has one, is the line's `catalogueId`). */
  onPick(task: Task): void;
  /** The visible label (default « Ajouter depuis le catalogue »). */
  label?: string;
  /** The input's id (default: generated). */
  id?: string;
  disabled?: boolean;
}

export function CataloguePicker({ tasks, onPick, label = M.pickerLabel, id, disabled }: CataloguePickerProps) {
  const generated = useId();
  const inputId = id ?? `catalogue-picker-${generated.replace(/:/g, '')}`;
  const listId = `${inputId}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);

  // Prepared with the catalogue (when the devis opens), not at the first key typed.
  const search = useMemo(() => {
    const created = createCatalogueSearch(tasks);
    created.prepare();
    return created;
  }, [tasks]);
  const matches = useMemo(() => (open ? search(query) : []), [search, query, open]);

  function moveTo(index: number) {
    setActive(index); // scrolled into view by the list (catalogue-picker-options.tsx)
  }

  function pick(index: number) {
    const task = tasks[matches[index] ?? -1];
    if (!task) return;
    onPick(task);
    setQuery('');
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (matches.length) moveTo(Math.min(active + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length) moveTo(Math.max(active - 1, 0));
    } else if (event.key === 'Home' && open && matches.length && event.ctrlKey) {
      event.preventDefault();
      moveTo(0);
    } else if (event.key === 'End' && open && matches.length && event.ctrlKey) {
      event.preventDefault();
      moveTo(matches.length - 1);
    } else if (event.key === 'Enter') {
      if (open && active >= 0) {
        event.preventDefault();
        pick(active);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQuery('');
    }
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <Wrapper>
      <Field label={label} htmlFor={inputId}>
        <Input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          placeholder={M.pickerPlaceholder}
          disabled={disabled}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(event.target.value.trim() ? 0 : -1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </Field>
      <List ref={listRef} id={listId} role="listbox" aria-label={label} hidden={!open}>
        {open && matches.length === 0 ? <Empty>{M.pickerNoMatch}</Empty> : null}
        {open ? (
          <Suspense fallback={null}>
            <CatalogueOptions
              tasks={tasks}
              matches={matches}
              listRef={listRef}
              listId={listId}
              query={query}
              active={active}
              setActive={setActive}
              pick={pick}
            />
          </Suspense>
        ) : null}
      </List>
      <Status role="status" aria-live="polite">
        {open && query.trim() && matches.length ? M.pickerCount(String(matches.length)) : ''}
      </Status>
    </Wrapper>
  );
}
