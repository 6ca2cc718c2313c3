// A fake plateforme agréée (PA) for local runs and tests: speaks the protocol of supabase/functions/_shared/
// plateforme.ts (POST /invoices with a bearer key, a Factur-X PDF in base64), checks the e-invoice the way a PA's
// reception does (factur-x.xml present and readable: @atelier/domain readReceivedFile), refuses a duplicate
// (same seller and number), and records what it received. Point the functions at it with env():
// PA_ADAPTER=http, PA_API_URL, PA_API_KEY.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { EInvoiceError } from '@atelier/domain/src/einvoice/messages.ts';
import { readReceivedFile } from '@atelier/domain/src/einvoice/pdf/index.ts';
import type { ReceivedInvoice } from '@atelier/domain/src/einvoice/parse.ts';

export interface PlateformeRecord {
  id: string;
  receivedAt: string;
  number: string;
  typeCode: string;
  sellerSiren: string | null;
  buyerSiren: string | null;
  bytes: number;
  /** What the PA read from the attached XML. */
  invoice: ReceivedInvoice;
}

export interface FakePlateforme {
  url: string;
  apiKey: string;
  received: PlateformeRecord[];
  env(): Record<string, string>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 30 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function authorised(req: IncomingMessage, apiKey: string): boolean {
  const given = Buffer.from((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(apiKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startFakePlateforme(options: { apiKey?: string } = {}): Promise<FakePlateforme> {
  const apiKey = options.apiKey ?? `pa_test_${randomBytes(16).toString('hex')}`;
  const received: PlateformeRecord[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (!authorised(req, apiKey)) return send(res, 401, { error: 'Clé d’API de la plateforme invalide.' });
      const path = new URL(req.url ?? '/', 'http://pa').pathname;
      if (req.method === 'GET' && path === '/invoices') return send(res, 200, received);
      if (req.method !== 'POST' || path !== '/invoices') return send(res, 404, { error: 'Not found' });
      const raw = await readBody(req);
      if (!raw) return send(res, 413, { error: 'Document trop volumineux.' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(res, 400, { error: 'Requête illisible.' });
      }
      if (typeof body.document !== 'string' || typeof body.number !== 'string') {
        return send(res, 400, { error: 'Requête illisible.' });
      }
      const document = Buffer.from(body.document, 'base64');
      let invoice: ReceivedInvoice;
      try {
        invoice = (await readReceivedFile(new Uint8Array(document))).invoice;
      } catch (error) {
        if (error instanceof EInvoiceError) return send(res, 422, { error: error.message });
        throw error;
      }
      if (invoice.number !== body.number) {
        return send(res, 422, { error: 'Le numéro annoncé ne correspond pas à celui de la facture électronique.' });
      }
      const sellerSiren = typeof body.seller_siren === 'string' ? body.seller_siren : invoice.supplier.siren;
      if (received.some((r) => r.sellerSiren === sellerSiren && r.number === invoice.number)) {
        return send(res, 409, { error: 'Facture déjà reçue.' });
      }
      const record: PlateformeRecord = {
        id: `pa_${randomBytes(8).toString('hex')}`,
        receivedAt: new Date().toISOString(),
        number: invoice.number,
        typeCode: String(body.type_code ?? invoice.typeCode),
        sellerSiren,
        buyerSiren: typeof body.buyer_siren === 'string' ? body.buyer_siren : invoice.buyer.siren,
        bytes: document.length,
        invoice,
      };
      received.push(record);
      send(res, 201, { id: record.id, status: 'deposee' });
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    received,
    env: () => ({ PA_ADAPTER: 'http', PA_API_URL: url, PA_API_KEY: apiKey }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
