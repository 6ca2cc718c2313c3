import { combineLatest, firstValueFrom, map, skip } from 'rxjs';

import { StateCell } from './state-stream';

it('behaves like a BehaviorSubject for plain subscribers', () => {
  const cell = new StateCell(1);
  const seen: number[] = [];
  const sub = cell.stream.subscribe((v) => seen.push(v));
  cell.next(2);
  sub.unsubscribe();
  cell.next(3);
  expect(seen).toEqual([1, 2]);
  expect(sub.closed).toBe(true);
  expect(cell.getValue()).toBe(3);
});

it('accepts observer objects', () => {
  const cell = new StateCell('a');
  const next = jest.fn();
  cell.stream.subscribe({ next });
  expect(next).toHaveBeenCalledWith('a');
});

it('works with rxjs operators and interop helpers', async () => {
  const cell = new StateCell({ status: 'loading' });
  const statuses: string[] = [];
  const piped = cell.stream.pipe(map((s) => s.status)).subscribe((s) => statuses.push(s));
  await new Promise((r) => setTimeout(r, 0)); // rxjs loads on first pipe
  cell.next({ status: 'signed-in' });
  expect(statuses).toEqual(['loading', 'signed-in']);
  piped.unsubscribe();
  cell.next({ status: 'signed-out' });
  expect(statuses).toEqual(['loading', 'signed-in']);

  await expect(firstValueFrom(cell.stream)).resolves.toEqual({ status: 'signed-out' });
  const later = firstValueFrom(cell.stream.pipe(skip(1)));
  await new Promise((r) => setTimeout(r, 0));
  cell.next({ status: 'signed-in' });
  await expect(later).resolves.toEqual({ status: 'signed-in' });

  const other = new StateCell(10);
  const pairs: [string, number][] = [];
  const both = combineLatest([cell.stream.pipe(map((s) => s.status)), other.stream]).subscribe((pair) =>
    pairs.push(pair),
  );
  await new Promise((r) => setTimeout(r, 0));
  other.next(11);
  expect(pairs).toEqual([
    ['signed-in', 10],
    ['signed-in', 11],
  ]);
  both.unsubscribe();
});

it('does not leak listeners after firstValueFrom', async () => {
  const cell = new StateCell(0);
  await firstValueFrom(cell.stream);
  await firstValueFrom(cell.stream);
  expect((cell as unknown as { listeners: Set<unknown> }).listeners.size).toBe(0);
});
