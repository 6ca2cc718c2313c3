// send-document with SMTP_URL (issue 26): the mail leaves through nodemailer under Deno to a real SMTP
// conversation (a minimal SMTP sink here), with the company as display name, Reply-To the artisan and the PDF
// attached as a MIME part; nothing goes to the local mailbox.
import { createServer, type Server } from 'node:net';

import { PDFDocument } from 'pdf-lib';

import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(180_000);

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpSink(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          received.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else {
          if (verb === 'MAIL') current.from = line;
          if (verb === 'RCPT') current.to.push(line);
          socket.write('250 OK\r\n');
        }
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    }),
  );
}

let sink: Awaited<ReturnType<typeof smtpSink>>;
let backend: RunningBackend;
let alice: SignedInUser;

beforeAll(async () => {
  sink = await smtpSink();
  // Sign-ups are usable at once here (the suite's helper confirms them itself).
  backend = await startTestBackend({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, requireEmailConfirmation: false });
  alice = await signUpUser(backend, 'smtp-alice');
});
afterAll(async () => {
  await backend?.close();
  sink?.server.close();
});

it('sends the devis through SMTP_URL with the PDF attached', async () => {
  expect(backend.mailbox).toBeUndefined();
  await alice.client
    .from('user_settings')
    .upsert({
      user_id: alice.id,
      key: 'companyInfo',
      value: { name: 'Durand Rénovation', email: 'contact@durand.fr' },
    });
  const email = `smtp.client.${Date.now()}@example.fr`;
  const c = await alice.client
    .from('clients')
    .insert({ user_id: alice.id, name: 'Paul Client', email })
    .select()
    .single();
  const q = await alice.client
    .from('quotes')
    .insert({
      user_id: alice.id,
      client_id: c.data!.id,
      number: 'DE0001',
      lines: [{ name: 'Peinture', unit: 'm2', price: 20, quantity: 10, vatRate: 20, vatCategory: 'standard' }],
      vat_rate: 20,
      total_ht_cents: 20000,
      tva_cents: 4000,
      total_ttc_cents: 24000,
      snapshot: { company: { name: 'Durand Rénovation' } },
    })
    .select()
    .single();
  const doc = await PDFDocument.create();
  doc.addPage();
  const pdf = Buffer.from(await doc.save()).toString('base64');
  const res = await raw(backend, '/functions/v1/send-document', {
    method: 'POST',
    token: alice.accessToken,
    body: JSON.stringify({ table: 'quotes', id: q.data!.id, pdf }),
  });
  expect(res.status).toBe(200);
  const mail = sink.received.find((m) => m.to.some((t) => t.includes(email)))!;
  expect(mail).toBeDefined();
  expect(mail.from).toContain('no-reply@atelier.local');
  const headers = mail.data.slice(0, mail.data.indexOf('\r\n\r\n'));
  // « Durand Rénovation » as an RFC 2047 display name.
  expect(headers).toMatch(/^From: =\?UTF-8\?Q\?Durand_R=C3=A9novation\?= <no-reply@atelier\.local>/m);
  expect(headers).toMatch(/^Reply-To: contact@durand\.fr/m);
  expect(headers).toMatch(/^Subject: /m);
  expect(mail.data).toMatch(/Content-Type: application\/pdf; name=devis-DE0001\.pdf/);
  expect(mail.data).toContain('Content-Transfer-Encoding: base64');
  const sends = await alice.client.from('document_sends').select('status').eq('document_id', q.data!.id);
  expect(sends.data).toEqual([{ status: 'sent' }]);
});
