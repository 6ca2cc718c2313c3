// Issue 9: « Mot de passe oublié ? » end to end through the backend's local mailbox, and the security headers
// of every app's HTML.
import { expect, test } from '@playwright/test';

import { appOrigin, BACKEND_URL, createUser, latestMail, MAILBOX_URL } from '../fixtures';

test('Mot de passe oublié ? → mail in the local mailbox → link → new password → sign-in', async ({ page }) => {
  const user = await createUser('oubli');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Si un compte existe pour cette adresse')).toBeVisible();

  // The mailbox page, as a user of an install without SMTP would read it.
  const mail = await latestMail(user.email);
  await page.goto(MAILBOX_URL);
  await expect(page.getByRole('heading', { name: 'Boîte mail locale' })).toBeVisible();
  await page.locator(`a[href="m/${mail.id}"]`).click();
  await page.getByRole('link', { name: 'Réinitialisez votre mot de passe' }).click();

  await page.waitForURL(`${appOrigin(0)}/auth/nouveau-mot-de-passe`);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Tout-Neuf-2026!');
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Tout-Neuf-2026!');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();

  // The new password signs in; the old one no longer does.
  const config = (await (await fetch(`${appOrigin(0)}/config.json`)).json()) as { supabaseAnonKey: string };
  const signIn = (password: string) =>
    fetch(`${BACKEND_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    });
  expect((await signIn('Tout-Neuf-2026!')).status).toBe(200);
  expect((await signIn(user.password)).status).toBe(400);

  // The link was single-use.
  await page.goto(`${MAILBOX_URL}m/${mail.id}`);
  await page.getByRole('link', { name: 'Réinitialisez votre mot de passe' }).click();
  await expect(page.getByText('Ce lien est invalide ou a expiré.')).toBeVisible();
});

test('every app sends CSP, nosniff and Referrer-Policy with its HTML, without inline scripts', async ({ request }) => {
  for (const offset of [0, 1, 2, 3, 4, 5]) {
    const res = await request.get(`${appOrigin(offset)}/${offset === 0 ? '' : 'index.html'}`);
    const headers = res.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    if (res.status() === 200 && (headers['content-type'] ?? '').includes('text/html')) {
      for (const tag of (await res.text()).match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
    }
  }
});
