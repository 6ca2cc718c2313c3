import type { Task } from '@atelier/domain';
import { STORAGE_KEYS, tasksStore, useStoredValue } from '@atelier/storage';
import { useState } from 'react';

import { Banner, Card, CardTitle, Page, PageTitle } from '../../../components/primitives';
import { StorageIssuesBanner } from '../../../components/storage-issues-banner';
import { TASKS_MESSAGES as M } from '../messages';
import { TaskForm } from './task-form';
import { TaskList } from './task-list';

/** /tasks: the task catalogue (SPEC.md §2 « Tasks »), stored under the `tasks` key. */
export function TasksPage() {
  const tasks = useStoredValue(tasksStore);
  const [writeError, setWriteError] = useState<string | null>(null);

  function addTask(task: Task): boolean {
    const result = tasksStore.set((prev) => [...prev, task]);
    setWriteError(result.ok ? null : result.message);
    return result.ok;
  }

  function editTask(index: number, task: Task): boolean {
    const result = tasksStore.set((prev) => prev.map((existing, i) => (i === index ? task : existing)));
    setWriteError(result.ok ? null : result.message);
    return result.ok;
  }

  function deleteTask(index: number): void {
    const result = tasksStore.set((prev) => prev.filter((_, i) => i !== index));
    setWriteError(result.ok ? null : result.message);
  }

  return (
    <Page>
      <PageTitle>{M.pageTitle}</PageTitle>
      <StorageIssuesBanner keys={[STORAGE_KEYS.tasks]} />
      {writeError && <Banner tone="error">{writeError}</Banner>}
      <Card>
        <CardTitle>{M.formTitle}</CardTitle>
        <TaskForm onAdd={addTask} catalogue={tasks} />
      </Card>
      <Card>
        <CardTitle>{M.listTitle}</CardTitle>
        <TaskList tasks={tasks} onDelete={deleteTask} onEdit={editTask} />
      </Card>
    </Page>
  );
}
