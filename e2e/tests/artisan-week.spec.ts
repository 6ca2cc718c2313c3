// Issue 29: an artisan's week without surprises. Each test replays one numbered problem of the issue as the
// plumber met it (several browsers signed in to the same account, a phone) and failed before the fix.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, BrowserContext, Page } from '@playwright/test';

import {
  BACKEND_URL,
  createUser,
  expect,
  latestMail,
  mockGeocoder,
  newUserData,
  signIn,
  test,
  type TestUser,
} from '../fixtures';

/** A new browser (its own storage, like another device) signed in to `user`. */
async function device(browser: Browser, user: TestUser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const page: Page = await context.newPage();
  await mockGeocoder(page);
  await signIn(page, user);
  return { context, page };
}

test.describe('issue 29 — 1: signing out on one device', () => {
  test('« Se déconnecter » on the phone keeps both PCs signed in; « tous les appareils » ends them', async ({
    browser,
  }) => {
    const user = await createUser('deconnexion');
    const pc1 = await device(browser, user);
    const pc2 = await device(browser, user);
    const phone = await device(browser, user, { viewport: { width: 390, height: 844 }, isMobile: true });

    await phone.page.goto('/account');
    await phone.page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
    await expect(phone.page).toHaveURL(/\/auth$/);

    // The PCs' next page loads keep them signed in.
    for (const pc of [pc1, pc2]) {
      await pc.page.goto('/tasks');
      await expect(pc.page).toHaveURL(/\/tasks$/);
      await expect(pc.page.getByRole('heading', { name: 'Gestion des Tâches' })).toBeVisible();
    }

    // « Se déconnecter de tous les appareils » on PC 1 ends PC 2's session too.
    await pc1.page.goto('/account');
    await pc1.page.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
    await expect(pc1.page).toHaveURL(/\/auth$/);
    await pc2.page.goto('/tasks');
    await expect(pc2.page).toHaveURL(/\/auth$/);

    for (const d of [pc1, pc2, phone]) await d.context.close();
  });
});

