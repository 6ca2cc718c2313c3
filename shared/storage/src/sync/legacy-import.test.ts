// The browser side of the legacy import (issue 25 item 3): the RPC's hint `legacy_import_done` means « already
// imported » (no error, the source moved aside as after an import); per-row `errors` are passed on; a failure
// that may pass (server unreachable) keeps the source for the next sign-in.
import { STORAGE_MESSAGES } from '../messages';
import { STORAGE_KEYS } from '../stores';
import { importLegacyClientBook, importLots, type LegacyImportDeps } from './legacy-import';
import type { SyncEngine } from './sync-engine';

const USER = '11111111-1111-4111-8111-111111111111';
const BOOK = JSON.stringify([{ name: 'Éloïse Durand', email: 'eloise@example.fr', quotes: [], invoices: [] }]);

function engine() {
  const sync = jest.fn(async () => undefined);
  return { engine: { userId: USER, sync } as unknown as SyncEngine, sync };
}

function deps(answer: Awaited<ReturnType<LegacyImportDeps['rpc']>>) {
  const rpc = jest.fn(async () => answer);
  return { deps: { rpc } as LegacyImportDeps, rpc };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.clients, BOOK);
});

it('hint legacy_import_done: already imported, no error, the source kept aside', async () => {
  const { engine: e, sync } = engine();
  const { deps: d, rpc } = deps({
    data: null,
    error: {
      message: 'Les données de l’ancienne version ont déjà été importées dans ce compte.',
      hint: 'legacy_import_done',
      code: 'P0001',
    },
  });
  const result = await importLegacyClientBook(e, d);
  expect(rpc).toHaveBeenCalledTimes(1);
  expect(result).toEqual({ clients: 0, quotes: 0, invoices: 0, skipped: 0, errors: [], alreadyImported: true });
  expect(localStorage.getItem(STORAGE_KEYS.clients)).toBeNull();
  expect(localStorage.getItem(`${STORAGE_KEYS.clients}.imported-${USER}`)).toBe(BOOK);
  expect(sync).not.toHaveBeenCalled();
  // A later sign-in finds nothing to import: no second call.
  expect(await importLegacyClientBook(e, d)).toBeNull();
  expect(rpc).toHaveBeenCalledTimes(1);
});

it('per-row errors are returned (shape checked, lengths bounded) and worded for the user', async () => {
  const { engine: e, sync } = engine();
  const { deps: d } = deps({
    data: {
      clients: 1,
      quotes: 0,
      invoices: 0,
      skipped: 0,
      errors: [
        { kind: 'quote', legacy_id: 'q-1', message: 'Devis sans identifiant valide : non importé.' },
        { kind: 'invoice', legacy_id: 'x'.repeat(500), message: 'Facture illisible : non importée.' },
        'garbage',
        { kind: 'invoice', message: 42 },
      ],
    },
    error: null,
  });
  const result = await importLegacyClientBook(e, d);
  expect(sync).toHaveBeenCalled();
  expect(result?.errors).toEqual([
    { kind: 'quote', legacyId: 'q-1', message: 'Devis sans identifiant valide : non importé.' },
    { kind: 'invoice', legacyId: 'x'.repeat(100), message: 'Facture illisible : non importée.' },
  ]);
  expect(STORAGE_MESSAGES.legacyImportRowErrors(result!.errors.slice(0, 1))).toBe(
    "1 document n'a pas été importé : Devis sans identifiant valide : non importé. (« q-1 »)",
  );
  const many = Array.from({ length: 7 }, (_, i) => ({ legacyId: `d${i}`, message: 'Refusé.' }));
  expect(STORAGE_MESSAGES.legacyImportRowErrors(many)).toMatch(
    /^7 documents n'ont pas été importés : .* Et 2 autres\.$/,
  );
});

it('another refusal is an error and the source stays for the next sign-in', async () => {
  const { engine: e } = engine();
  const { deps: d } = deps({ data: null, error: { message: 'Trop de clients', hint: 'legacy_import_too_large' } });
  await expect(importLegacyClientBook(e, d)).rejects.toThrow('Trop de clients');
  expect(localStorage.getItem(STORAGE_KEYS.clients)).toBe(BOOK);
});

it('a big book goes in lots of 25 clients (≤ 250 documents), the last one final; counts and errors add up', async () => {
  const book = Array.from({ length: 230 }, (_, i) => ({
    name: `Client ${i}`,
    email: `c${i}@example.fr`,
    quotes: [],
    invoices: [],
  }));
  localStorage.setItem(STORAGE_KEYS.clients, JSON.stringify(book));
  const { engine: e } = engine();
  const calls: Array<{ size: number; final: unknown }> = [];
  const rpc = jest.fn(async (_fn: string, args: Record<string, unknown>) => {
    const lot = args.p_clients as unknown[];
    calls.push({ size: lot.length, final: args.p_final });
    return {
      data: { clients: lot.length, quotes: 0, invoices: 0, skipped: 0, errors: [{ kind: 'quote', message: 'x.' }] },
      error: null,
    };
  });
  const result = await importLegacyClientBook(e, { rpc } as LegacyImportDeps);
  expect(calls).toEqual([...Array.from({ length: 9 }, () => ({ size: 25, final: false })), { size: 5, final: true }]);
  expect(result?.clients).toBe(230);
  expect(result?.errors).toHaveLength(10);
  expect(localStorage.getItem(STORAGE_KEYS.clients)).toBeNull();
});

it('importLots: documents bound a lot too; one lot even when empty', () => {
  const client = (n: number) => ({ quotes: Array.from({ length: n }), invoices: [] });
  expect(importLots([client(200), client(100), client(10)]).map((lot) => lot.length)).toEqual([1, 2]);
  expect(importLots([])).toEqual([[]]);
});
