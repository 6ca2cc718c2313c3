import type { SyncRow } from '@atelier/storage';

import { followMerges, mergeTargets } from './merge';

const row = (patch: Partial<SyncRow>): SyncRow => ({ id: 'x', updated_at: '', ...patch });

it('follows merge chains to the client kept, and moves only the rows of merged clients', () => {
  const targets = mergeTargets([
    row({ id: 'a', merged_into: 'b' }),
    row({ id: 'b', merged_into: 'c' }),
    row({ id: 'c' }),
    row({ id: 'loop1', merged_into: 'loop2' }),
    row({ id: 'loop2', merged_into: 'loop1' }),
  ]);
  expect(targets.get('a')).toBe('c');
  expect(targets.get('b')).toBe('c');
  expect(targets.has('c')).toBe(false);
  const kept = row({ id: 'i2', client_id: 'c' });
  const moved = followMerges([row({ id: 'i1', client_id: 'a' }), kept], targets);
  expect(moved.map((r) => r.client_id)).toEqual(['c', 'c']);
  expect(moved[1]).toBe(kept);
});
