import { readFileSync } from 'node:fs';
import path from 'node:path';

import { EINVOICE_MESSAGES } from '@atelier/domain/src/einvoice/messages';

import { RECEIVED_MESSAGES as M } from './messages';
import { archiveReceived, ReceivedError, readDroppedFile, type ReadFile, type ReceivedSupabase } from './model';

const USER = '6f1c1d4e-9a0b-4c7d-8e2f-0a1b2c3d4e5f';
const golden = readFileSync(
  path.join(__dirname, '../../../../shared/domain/src/einvoice/golden/a-three-rates-deposit-deducted.cii.xml'),
);

function fakeSupabase(options: { upload?: 'ok' | 'duplicate' | 'throw' | 'quota'; existing?: boolean } = {}) {
  const calls: string[] = [];
  const supabase = {
    storage: {
      from: () => ({
        upload: async (p: string, _body: Blob, o: { upsert: boolean }) => {
          calls.push(`upload ${p} upsert=${o.upsert}`);
          if (options.upload === 'throw') throw new TypeError('Failed to fetch');
          if (options.upload === 'duplicate')
            return { error: { statusCode: '409', message: 'The resource already exists' } };
          if (options.upload === 'quota') return { error: { message: 'Espace de stockage insuffisant : 100 Mo.' } };
          return { error: null };
        },
        download: async () => ({ data: null, error: null }),
      }),
    },
    from: () => ({
      insert: (row: { storage_path: string; number: string }) => ({
        select: () => ({
          single: async () => {
            calls.push(`insert ${row.storage_path}`);
            return { data: { ...row, id: 'r1', received_at: '2026-11-26T10:00:00Z' }, error: null };
          },
        }),
      }),
      select: () => ({
        eq: async () => {
          calls.push('lookup');
          return { data: options.existing ? [{ id: 'r0' }] : [], error: null };
        },
        order: () => ({ limit: async () => ({ data: [], error: null }) }),
      }),
    }),
  } as unknown as ReceivedSupabase;
  return { supabase, calls };
}

let read: ReadFile;
beforeAll(async () => {
  read = await readDroppedFile(USER, new Uint8Array(golden));
});

it('reads a CII in the browser: supplier, number, dates, totals, VAT per rate, and its archive path', () => {
  const inv = read.file.invoice;
  expect(inv.supplier.name).toBeTruthy();
  expect(inv.number).toBeTruthy();
  expect(inv.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(inv.vatBreakdown.map((v) => v.rate).sort((a, b) => a - b)).toEqual([5.5, 10, 20]);
  expect(inv.totals.ttcCents).toBe(inv.totals.htCents + inv.totals.vatCents);
  expect(read.storagePath).toMatch(new RegExp(`^${USER}/recues/\\d{4}/[A-Za-z0-9-]+_[A-Za-z0-9-]+\\.xml$`));
});

it('refuses a malformed file with the reader’s French message, not retryable', async () => {
  const bad = new TextEncoder().encode('<Invoice><cbc:ID>1</Invoice');
  await expect(readDroppedFile(USER, bad)).rejects.toEqual(new ReceivedError(EINVOICE_MESSAGES.notXml, false));
  const pdfWithout = new TextEncoder().encode('%PDF-1.7\n%%EOF');
  await expect(readDroppedFile(USER, pdfWithout)).rejects.toBeInstanceOf(ReceivedError);
});

it('archives without upsert, then records the row', async () => {
  const { supabase, calls } = fakeSupabase();
  const row = await archiveReceived({ supabase, online: () => true }, new Uint8Array(golden), read);
  expect(row.number).toBe(read.file.invoice.number);
  expect(calls).toEqual([`upload ${read.storagePath} upsert=false`, `insert ${read.storagePath}`]);
});

it('offline: says the network is needed, touches nothing, and can be retried', async () => {
  const { supabase, calls } = fakeSupabase();
  await expect(archiveReceived({ supabase, online: () => false }, new Uint8Array(golden), read)).rejects.toEqual(
    new ReceivedError(M.needsNetwork, true),
  );
  expect(calls).toEqual([]);
  const lost = fakeSupabase({ upload: 'throw' });
  await expect(archiveReceived({ supabase: lost.supabase, online: () => true }, golden, read)).rejects.toMatchObject({
    retryable: true,
  });
});

it('the same invoice twice is a duplicate; a file archived by an interrupted attempt gets its row', async () => {
  const dup = fakeSupabase({ upload: 'duplicate', existing: true });
  await expect(archiveReceived({ supabase: dup.supabase, online: () => true }, golden, read)).rejects.toEqual(
    new ReceivedError(M.duplicate(read.file.invoice.number), false),
  );
  expect(dup.calls).toEqual([`upload ${read.storagePath} upsert=false`, 'lookup']);
  const resumed = fakeSupabase({ upload: 'duplicate', existing: false });
  await archiveReceived({ supabase: resumed.supabase, online: () => true }, golden, read);
  expect(resumed.calls.at(-1)).toBe(`insert ${read.storagePath}`);
});

it('shows the server’s French refusal (storage quota) as it is', async () => {
  const { supabase } = fakeSupabase({ upload: 'quota' });
  await expect(archiveReceived({ supabase, online: () => true }, golden, read)).rejects.toEqual(
    new ReceivedError('Espace de stockage insuffisant : 100 Mo.', false),
  );
});
