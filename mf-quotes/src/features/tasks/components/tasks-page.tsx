import type { Task } from '@atelier/domain';
import { STORAGE_KEYS, tasksStore, useStoredValue } from '@atelier/storage';
import { saveFile } from '@atelier/ui';
import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';

import {
  Banner,
  Button,
  Card,
  CardTitle,
  Field,
  FieldRow,
  Input,
  Muted,
  Page,
  PageTitle,
  Select,
} from '../../../components/primitives';
import { StorageIssuesBanner } from '../../../components/storage-issues-banner';
import { IMPORT_MESSAGES as I, TASKS_MESSAGES as M } from '../messages';
import { catalogueCategories, createCatalogueSearch, newTaskId } from '../model/catalogue-item';
import { mergeImport } from '../model/catalogue-import';
import type { ImportOutcome } from './catalogue-import-dialog';
import { TaskForm } from './task-form';
import { TaskList } from './task-list';

// The import dialog (papaparse; SheetJS for XLSX) and the CSV export are loaded when used.
const CatalogueImportDialog = lazy(() => import('./catalogue-import-dialog'));

/** Rows shown at first and added by « Afficher plus » (a 5 000-task catalogue is searched, not scrolled). */
const PAGE_SIZE = 100;
const ALL = '__all__';
const NONE = '__none__';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 1rem;
`;

const nf = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, ' ');

async function downloadCsv(tasks: readonly Task[]): Promise<void> {
  const { catalogueToCsv } = await import('../model/catalogue-file');
  saveFile('catalogue-taches.csv', new Blob([catalogueToCsv(tasks)], { type: 'text/csv;charset=utf-8' }));
}

/** The add form, re-rendered when the catalogue changes, not on each key of the search. */
const AddTaskForm = memo(TaskForm);

/** The category filter's options (one per category of a catalogue that may hold 5 000 tasks), built per catalogue. */
const CategoryOptions = memo(function CategoryOptions({ categories }: { categories: readonly string[] }) {
  return (
    <>
      <option value={ALL}>{M.allCategories}</option>
      {categories.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
      <option value={NONE}>{M.noCategory}</option>
    </>
  );
});

/** /tasks: the task catalogue (SPEC.md §2 « Tasks »), stored under the `tasks` key. */
export function TasksPage() {
  const tasks = useStoredValue(tasksStore);
  const [writeError, setWriteError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const [limit, setLimit] = useState(PAGE_SIZE);

  const search = useMemo(() => createCatalogueSearch(tasks), [tasks]);
  // The search texts are computed after the rows are painted, before the first key typed (usually).
  useEffect(() => {
    const timer = setTimeout(() => search.prepare(), 0);
    return () => clearTimeout(timer);
  }, [search]);
  const categories = useMemo(() => catalogueCategories(tasks), [tasks]);
  const matches = useMemo(
    () => search(query, category === ALL ? null : category === NONE ? '' : category),
    [search, query, category],
  );

  // Stable handlers: a key typed in the search re-renders neither the add form nor the rows already shown.
  const store = useCallback((next: (prev: Task[]) => Task[]): boolean => {
    const result = tasksStore.set(next);
    setWriteError(result.ok ? null : result.message);
    return result.ok;
  }, []);
  const addTask = useCallback((task: Task) => store((prev) => [...prev, { id: newTaskId(), ...task }]), [store]);
  const editTask = useCallback(
    (index: number, task: Task) => store((prev) => prev.map((existing, i) => (i === index ? task : existing))),
    [store],
  );
  const deleteTask = useCallback((index: number) => void store((prev) => prev.filter((_, i) => i !== index)), [store]);

  function importItems(items: Task[]): ImportOutcome {
    // Merged against the stored catalogue and written once: everything or, on a refusal, nothing.
    const merged = mergeImport(tasksStore.get(), items);
    if (!merged.ok) return merged;
    const result = tasksStore.set(merged.catalogue);
    if (!result.ok) return { ok: false, message: result.message };
    setWriteError(null);
    return { ok: true, added: merged.added, updated: merged.updated };
  }

  const filtering = query.trim() !== '' || category !== ALL;
  return (
    <Page>
      <PageTitle>{M.pageTitle}</PageTitle>
      <StorageIssuesBanner keys={[STORAGE_KEYS.tasks]} />
      {writeError && <Banner tone="error">{writeError}</Banner>}
      <Card>
        <CardTitle>{M.formTitle}</CardTitle>
        <AddTaskForm onAdd={addTask} catalogue={tasks} />
      </Card>
      <Card>
        <CardTitle>{M.listTitle}</CardTitle>
        <Toolbar>
          <Button type="button" $variant="secondary" onClick={() => setImporting(true)}>
            {I.importButton}
          </Button>
          <Button type="button" $variant="secondary" disabled={!tasks.length} onClick={() => void downloadCsv(tasks)}>
            {I.exportButton}
          </Button>
        </Toolbar>
        {tasks.length ? (
          <FieldRow>
            <Field label={M.searchLabel} htmlFor="tasks-search">
              <Input
                id="tasks-search"
                type="search"
                value={query}
                placeholder={M.searchPlaceholder}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setLimit(PAGE_SIZE);
                }}
              />
            </Field>
            <Field label={M.categoryFilterLabel} htmlFor="tasks-category">
              <Select
                id="tasks-category"
                value={category}
                onChange={(e) => {
                  setCategory(e.target.value);
                  setLimit(PAGE_SIZE);
                }}
              >
                <CategoryOptions categories={categories} />
              </Select>
            </Field>
          </FieldRow>
        ) : null}
        {tasks.length > PAGE_SIZE || filtering ? (
          <p role="status">{M.shownCount(nf(matches.length), nf(tasks.length))}</p>
        ) : null}
        {tasks.length && !matches.length ? <Muted>{M.noMatch}</Muted> : null}
        {!tasks.length || matches.length ? (
          <TaskList tasks={tasks} indexes={matches.slice(0, limit)} onDelete={deleteTask} onEdit={editTask} />
        ) : null}
        {matches.length > limit ? (
          <Button type="button" $variant="secondary" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
            {M.showMore(nf(Math.min(PAGE_SIZE, matches.length - limit)))}
          </Button>
        ) : null}
      </Card>
      {importing ? (
        <Suspense fallback={null}>
          <CatalogueImportDialog open onClose={() => setImporting(false)} onImport={importItems} />
        </Suspense>
      ) : null}
    </Page>
  );
}
