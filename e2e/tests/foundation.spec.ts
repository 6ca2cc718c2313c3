import { ADMIN, appOrigin, expect, mockGeocoder, newUserData, signIn, test } from '../fixtures';

const NAV = ['Devis', 'Clients', 'Personnalisation', 'Gestion des Tâches', 'Entreprise', 'Mon Compte'];

test.describe('public pages and guard', () => {
  test('unauthenticated visitors on a protected route land on /auth', async ({ page }) => {
    for (const route of ['/', '/clients', '/customize', '/tasks', '/company', '/account', '/admin']) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('an unknown path redirects to /auth', async ({ page }) => {
    await page.goto('/nimporte/quoi');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('legal pages are public, unknown legal page shows the index', async ({ page }) => {
    await page.goto('/legal/terms');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/conditions/i);
    await expect(page.getByText(/3 devis/).first()).toBeVisible();
    await page.goto('/legal/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/confidentialité/i);
    await page.goto('/legal/legal-notice');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/mentions légales/i);
    await page.goto('/legal/autre-chose');
    const main = page.getByRole('main');
    for (const href of ['/legal/terms', '/legal/privacy', '/legal/legal-notice']) {
      await expect(main.locator(`a[href="${href}"]`)).toBeVisible();
    }
  });

  test('footer shows the legal links and the contact on every page', async ({ page }) => {
    await page.goto('/auth');
    const footer = page.getByRole('contentinfo');
    for (const href of ['/legal/terms', '/legal/privacy', '/legal/legal-notice']) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await expect(footer).toContainText('contact@atelier.fr');
    await expect(footer).toContainText('01 84 60 00 00');
  });
});

test.describe('sign-up and sign-in', () => {
  test('sign-up on the free plan through the four steps', async ({ page }) => {
    await mockGeocoder(page);
    const user = newUserData('inscription');
    await page.goto('/auth');
    await page
      .getByRole('button', { name: /inscri/i })
      .first()
      .click();

    await expect(page.getByText('Inscription - Étape 1/4')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByLabel(/confirm/i).fill(user.password);
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(page.getByText('Inscription - Étape 2/4')).toBeVisible();
    await page.getByLabel(/entreprise/i).fill(user.companyName);
    await page.getByLabel(/prénom/i).fill(user.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(user.lastName);
    await page.getByLabel(/téléphone/i).fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(page.getByText('Inscription - Étape 3/4')).toBeVisible();
    await page.getByLabel(/adresse/i).fill('12 rue de la');
    await page.getByText('12 Rue de la Paix 75002 Paris').click();
    await expect(page.getByLabel(/adresse/i)).toHaveValue('12 Rue de la Paix 75002 Paris');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(page.getByText('Inscription - Étape 4/4')).toBeVisible();
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByText('Veuillez sélectionner un plan')).toBeVisible();
    await page.getByText('Gratuit', { exact: true }).first().click();
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

    // The profile carries the sign-up metadata.
    await page.goto('/account');
    await expect(page.getByLabel(/prénom/i)).toHaveValue(user.firstName);
    await expect(page.getByLabel('Nom', { exact: true })).toHaveValue(user.lastName);
  });

  test('wrong credentials give a French message', async ({ page, user }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toContainText(/incorrect/i);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sign-in, navigation, signed-in user on /auth goes home, sign-out', async ({ page, signedIn }) => {
    void signedIn;
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const label of NAV) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Gestion des Tâches' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(nav.getByRole('link', { name: 'Gestion des Tâches' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/account');
    await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the administrator sees Administration', async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(
      page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Administration' }),
    ).toBeVisible();
  });
});

test.describe('federation', () => {
  test('a remote that fails to load shows a French fallback with Réessayer; other routes keep working', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const mainNav = page.getByRole('navigation', { name: 'Navigation principale' });
    await page.route(`${appOrigin(3)}/**`, (route) => route.abort());
    await page.goto('/clients');
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await expect(page.getByText('Ce module est momentanément indisponible.')).toBeVisible();
    await expect(mainNav).toBeVisible();

    // Every other route keeps working while the clients remote is down.
    await mainNav.getByRole('link', { name: 'Gestion des Tâches' }).click();
    await expect(page.getByText('Ajouter une tâche').first()).toBeVisible();
    await mainNav.getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();

    // The remote comes back: Réessayer loads it without reloading the page.
    await page.unroute(`${appOrigin(3)}/**`);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  });

  test('React and every shared singleton load once per page', async ({ page, signedIn }) => {
    void signedIn;
    const reactDomCopies = new Set<string>();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      if (body.includes('__reactContainer$')) reactDomCopies.add(response.url());
    });
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Gestion des Tâches' })
      .click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Mon Compte' })
      .click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Clients' })
      .click();
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    expect([...reactDomCopies]).toHaveLength(1);

    const loadedTwice = await page.evaluate(() => {
      type Shared = { loaded?: boolean; lib?: unknown; from: string };
      const federation = (
        globalThis as unknown as {
          __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Shared>>>> };
        }
      ).__FEDERATION__;
      const loaded = new Map<string, Set<string>>();
      for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
        for (const packages of Object.values(scopes)) {
          for (const [pkg, versions] of Object.entries(packages)) {
            for (const [version, shared] of Object.entries(versions)) {
              if (shared.loaded || shared.lib) {
                if (!loaded.has(pkg)) loaded.set(pkg, new Set());
                loaded.get(pkg)!.add(`${version}@${shared.from}`);
              }
            }
          }
        }
      }
      return [...loaded.entries()]
        .filter(([, providers]) => providers.size > 1)
        .map(([pkg, p]) => `${pkg}: ${[...p].join(', ')}`);
    });
    expect(loadedTwice).toEqual([]);
  });
});
