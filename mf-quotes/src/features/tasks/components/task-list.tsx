import type { Task } from '@atelier/domain';
import styled from 'styled-components';

import { Button, Muted } from '../../../components/primitives';
import { TASKS_MESSAGES as M } from '../messages';
import { formatTaskPrice } from '../model/task-form';

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

export function TaskList({ tasks, onDelete }: { tasks: readonly Task[]; onDelete(index: number): void }) {
  if (tasks.length === 0) return <Muted>{M.emptyList}</Muted>;
  return (
    <List aria-label={M.listTitle}>
      {tasks.map((task, index) => (
        <Row key={`${index}-${task.name}`}>
          <Label>
            <strong>{task.name}</strong>
            <span className="separator" aria-hidden="true">
              {' — '}
            </span>
            <span>{formatTaskPrice(task)}</span>
          </Label>
          <Button type="button" $variant="danger" aria-label={M.deleteLabel(task.name)} onClick={() => onDelete(index)}>
            {M.deleteButton}
          </Button>
        </Row>
      ))}
    </List>
  );
}