test.describe('issue 29 — 3: the first devis after sign-up', () => {
  test('the company given at sign-up is saved: the first devis is generated without visiting /company', async ({
    page,
  }) => {
    await mockGeocoder(page);
    const user = newUserData('premier-devis');
    await page.goto('/auth');
    await page
      .getByRole('button', { name: /inscri/i })
      .first()
      .click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByLabel(/confirm/i).fill(user.password);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel(/entreprise/i).fill('Plomberie Durand');
    await page.getByLabel(/prénom/i).fill(user.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(user.lastName);
    await page.getByLabel(/téléphone/i).fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel(/adresse/i).fill('12 rue de la');
    await page.getByText('12 Rue de la Paix 75002 Paris').click();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText('Gratuit', { exact: true }).first().click();
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/tasks');
    await page.getByLabel('Nom de la tâche').fill('Tuyau cuivre');
    await page.getByLabel(/prix/i).fill('18');
    await page.getByLabel('Unité', { exact: true }).selectOption('ml');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();

    await page.goto('/');
    const editor = page.getByRole('region', { name: 'Modifier le devis' });
    await editor.getByLabel('Nom', { exact: true }).fill('Zoé Lefèvre');
    await editor.getByLabel('Email', { exact: true }).fill('zoe.lefevre@exemple.fr');
    await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await exportPanel.getByRole('button', { name: 'Générer le PDF' }).click();
    await expect(page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toBeVisible({ timeout: 20_000 });
    await expect(exportPanel).not.toContainText('Le nom de votre entreprise est requis');

    await page.goto('/company');
    const form = page.getByRole('form', { name: 'Entreprise' });
    await expect(form.getByLabel('Nom de l’entreprise')).toHaveValue('Plomberie Durand');
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  });
});

test.describe('issue 29 — 6: the task catalogue', () => {
  test('a second « Tuyau cuivre » is refused in French; a task is edited in place and stays edited', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const add = async (name: string, price: string) => {
      await page.getByLabel('Nom de la tâche').fill(name);
      await page.getByLabel(/prix/i).fill(price);
      await page.getByLabel('Unité', { exact: true }).selectOption('ml');
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    };
    await page.goto('/tasks');
    const list = page.getByRole('list', { name: 'Tâches enregistrées' });
    await add('Tuyau cuivre', '18');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await add('tuyau CUIVRÉ', '20');
    await expect(page.getByText("La tâche « Tuyau cuivre » existe déjà pour l'unité ml")).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await list.getByRole('button', { name: 'Modifier la tâche Tuyau cuivre' }).click();
    const form = page.getByRole('form', { name: 'Modifier la tâche Tuyau cuivre' });
    await form.getByLabel('Nom de la tâche').fill('Tuyau cuivre Ø14');
    await form.getByLabel(/prix/i).fill('abc');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeVisible();
    await form.getByLabel(/prix/i).fill('19,90');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toHaveCount(0);

    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('Tuyau cuivre Ø14');
    await expect(list.getByRole('listitem').first()).toContainText(/19,90\s€ \/ ml/);
  });
});

test.describe('issue 29 — 7: notes typed but not yet added', () => {
  test('the notes and the proposed lines survive a reload and a page change, until added to the devis', async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    void signedIn;
    const catalogue = fs.readFileSync(
      path.resolve(__dirname, '../../mf-recognition/fixtures/dictations/catalogue.json'),
      'utf8',
    );
    await page.evaluate((tasks) => localStorage.setItem('tasks', tasks), catalogue);
    await page.goto('/');
    const notes = page.getByTestId('notes-panel');
    const box = notes.getByLabel('Vos notes');
    const typed = 'Plinthes 4,2 ml\npose de lavabo';
    await box.fill(typed);
    await notes.getByRole('button', { name: 'Analyser les notes' }).click();
    const proposed = notes.getByTestId('proposed-line');
    await expect(proposed).toHaveCount(2, { timeout: 30_000 });
    await proposed.filter({ hasText: 'Pose de plinthes' }).getByLabel('Quantité : Pose de plinthes').fill('5,5');

    await page.reload();
    await expect(box).toHaveValue(typed, { timeout: 30_000 });
    await expect(proposed).toHaveCount(2);
    await expect(notes.getByLabel('Quantité : Pose de plinthes')).toHaveValue('5,5');

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Clients' })
      .click();
    await expect(page).toHaveURL(/\/clients$/);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Devis' }).click();
    await expect(box).toHaveValue(typed, { timeout: 30_000 });
    await expect(notes.getByLabel('Quantité : Pose de plinthes')).toHaveValue('5,5');

    await notes.getByRole('button', { name: 'Ajouter au devis' }).click();
    const devis = page.getByRole('region', { name: 'Devis en cours' });
    await expect(devis.getByRole('row').filter({ hasText: 'Pose de plinthes' })).toHaveCount(1, { timeout: 15_000 });
    await page.reload();
    await expect(devis.getByRole('row').filter({ hasText: 'Pose de plinthes' })).toHaveCount(1, { timeout: 15_000 });
    await expect(notes.getByTestId('proposed-line')).toHaveCount(0);
    await expect(notes.getByLabel('Vos notes')).toHaveValue('');
  });
});

