// The notes box on / (issue 13): pasted notes → proposed lines with the words they came from (unsure ones
// marked, not pre-checked) → edit/drop → « Ajouter au devis » → lines in « Devis en cours » with decimals kept.
// Embedded analyser only (no AI configured in the e2e backend).
import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '../fixtures';

const catalogue = fs.readFileSync(
  path.resolve(__dirname, '../../mf-recognition/fixtures/dictations/catalogue.json'),
  'utf8',
);

test.setTimeout(90_000);

test('paste notes → lines with their source words → accept → devis', async ({ page, signedIn }) => {
  void signedIn;
  await page.evaluate((tasks) => localStorage.setItem('tasks', tasks), catalogue);
  await page.goto('/');
  const notes = page.getByTestId('notes-panel');
  await expect(notes).toBeVisible({ timeout: 30_000 });

  await notes
    .getByLabel('Vos notes')
    .fill(
      [
        'Client : Hélène de La Tour, 06 12 34 56 78',
        'chambre de trois mètres cinquante sur quatre, carrelage au sol',
        'Plinthes 4,2 ml',
        'quatre spots non cinq',
        'pose de lavabo',
      ].join('\n'),
    );
  await notes.getByRole('button', { name: 'Analyser les notes' }).click();

  const proposed = notes.getByTestId('proposed-line');
  await expect(proposed).toHaveCount(4, { timeout: 30_000 });
  const carrelage = proposed.filter({ hasText: 'Pose de carrelage sol' });
  await expect(carrelage.getByTestId('line-source')).toContainText('carrelage au sol');
  await expect(carrelage.getByLabel('Quantité : Pose de carrelage sol')).toHaveValue('14');
  await expect(proposed.filter({ hasText: 'Pose de plinthes' }).getByLabel('Quantité : Pose de plinthes')).toHaveValue(
    '4,2',
  );
  // « pose de lavabo » says no figure: marked as unsure and not kept unless the user ticks it.
  const lavabo = proposed.filter({ hasText: 'Pose de lavabo' });
  await expect(lavabo.getByTestId('unsure-mark')).toHaveText('À vérifier');
  await expect(lavabo.getByRole('checkbox')).not.toBeChecked();
  // Nothing joins the devis before the user accepts.
  const devis = page.getByRole('table', { name: 'Devis en cours' });
  await expect(devis.getByRole('row').filter({ hasText: 'Pose de carrelage sol' })).toHaveCount(0);

  // Edit one line, drop another, accept.
  await proposed.filter({ hasText: 'Point lumineux' }).getByRole('checkbox').uncheck();
  await carrelage.getByLabel('Quantité : Pose de carrelage sol').fill('14,5');
  await notes.getByRole('button', { name: 'Ajouter au devis' }).click();

  await expect(devis.getByRole('row').filter({ hasText: 'Pose de carrelage sol' })).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(devis.getByRole('row').filter({ hasText: 'Pose de plinthes' })).toHaveCount(1);
  await expect(devis.getByRole('row').filter({ hasText: 'Point lumineux' })).toHaveCount(0);
  await expect(devis.getByRole('row').filter({ hasText: 'Pose de lavabo' })).toHaveCount(0);
  await expect(page.getByText('Hélène de La Tour').first()).toBeVisible();
});
