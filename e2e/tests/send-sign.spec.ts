// Issue 26 « send, sign, get paid »: the artisan sends a devis from /clients → the local mailbox has the mail
// with the PDF attached (read back: number, totals) → a second, anonymous browser context opens the link, signs
// with the mouse and accepts → /clients shows « accepté » with the signer's name and date, and the archived signed
// devis carries the evidence page. A revoked, tampered or expired link shows a French message and nothing of it.
// The first send is made offline: queued, it leaves once the network is back.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type { Download, Page } from '@playwright/test';

import { BACKEND_URL, buildPaintingDevis, expect, MAILBOX_URL, serviceRoleKey, test } from '../fixtures';

const CLIENT = {
  name: 'Paul Lefèvre',
  email: `paul.lefevre.${Date.now().toString(36)}@exemple.fr`,
  phone: '06 12 34 56 78',
  address: '3 rue des Lilas, 69001 Lyon',
};

interface MailboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  from: string;
  replyTo?: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile((await download.path())!));
}

/** The mails to `to`, newest first, once there are at least `count`. */
async function mailsTo(to: string, count: number): Promise<MailboxMail[]> {
  for (let i = 0; i < 100; i++) {
    const all = (await (await fetch(`${MAILBOX_URL}messages`)).json()) as MailboxMail[];
    const mine = all.filter((m) => m.to === to);
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`fewer than ${count} mails for ${to}`);
}

const linkOf = (mail: MailboxMail) => /(http:\/\/\S+\/signer\/[0-9a-f]{64})/.exec(mail.text)![1]!;

/** The company as the artisan completes it on /company (the name is the mails' sender name). */
async function setCompany(page: Page): Promise<void> {
  await page.goto('/company');
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Nom de l’entreprise').fill('Martin Rénovation');
  await form.getByLabel('SIRET').fill('73282932000074');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
}