test.describe('issue 29 — 5: changing between paid plans on a phone', () => {
  test('Pro → Enterprise → Pro on a phone: each answer is shown next to the button pressed', async ({ browser }) => {
    test.setTimeout(120_000);
    const user = await createUser('changement');
    const phone = await device(browser, user, { viewport: { width: 390, height: 844 }, isMobile: true });
    const page = phone.page;
    const plan = page.getByTestId('current-plan');

    await page.goto('/account');
    await page.getByRole('button', { name: 'Changer de plan' }).click();
    await page.getByRole('button', { name: 'Sélectionner Pro' }).click();
    await expect(page).toHaveURL(/\/stripe-sandbox\/checkout\//);
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/AA)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Payer/ }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(plan).toContainText('Pro');
    await expect(plan).toContainText('Actif');

    await page.getByRole('button', { name: 'Changer de plan' }).click();
    await page.getByRole('button', { name: 'Sélectionner Enterprise' }).click();
    const notice = page.getByTestId('plan-notice');
    await expect(notice).toContainText('Votre abonnement est passé au plan Enterprise');
    await expect(notice).toBeInViewport();
    await expect(plan).toContainText('Enterprise');

    // Back to Pro: nothing charged now, the lower price from the next renewal.
    await page.getByRole('button', { name: 'Sélectionner Pro' }).click();
    await expect(notice).toContainText("Rien n'est remboursé ni facturé aujourd'hui");
    await expect(notice).toBeInViewport();
    await expect(plan).toContainText('Pro');

    // « Gratuit » while paying: how to cancel, also next to the button.
    await page.getByRole('button', { name: 'Sélectionner Gratuit' }).click();
    await expect(notice).toContainText('Pour revenir au plan gratuit, résiliez votre abonnement');
    await expect(notice).toBeInViewport();
    await phone.context.close();
  });
});

test.describe('issue 29 — 8: wording true to what each plan gets', () => {
  test('the free card offers the built-in photo and voice recognition, only the AI is marked off', async ({ page }) => {
    await page.goto('/auth');
    await page
      .getByRole('button', { name: /inscri/i })
      .first()
      .click();
    const user = newUserData('cartes');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByLabel(/confirm/i).fill(user.password);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel(/entreprise/i).fill('Plomberie Durand');
    await page.getByLabel(/prénom/i).fill(user.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(user.lastName);
    await page.getByLabel(/téléphone/i).fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await mockGeocoder(page);
    await page.getByLabel(/adresse/i).fill('12 rue de la');
    await page.getByText('12 Rue de la Paix 75002 Paris').click();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Inscription - Étape 4/4')).toBeVisible();
    await expect(page.getByText('✓ Reconnaissance photo et vocale intégrée').first()).toBeVisible();
    await expect(page.getByText('✗ Reconnaissance photo et vocale', { exact: true })).toHaveCount(0);
    await expect(page.getByText('✗ Analyse par IA des photos et de la dictée')).toHaveCount(1);
  });

  test('a Pro account shows Pro when the server cannot be reached', async ({ browser }) => {
    test.setTimeout(120_000);
    const user = await createUser('pro-hors-ligne');
    const { context, page } = await device(browser, user);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Changer de plan' }).click();
    await page.getByRole('button', { name: 'Sélectionner Pro' }).click();
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/AA)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Payer/ }).click();
    await expect(page.getByTestId('current-plan')).toContainText('Pro');
    await page.goto('/');
    await expect(page.getByTestId('plan-badge')).toContainText('Pro');

    // The network drops (the backend's data API is unreachable): the last known plan stays.
    await page.route(`${BACKEND_URL}/rest/v1/**`, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByTestId('plan-badge')).toContainText('Pro');
    await expect(page.getByTestId('plan-badge')).not.toContainText('Gratuit');
    await context.close();
  });

  test('the e-mail link lands on « adresse confirmée »; the same link again says it was used', async ({ page }) => {
    const user = await createUser('lien', {}, { confirmed: false });
    const mail = await latestMail(user.email);
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/auth\/confirmation\?resultat=confirmee$/);
    await expect(page.getByText('Votre adresse email est confirmée.')).toBeVisible();
    expect(page.url()).not.toContain('access_token');
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto(link!);
    await expect(page.getByText('Ce lien de confirmation a expiré ou a déjà été utilisé.')).toBeVisible();
  });
});
