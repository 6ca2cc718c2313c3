import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { z } from 'zod';

import { createStoredValue } from './stored-value';
import { useStoredValue } from './use-stored-value';

const schema = z.array(z.string());

function Names({ store }: { store: ReturnType<typeof createStoredValue<string[]>> }) {
  const names = useStoredValue(store);
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <p data-testid="names">{names.join(',')}</p>
      <button onClick={() => setClicks((c) => c + 1)}>re-render {clicks}</button>
    </div>
  );
}

beforeEach(() => localStorage.clear());

describe('useStoredValue', () => {
  it('renders the stored value and follows same-tab writes', () => {
    const store = createStoredValue('names-1', schema, []);
    store.set(['a']);
    render(<Names store={store} />);
    expect(screen.getByTestId('names')).toHaveTextContent('a');
    act(() => void store.set(['a', 'b']));
    expect(screen.getByTestId('names')).toHaveTextContent('a,b');
  });

  it('does not read storage on re-renders that do not concern it', () => {
    const store = createStoredValue('names-2', schema, []);
    store.set(['x']);
    render(<Names store={store} />);
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    for (let i = 0; i < 5; i += 1) act(() => screen.getByRole('button').click());
    expect(getItem).not.toHaveBeenCalled();
    getItem.mockRestore();
  });

  it('picks up a value written directly before mounting, even when an older one was cached', () => {
    const store = createStoredValue('names-3', schema, []);
    store.set(['old']);
    localStorage.setItem('names-3', JSON.stringify(['new']));
    render(<Names store={store} />);
    expect(screen.getByTestId('names')).toHaveTextContent('new');
  });
});