test('devis sent by mail with its PDF, signed online by the client, « accepté » on /clients; bad links show nothing', async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(180_000);
  void signedIn;
  await setCompany(page);
  await buildPaintingDevis(page, CLIENT, 'Peinture du séjour');

  await page.goto('/clients');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  const quote = card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toBeVisible({ timeout: 15_000 });
  await expect(quote.getByTestId('quote-sign-status')).toHaveText('Statut : brouillon');

  // « Envoyer » on a phone without network: queued, sent once back online; the mail is in the local mailbox
  // with the devis PDF.
  // As a phone does: no network, navigator.onLine false and the `offline` / `online` events (Chromium no longer
  // derives them from setOffline: see pwa-offline.spec.ts).
  const cdp = await page.context().newCDPSession(page);
  const networkState = (offline: boolean) =>
    cdp.send('Network.overrideNetworkState', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.context().setOffline(true);
  await networkState(true);
  await quote.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(quote.getByTestId('document-send-notice')).toHaveText(
    'Hors ligne : l’envoi partira dès le retour du réseau.',
  );
  await expect(quote.getByRole('button', { name: 'Envoi en attente du réseau' })).toBeDisabled();
  await page.context().setOffline(false);
  await networkState(false);
  await expect(quote.getByTestId('quote-sign-status')).toHaveText('Statut : envoyé', { timeout: 30_000 });
  await cdp.detach();
  await expect(quote.getByRole('button', { name: 'Envoyer', exact: true })).toBeEnabled();
  await expect(quote.getByTestId('document-sends')).toContainText(`à ${CLIENT.email}`);
  const [first] = await mailsTo(CLIENT.email, 1);
  expect(first!.subject).toBe('Devis DE0001 — Martin Rénovation');
  expect(first!.from).toBe('Martin Rénovation <no-reply@atelier.local>');
  expect(first!.attachments).toEqual([
    expect.objectContaining({ filename: 'devis-DE0001.pdf', contentType: 'application/pdf' }),
  ]);
  const attached = new Uint8Array(await (await fetch(`${MAILBOX_URL}m/${first!.id}/attachments/0`)).arrayBuffer());
  const attachedText = await pdfText(attached);
  expect(attachedText).toContain('DE0001');
  expect(attachedText).toContain('367,20');
  expect(first!.text.replace(/\s/g, ' ')).toContain('367,20 € TTC');

  // A second send: a new link; the first one is revoked.
  await quote.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const [second] = await mailsTo(CLIENT.email, 2);
  const revokedLink = linkOf(first!);
  const link = linkOf(second!);
  expect(link).not.toBe(revokedLink);

  const client = await browser.newContext(); // anonymous: no session, no storage of the artisan
  const visitor = await client.newPage();
  const showsNothing = async (url: string, message: RegExp) => {
    await visitor.goto(url);
    await expect(visitor.getByTestId('public-document-error')).toHaveText(message, { timeout: 30_000 });
    await expect(visitor.locator('body')).not.toContainText('DE0001');
    await expect(visitor.locator('body')).not.toContainText('Peinture');
  };
  await showsNothing(revokedLink, /Ce lien a été désactivé par l’artisan/);
  await showsNothing(link.slice(0, -1) + (link.endsWith('0') ? '1' : '0'), /Ce lien n’est pas valide/);
  // An expired link (a devis past its 30 days): the first link, moved in time through the service role.
  const hash = createHash('sha256').update(revokedLink.split('/').pop()!).digest('hex');
  const key = serviceRoleKey();
  const moved = await fetch(`${BACKEND_URL}/rest/v1/document_links?token_hash=eq.${hash}`, {
    method: 'PATCH',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ revoked_at: null, expires_at: '2020-01-01T00:00:00Z' }),
  });
  expect(moved.status).toBeLessThan(300);
  await showsNothing(revokedLink, /Ce lien a expiré/);

  // The client opens the valid link, signs with the mouse and accepts.
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Devis DE0001' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByTestId('public-quote-totals')).toContainText('367,20');
  await expect(visitor.getByText('Peinture murs')).toBeVisible();
  await visitor.getByLabel('Nom et prénom').fill('Paul Lefèvre');
  await visitor.getByRole('button', { name: 'Accepter et signer' }).click();
  await expect(visitor.getByText('Cochez la case pour accepter le devis et ses conditions.')).toBeVisible();
  await visitor.getByLabel(/J’accepte ce devis/).check();
  const pad = visitor.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await visitor.mouse.move(box.x + 30, box.y + 120);
  await visitor.mouse.down();
  for (const [dx, dy] of [
    [60, 40],
    [110, 130],
    [170, 50],
    [240, 120],
    [300, 60],
  ]) {
    await visitor.mouse.move(box.x + dx!, box.y + dy!, { steps: 5 });
  }
  await visitor.mouse.up();
  await visitor.getByRole('button', { name: 'Accepter et signer' }).click();
  await expect(visitor.getByText('Merci ! Votre acceptation est enregistrée.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(visitor.getByTestId('public-quote-decision')).toContainText('Devis accepté par Paul Lefèvre le');
  await client.close();

  // The artisan sees it on /clients, and the archived signed devis has the evidence page.
  await page.reload();
  const today = new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
  const accepted = page
    .getByTestId('client-card')
    .filter({ hasText: CLIENT.name })
    .getByTestId('quote-row')
    .filter({ hasText: 'DE0001' });
  await expect(accepted.getByTestId('quote-sign-status')).toHaveText(`Statut : accepté par Paul Lefèvre le ${today}`, {
    timeout: 30_000,
  });
  const [signed] = await Promise.all([
    page.waitForEvent('download'),
    accepted.getByRole('button', { name: 'Devis signé (PDF)' }).click(),
  ]);
  expect(signed.suggestedFilename()).toBe('devis-DE0001-signe.pdf');
  const signedText = await pdfText(await bytesOf(signed));
  expect(signedText).toContain('Acceptation électronique du devis DE0001');
  expect(signedText).toContain('Accepté par : Paul Lefèvre');
  expect(signedText).toContain(
    createHash('sha256')
      .update(await fetchPdfOf(second!))
      .digest('hex'),
  );
});

async function fetchPdfOf(mail: MailboxMail): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(`${MAILBOX_URL}m/${mail.id}/attachments/0`)).arrayBuffer());
}
