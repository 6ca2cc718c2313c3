// Issue 26 on a phone (390×844, touch): the artisan generates a devis on the home page, « Envoyer par email » with
// no network queues it, back online it leaves once with its PDF; the client signs on a phone-sized anonymous
// context with a finger on the canvas; the accepted devis offers « Facturer », the invoice is mailed and its page
// shows what is due with the artisan's IBAN and RF reference. The public pages never scroll sideways.
import type { BrowserContext, Page } from '@playwright/test';

import { buildPaintingDevis, expect, MAILBOX_URL, test } from '../fixtures';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
test.use(PHONE);

const CLIENT = {
  name: 'Julie Moreau',
  email: `julie.moreau.${Date.now().toString(36)}@exemple.fr`,
  address: '8 quai Claude Bernard, 69007 Lyon',
};
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

interface MailboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

async function mailbox(to: string): Promise<MailboxMail[]> {
  const all = (await (await fetch(`${MAILBOX_URL}messages`)).json()) as MailboxMail[];
  return all.filter((m) => m.to === to);
}

async function mailsTo(to: string, count: number): Promise<MailboxMail[]> {
  for (let i = 0; i < 150; i++) {
    const mine = await mailbox(to);
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`fewer than ${count} mails for ${to}`);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

/** The page fits the phone's width: nothing to scroll sideways. */
async function expectNoSideways(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(size.scrollWidth, `page is ${size.scrollWidth}px wide on a ${size.innerWidth}px screen`).toBeLessThanOrEqual(
    size.innerWidth,
  );
}

/**
 * A finger drawing on the signature pad (CDP touch events: Chromium turns them into touch pointer events). The finger
 * rests before it lifts, as at the end of a signature: lifted while moving, Chromium starts a fling and swallows the
 * next tap (« Accepter et signer ») to stop it.
 */
async function signWithFinger(context: BrowserContext, page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const at = (dx: number, dy: number) => [{ x: box.x + dx, y: box.y + dy }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(20, 120) });
  for (const [dx, dy] of [
    [50, 60],
    [90, 140],
    [140, 50],
    [190, 130],
    [240, 70],
    [280, 110],
  ] as const) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dx, dy) });
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(281, 110) });
  await page.waitForTimeout(200);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone: devis queued offline leaves once with its PDF, signed with a finger, invoiced, paid by transfer', async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(240_000);
  void signedIn;

  // The artisan's company, with the bank details the invoice page will show.
  await page.goto('/company');
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Nom de l’entreprise').fill('Moreau Peinture');
  await form.getByLabel('SIRET').fill('73282932000074');
  await form.getByLabel('IBAN').fill(IBAN);
  await form.getByLabel('BIC').fill('AGRIFRPP');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();

  await buildPaintingDevis(page, CLIENT, 'Peinture de la cuisine');

  // No network on the building site: « Envoyer par email » queues the devis.
  const cdp = await page.context().newCDPSession(page);
  const networkState = (offline: boolean) =>
    cdp.send('Network.overrideNetworkState', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.context().setOffline(true);
  await networkState(true);
  await page.getByRole('button', { name: 'Envoyer par email' }).tap();
  const notice = page.getByTestId('send-devis-notice');
  await expect(notice).toHaveText('Hors ligne : le devis DE0001 partira par email dès le retour du réseau.');
  await expect(page.getByRole('button', { name: 'Envoi en attente du réseau' })).toBeDisabled();
  expect(await mailbox(CLIENT.email)).toHaveLength(0);

  // Back online: it leaves once, with the devis PDF.
  await page.context().setOffline(false);
  await networkState(false);
  await expect(notice).toHaveText(`Devis DE0001 envoyé à ${CLIENT.email} avec son PDF.`, { timeout: 45_000 });
  await cdp.detach();
  const [mail] = await mailsTo(CLIENT.email, 1);
  expect(mail!.subject).toBe('Devis DE0001 — Moreau Peinture');
  expect(mail!.attachments).toEqual([
    expect.objectContaining({ filename: 'devis-DE0001.pdf', contentType: 'application/pdf' }),
  ]);
  const attached = new Uint8Array(await (await fetch(`${MAILBOX_URL}m/${mail!.id}/attachments/0`)).arrayBuffer());
  const attachedText = await pdfText(attached);
  expect(attachedText).toContain('DE0001');
  expect(attachedText).toContain('367,20');
  await page.waitForTimeout(12_000); // past the queue's 10 s retry: still one mail
  expect(await mailbox(CLIENT.email)).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Envoyer par email' })).toBeEnabled();

  // The client, on their own phone with no account, signs with a finger.
  const link = /(http:\/\/\S+\/signer\/[0-9a-f]{64})/.exec(mail!.text)![1]!;
  const phone = await browser.newContext({
    ...PHONE,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'block',
  });
  const visitor = await phone.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Devis DE0001' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByTestId('public-quote-totals')).toContainText('367,20');
  await expectNoSideways(visitor);
  await visitor.getByLabel('Nom et prénom').fill(CLIENT.name);
  await visitor.getByLabel(/J’accepte ce devis/).tap();
  await signWithFinger(phone, visitor);
  await visitor.getByRole('button', { name: 'Accepter et signer' }).tap();
  await expect(visitor.getByText('Merci ! Votre acceptation est enregistrée.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(visitor.getByTestId('public-quote-decision')).toContainText(`Devis accepté par ${CLIENT.name} le`);
  await expectNoSideways(visitor);

  // The artisan's phone: « accepté », and « Facturer » right there.
  await page.goto('/clients');
  const quote = page
    .getByTestId('client-card')
    .filter({ hasText: CLIENT.name })
    .getByTestId('quote-row')
    .filter({ hasText: 'DE0001' });
  await expect(quote.getByTestId('quote-sign-status')).toContainText(`accepté par ${CLIENT.name}`, {
    timeout: 30_000,
  });
  const next = quote.getByRole('group', { name: 'Suite du devis accepté' });
  await expect(next.getByRole('button', { name: "Facture d'acompte" })).toBeVisible();
  await next.getByRole('button', { name: 'Facturer' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Générer la facture' });
  await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Générer la facture' }).tap(),
  ]);
  const invoice = page.getByTestId('invoice-row').filter({ hasText: 'FA0001' });
  await expect(invoice).toBeVisible({ timeout: 15_000 });
  await invoice.getByRole('button', { name: 'Envoyer', exact: true }).tap();
  const [invoiceMail] = await mailsTo(CLIENT.email, 2).then((all) => all.filter((m) => m.subject.includes('FA0001')));
  expect(invoiceMail!.attachments[0]!.filename).toBe('facture-FA0001.pdf');
  const invoiceLink = /(http:\/\/\S+\/facture-en-ligne\/[0-9a-f]{64})/.exec(invoiceMail!.text)![1]!;

  // The client's invoice page on the phone: due amount, the artisan's IBAN and the RF reference.
  await visitor.goto(invoiceLink);
  await expect(visitor.getByRole('heading', { name: 'Facture FA0001' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByTestId('public-invoice-due')).toHaveText(/^367,20\s€$/);
  await expect(visitor.getByTestId('bank-amount')).toHaveText(/^367,20\s€$/);
  await expect(visitor.getByTestId('bank-iban')).toHaveText(IBAN);
  await expect(visitor.getByTestId('payment-reference')).toHaveText(/^RF\d\d FA00 01$/);
  await expectNoSideways(visitor);
  await phone.close();
});
