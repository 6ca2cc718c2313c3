import type { Task } from '@atelier/domain';
import { useState } from 'react';
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

const Row = styled.li`
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
          <Row key={`${index}-${task.name}`}>
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
              <Button
                type="button"
                $variant="secondary"
                aria-label={M.editLabel(task.name)}
                onClick={() => setEditing(index)}
              >
                {M.editButton}
              </Button>
              <Button
                type="button"
                $variant="danger"
                aria-label={M.deleteLabel(task.name)}
                onClick={() => onDelete(index)}
              >
                {M.deleteButton}
              </Button>
            </RowActions>
          </Row>
        );
      })}
    </List>
  );
}
