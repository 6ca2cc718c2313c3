// Account export (decision 0022) of issued documents never archived: before the export, /account archives them the
// way /clients does (decision 0032) — the browser's PDF sent to `facturx`, which builds the XML from the stored rows,
// embeds it and archives the Factur-X PDF once — so the ZIP holds their PDF and no longer only their XML. Here the
// real archiving step of mf-account (archiveMissingPdfs, real supabase-js filters, real facturx) runs against the
// backend with a pdf-lib drawing standing in for the browser's jsPDF one. Attacker: another user's run archives
// nothing of the first user's.
import { PDFDocument, StandardFonts } from 'pdf-lib';

import {
  archiveMissingPdfs,
  type ArchiveSupabase,
  type ArchiveTable,
} from '../../mf-account/src/features/account/closing/archive-missing';
import type { RunningBackend } from '../src/server.ts';
import { userWithEverything, type FullUser } from './account-deletion-fixture.ts';
import { signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';
import { readZip } from './read-zip.ts';

jest.setTimeout(240_000);

let backend: RunningBackend;
let alice: FullUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await userWithEverything(backend, 'archive-alice');
  bob = await signUpUser(backend, 'archive-bob');
}, 240_000);
afterAll(async () => {
  await backend?.close();
});

const exportZip = async (token: string) => {
  const res = await fetch(`${backend.url}/functions/v1/account-export`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return readZip(new Uint8Array(await res.arrayBuffer()));
};

/** What the browser draws (jsPDF there): a real one-page PDF naming the document. */
async function draw(table: ArchiveTable, row: Record<string, unknown>): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc
    .addPage()
    .drawText(`${table === 'invoices' ? 'Facture' : 'Avoir'} ${String(row.number)}`, { font, x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

describe('account export of documents issued without an archived PDF', () => {
  it('archives them as Factur-X before the export: the ZIP has their PDF (with factur-x.xml), not only XML', async () => {
    const avoir = `avoir-${alice.creditNoteNumber}`;
    const before = await exportZip(alice.accessToken);
    expect(before.has(`factures-xml/${avoir}.xml`)).toBe(true);
    expect(before.has(`avoirs/${avoir}.pdf`)).toBe(false);
    expect(before.get('README.txt')!.toString('utf8')).toContain(`Avoir ${alice.creditNoteNumber}`);
    // The fixture issued two invoices and the avoir without archiving them (as offline issues do).
    const xmlOnly = [...before.keys()].filter((n) => n.startsWith('factures-xml/')).sort();
    expect(xmlOnly).toHaveLength(3);

    // Another user's run sees none of Alice's rows (RLS) and archives nothing of hers.
    expect(await archiveMissingPdfs(bob.client as unknown as ArchiveSupabase, draw)).toEqual({ archived: 0, left: 0 });
    const untouched = await backend.db.query(`select pdf_path from public.credit_notes where user_id = $1`, [alice.id]);
    expect(untouched.rows.every((r) => r.pdf_path === null)).toBe(true);

    expect(await archiveMissingPdfs(alice.client as unknown as ArchiveSupabase, draw)).toEqual({
      archived: 3,
      left: 0,
    });
    const after = await exportZip(alice.accessToken);
    for (const xml of xmlOnly) {
      const name = xml.slice('factures-xml/'.length, -'.xml'.length);
      const pdf = after.get(`${name.startsWith('avoir') ? 'avoirs' : 'factures'}/${name}.pdf`);
      expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
      // The Factur-X the facturx function embedded: built from the stored rows, the document's own number.
      expect(pdf!.includes('factur-x.xml')).toBe(true);
      expect(after.has(xml)).toBe(false);
    }
    expect(after.has(`avoirs/${avoir}.pdf`)).toBe(true);
    expect(after.get('README.txt')!.toString('utf8')).not.toContain('DOCUMENTS ÉMIS SANS PDF ARCHIVÉ');

    // A second run finds nothing left to archive (the archived file is never replaced).
    expect(await archiveMissingPdfs(alice.client as unknown as ArchiveSupabase, draw)).toEqual({
      archived: 0,
      left: 0,
    });
  });
});
