// /admin against the real backend: the administrator finds a user by company, deletes them after confirming, and
// that user can no longer sign in; anyone else sees 'Accès refusé'.
import { ADMIN, BACKEND_URL, appOrigin, createUser, expect, newUserData, signIn, test } from '../fixtures';

async function anonKey(): Promise<string> {
  const res = await fetch(`${appOrigin(0)}/config.json`);
  return ((await res.json()) as { supabaseAnonKey: string }).supabaseAnonKey;
}

/** A user with a company name of their own (accented), signed up through GoTrue. */
async function createCompanyUser(companyName: string) {
  const user = newUserData('cible');
  const key = await anonKey();
  const res = await fetch(`${BACKEND_URL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      data: { first_name: 'Élise', last_name: 'Bérard', company_name: companyName, phone: '0611223344', siret: '' },
    }),
  });
  expect(res.status).toBe(200);
  return user;
}

test('the administrator finds a user by company name, deletes them after confirming; they can no longer sign in', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const target = await createCompanyUser(`Ébénisterie Crêpe ${tag}`);
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await expect(page.getByText('Revenu mensuel récurrent')).toBeVisible();

  // Accent- and case-insensitive, on the server.
  await page.getByLabel('Rechercher un utilisateur').fill(`EBENISTERIE crepe ${tag}`);
  const card = page.getByRole('article', { name: target.email });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('admin-user-card')).toHaveCount(1);
  await expect(card.getByText('Élise Bérard')).toBeVisible();
  await expect(card.getByText('06 11 22 33 44')).toBeVisible();

  await card.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer cet utilisateur ?' });
  await expect(dialog).toContainText(target.email);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`L'utilisateur ${target.email} a été supprimé.`)).toBeVisible();
  await expect(page.getByTestId('admin-user-card')).toHaveCount(0);

  const key = await anonKey();
  const signInAttempt = await fetch(`${BACKEND_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ email: target.email, password: target.password }),
  });
  expect(signInAttempt.status).toBe(400);
});

test("a normal user on /admin sees 'Accès refusé' and gets nothing from the server", async ({ page }) => {
  const user = await createUser('curieux');
  await signIn(page, user);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expect(page.getByText("Vous n'avez pas les droits d'administration nécessaires.")).toBeVisible();
  await expect(page.getByTestId('admin-user-card')).toHaveCount(0);
});
