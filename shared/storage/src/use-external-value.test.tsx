import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';

import { useExternalValue } from './use-external-value';

/** A minimal external source (what a stored value or a state cell is to React). */
function source<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const never = new Promise<never>(() => {});

function Show({ src }: { src: ReturnType<typeof source<string>> }) {
  const value = useExternalValue(src.subscribe, src.get);
  // 'slow' stands for a page whose new data is not ready: it suspends.
  if (value === 'slow') throw never;
  return <p data-testid="value">{value}</p>;
}

function Page({ src }: { src: ReturnType<typeof source<string>> }) {
  return (
    <Suspense fallback={<p>chargement</p>}>
      <Show src={src} />
    </Suspense>
  );
}

describe('useExternalValue', () => {
  it('renders the current value and follows changes', () => {
    const src = source('a');
    render(<Page src={src} />);
    expect(screen.getByTestId('value')).toHaveTextContent('a');
    act(() => src.set('b'));
    expect(screen.getByTestId('value')).toHaveTextContent('b');
  });

  it('re-renders a change that is not the user’s own in a transition: the page on screen stays', () => {
    const src = source('a');
    render(<Page src={src} />);
    // Data arriving (no event being dispatched): a transition keeps the shown page instead of a fallback.
    act(() => src.set('slow'));
    expect(screen.getByTestId('value')).toHaveTextContent('a');
    expect(screen.queryByText('chargement')).not.toBeInTheDocument();
  });

  it('re-renders a change made during the user’s event at once (urgent update)', () => {
    const src = source('a');
    render(<Page src={src} />);
    const button = document.createElement('button');
    button.addEventListener('click', () => src.set('slow'));
    document.body.append(button);
    // An urgent update shows the fallback at once, as useSyncExternalStore would.
    act(() => button.click());
    expect(screen.getByText('chargement')).toBeInTheDocument();
    button.remove();
  });

  it('re-renders data delivered during a non-user event (IndexedDB success, a message) in a transition', () => {
    const src = source('a');
    render(<Page src={src} />);
    // While IndexedDB hands rows over, window.event is its `success` event (jsdom sets it for a node's events).
    const target = document.createElement('div');
    document.body.append(target);
    target.addEventListener('success', () => {
      expect(window.event?.type).toBe('success');
      src.set('slow');
    });
    act(() => void target.dispatchEvent(new Event('success')));
    target.remove();
    expect(screen.getByTestId('value')).toHaveTextContent('a');
    expect(screen.queryByText('chargement')).not.toBeInTheDocument();
  });

  it('reads a new source at once, not the previous source’s value for one render', () => {
    const first = source('premier');
    const second = source('second');
    const seen: string[] = [];
    function Spy({ src }: { src: ReturnType<typeof source<string>> }) {
      const value = useExternalValue(src.subscribe, src.get);
      seen.push(value);
      return <p data-testid="spy">{value}</p>;
    }
    const { rerender } = render(<Spy src={first} />);
    const before = seen.length;
    rerender(<Spy src={second} />);
    expect(screen.getByTestId('spy')).toHaveTextContent('second');
    expect(seen.slice(before)).not.toContain('premier');
  });
});
