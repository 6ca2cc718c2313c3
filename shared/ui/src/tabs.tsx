import styled from 'styled-components';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

const List = styled.div`
  display: flex;
  gap: 0.25rem;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 1rem;
  overflow-x: auto;
`;

const Tab = styled.button<{ $active: boolean }>`
  min-height: 44px;
  padding: 0.5rem 1rem;
  border: none;
  background: none;
  cursor: pointer;
  font-weight: 600;
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.muted)};
  border-bottom: 3px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  margin-bottom: -2px;

  /* On a phone the tabs share the row instead of scrolling one of them out of sight. */
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    flex: 1 1 0;
    min-width: 0;
    padding: 0.5rem 0.25rem;
    text-align: center;
    white-space: normal;
    overflow-wrap: anywhere;
    hyphens: auto;
  }
`;

export function Tabs<K extends string>({
  items,
  value,
  onChange,
}: {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
}) {
  return (
    <List role="tablist">
      {items.map((item) => (
        <Tab
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === value}
          $active={item.key === value}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </Tab>
      ))}
    </List>
  );
}
