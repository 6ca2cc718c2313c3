import { expect, test } from '../fixtures';

test('task catalogue: add, validation, delete and persistence across reload', async ({ page, signedIn }) => {
  void signedIn;
  await page.goto('/tasks');
  await expect(page.getByText('Aucune tâche enregistrée')).toBeVisible();

  await page.getByLabel(/nom/i).fill('Peinture murs');
  await page.getByLabel(/prix/i).fill('25.5');
  await page.getByRole('button', { name: /ajouter/i }).click();
  await expect(page.getByText('Peinture murs')).toBeVisible();
  await expect(page.getByText(/25,50\s€\s*\/\s*m2/)).toBeVisible();

  // Custom unit, then back to the predefined select which resets to m2.
  await page.getByText('Spécifier une autre unité').click();
  await page.getByLabel(/nom/i).fill('Évacuation gravats');
  await page.getByLabel(/prix/i).fill('180');
  await page.getByLabel('Unité', { exact: true }).fill('benne');
  await page.getByRole('button', { name: /ajouter/i }).click();
  await expect(page.getByText('Évacuation gravats')).toBeVisible();
  await expect(page.getByText(/180,00\s€\s*\/\s*benne/)).toBeVisible();

  // Empty custom unit: alert and nothing added.
  await page.getByText('Spécifier une autre unité').click();
  await page.getByLabel(/nom/i).fill('Sans unité');
  await page.getByLabel(/prix/i).fill('10');
  // alert() blocks the page until it is answered: answer it from the handler, then check what it said.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: /ajouter/i }).click();
  await expect.poll(() => alerts).toEqual(['Veuillez spécifier une unité']);
  await expect(page.getByText('Sans unité')).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('Peinture murs')).toBeVisible();
  await expect(page.getByText('Évacuation gravats')).toBeVisible();

  await page
    .getByRole('listitem')
    .filter({ hasText: 'Évacuation gravats' })
    .getByRole('button', { name: /supprimer/i })
    .click();
  await expect(page.getByText('Évacuation gravats')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Peinture murs')).toBeVisible();
  await expect(page.getByText('Évacuation gravats')).toHaveCount(0);
});
