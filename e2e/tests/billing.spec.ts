// Plans and billing end to end against the local Stripe sandbox: upgrade with the 4242 test card, a declined
// card, sign-up with a paid plan, and cancellation at period end through the billing portal + sandbox clock.
import type { Page } from '@playwright/test';

import { BACKEND_URL, expect, mockGeocoder, newUserData, serviceRoleKey, test } from '../fixtures';

async function payWith(page: Page, card: string) {
  await expect(page.getByText('Mode test — aucun paiement réel')).toBeVisible();
  await page.getByLabel('Numéro de carte').fill(card);
  await page.getByLabel('Expiration (MM/AA)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();
}

async function choosePlan(page: Page, name: 'Pro' | 'Enterprise') {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Changer de plan' }).click();
  await page.getByRole('button', { name: `Sélectionner ${name}` }).click();
  await expect(page).toHaveURL(/\/stripe-sandbox\/checkout\//);
}

const plan = (page: Page) => page.getByTestId('current-plan');

test.describe('plans and billing (Stripe sandbox)', () => {
  test('a free user upgrades to Pro with 4242: success message, Actif, unlimited quotes', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/account');
    await expect(plan(page)).toContainText('Gratuit');
    await expect(plan(page)).not.toContainText('Actif');
    // Billing is the local Stripe sandbox here (no STRIPE_SECRET_KEY): the section says so (issue 25).
    await expect(page.getByTestId('billing-test-mode')).toHaveText('Mode test');
    await choosePlan(page, 'Pro');
    await expect(page.getByText('29,99 € par mois')).toBeVisible();
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/account$/); // query cleared
    await expect(page.getByText('Votre abonnement a été activé avec succès !')).toBeVisible();
    await expect(plan(page)).toContainText('Pro');
    await expect(plan(page)).toContainText('Actif');
    await expect(page.getByTestId('subscription-period')).toContainText('Renouvellement le');
    await expect(page.getByRole('region', { name: 'Quotas' })).toContainText('Devis illimités');

    // Another paid plan moves the same subscription (issue 29.5), answered next to the button.
    await page.getByRole('button', { name: 'Changer de plan' }).click();
    await expect(page.getByRole('button', { name: 'Plan actuel Pro' })).toBeDisabled();
    await page.getByRole('button', { name: 'Sélectionner Enterprise' }).click();
    await expect(page.getByTestId('plan-notice')).toContainText('Votre abonnement est passé au plan Enterprise');
    await expect(plan(page)).toContainText('Enterprise');

    // Diagnostic: the rules give the same answer as the server.
    await page.getByRole('button', { name: 'Diagnostic' }).click();
    await expect(page.getByTestId('computed-status')).toHaveText('active / enterprise');
    await page.getByRole('button', { name: 'Synchroniser' }).click();
    await expect(page.getByText('Synchronisation réussie')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('plan-badge')).toContainText('Enterprise');
    await expect(page.getByText(/devis restants? ce mois-ci/)).toHaveCount(0);
  });

  test('a declined card keeps the free plan with a French message; Annuler comes back', async ({ page, signedIn }) => {
    void signedIn;
    await choosePlan(page, 'Pro');
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Votre carte a été refusée');
    await page.getByRole('link', { name: 'Annuler' }).click();
    await expect(page.getByText("Le processus d'abonnement a été annulé.")).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(plan(page)).toContainText('Gratuit');
    await expect(plan(page)).not.toContainText('Actif');
  });

  test('sign-up choosing Enterprise goes through the checkout and comes back Enterprise', async ({ page }) => {
    await mockGeocoder(page);
    const user = newUserData('enterprise');
    await page.goto('/auth');
    await page
      .getByRole('button', { name: /inscri/i })
      .first()
      .click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByLabel(/confirm/i).fill(user.password);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel(/entreprise/i).fill(user.companyName);
    await page.getByLabel(/prénom/i).fill(user.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(user.lastName);
    await page.getByLabel(/téléphone/i).fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel(/adresse/i).fill('12 rue de la');
    await page.getByText('12 Rue de la Paix 75002 Paris').click();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Inscription - Étape 4/4')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Enterprise/ })).toContainText('54,99');
    await page.getByRole('radio', { name: /Enterprise/ }).click();
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();

    await expect(page).toHaveURL(/\/stripe-sandbox\/checkout\//);
    await expect(page.getByRole('heading', { name: /Enterprise/ })).toBeVisible();
    await payWith(page, '4242424242424242');
    await expect(page.getByText('Votre abonnement a été activé avec succès !')).toBeVisible();
    await expect(plan(page)).toContainText('Enterprise');
    await expect(plan(page)).toContainText('Actif');
  });

  test('cancel at period end in the portal: active until the sandbox clock passes the end, then free', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await choosePlan(page, 'Pro');
    await payWith(page, '4242 4242 4242 4242');
    await expect(plan(page)).toContainText('Actif');

    await page.getByRole('button', { name: 'Gérer mon abonnement' }).click();
    await expect(page).toHaveURL(/\/stripe-sandbox\/portal\//);
    await expect(page.getByText(/Renouvellement le/)).toBeVisible();
    await page.getByRole('button', { name: "Annuler l'abonnement" }).click();
    await expect(page.getByText(/Se termine le/)).toBeVisible();
    await page.getByRole('link', { name: 'Retour' }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(plan(page)).toContainText('Actif');
    await expect(page.getByTestId('subscription-period')).toContainText('Se termine le');

    // Just before the end: still Pro. Just after: free.
    const clock = async (seconds: number) => {
      const res = await fetch(`${BACKEND_URL}/stripe-sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${serviceRoleKey()}` },
        body: JSON.stringify({ seconds }),
      });
      expect(res.status).toBe(200);
    };
    await clock(27 * 86400);
    await page.reload();
    await expect(plan(page)).toContainText('Actif');
    await clock(5 * 86400);
    await page.reload();
    await expect(plan(page)).toContainText('Gratuit');
    await expect(plan(page)).not.toContainText('Actif');
  });
});
