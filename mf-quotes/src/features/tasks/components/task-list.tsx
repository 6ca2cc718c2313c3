import type { Task } from '@atelier/domain';
import { memo, useState } from 'react';
import styled from 'styled-components';

import { Button, Muted } from '../../../components/primitives';
import { TASKS_MESSAGES as M } from '../messages';
import { isOuvrage } from '../model/catalogue-item';
import { formatTaskPrice, taskFormValues } from '../model/task-form';
import { TaskForm } from './task-form';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

/** Rows below the screen are laid out and painted when scrolled to (a list of 100 on a phone shows about 8). */
const Row = styled.li`
  content-visibility: auto;
  contain-intrinsic-size: auto 58px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

/** Name — price on one line; on a phone the price goes under the name instead of wrapping mid-way. */
const Label = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: flex;
    flex-direction: column;
    .separator {
      display: none;
    }
  }
`;

const RowActions = styled.div`
  display: flex;
  gap: 8px;
`;

const EditRow = styled.li`
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

interface TaskListProps {
  tasks: readonly Task[];
  /** The catalogue indexes to show (search, category filter, paging); default: all. */
  indexes?: readonly number[];
  onDelete(index: number): void;
  /** Returns whether the edited task was stored; the row closes only then. */
  onEdit(index: number, task: Task): boolean;
}

export function TaskList({ tasks, indexes, onDelete, onEdit }: TaskListProps) {
  const [editing, setEditing] = useState<number | null>(null);
  if (tasks.length === 0) return <Muted>{M.emptyList}</Muted>;
  const shown = indexes ?? tasks.map((_, i) => i);
  return (
    <List aria-label={M.listTitle}>
      {shown.map((index) => {
        const task = tasks[index]!;
        return editing === index ? (
          <EditRow key={`${index}-${task.name}`}>
            <TaskForm
              idPrefix={`task-edit-${index}`}
              catalogue={tasks}
              editing={{ index, initial: taskFormValues(task), onCancel: () => setEditing(null) }}
              onAdd={(edited) => {
                const stored = onEdit(index, edited);
                if (stored) setEditing(null);
                return stored;
              }}
            />
          </EditRow>
        ) : (
          <TaskRow key={`${index}-${task.name}`} index={index} task={task} onEdit={setEditing} onDelete={onDelete} />
        );
      })}
    </List>
  );
}

interface TaskRowProps {
  index: number;
  task: Task;
  onEdit(index: number): void;
  onDelete(index: number): void;
}

/**
 * One task of the list. Memoised: a key typed in the search re-renders only the rows that come into view, not the
 * hundred already shown (each row is six styled components).
 */
const TaskRow = memo(function TaskRow({ index, task, onEdit, onDelete }: TaskRowProps) {
  return (
    <Row>
      <Label>
        <strong>{task.name}</strong>
        <span className="separator" aria-hidden="true">
          {' — '}
        </span>
        <span>{formatTaskPrice(task)}</span>
        {task.category || isOuvrage(task) ? (
          <Meta>
            {' · '}
            {[task.category, isOuvrage(task) ? M.ouvrageBadge : null].filter(Boolean).join(' · ')}
          </Meta>
        ) : null}
      </Label>
      <RowActions>
        <Button type="button" $variant="secondary" aria-label={M.editLabel(task.name)} onClick={() => onEdit(index)}>
          {M.editButton}
        </Button>
        <Button type="button" $variant="danger" aria-label={M.deleteLabel(task.name)} onClick={() => onDelete(index)}>
          {M.deleteButton}
        </Button>
      </RowActions>
    </Row>
  );
});
