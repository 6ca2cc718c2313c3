// Issue 14: the main flow with the keyboard only — sign in, build a devis, export the PDF — every focused
// control visibly focused.
import type { Page } from '@playwright/test';

import { expect, test } from '../fixtures';

const CATALOGUE = [{ name: 'Peinture murs', unit: 'm2', price: 25.5 }];

/** Accessible-ish name and focus ring of the focused element. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', visible: false, tag: 'body' };
    const input = el as HTMLInputElement;
    const labelled = el.getAttribute('aria-labelledby');
    const name = (
      el.getAttribute('aria-label') ||
      (labelled ? document.getElementById(labelled)?.textContent : '') ||
      (input.labels && input.labels[0]?.textContent) ||
      el.textContent ||
      ''
    ).trim();
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow && style.boxShadow !== 'none');
    return { name, visible: Boolean(ring), tag: el.tagName.toLowerCase() };
  });
}

/** Presses Tab until the focused control's name matches, checking the focus ring on the way. */
async function tabTo(page: Page, name: string | RegExp, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    const hit = typeof name === 'string' ? f.name === name : name.test(f.name);
    if (hit) {
      expect(f.visible, `focus ring on « ${f.name} »`).toBe(true);
      return;
    }
  }
  throw new Error(`« ${String(name)} » not reached with Tab`);
}

test('sign in, build a devis and export its PDF with the keyboard only', async ({ page, user }) => {
  test.setTimeout(120_000);
  // The catalogue and the company (a devis needs the company name) are set beforehand: this test is about the
  // keyboard path from sign-in to the PDF.
  await page.addInitScript((tasks) => {
    if (!localStorage.getItem('tasks')) localStorage.setItem('tasks', JSON.stringify(tasks));
    if (!localStorage.getItem('companyInfo'))
      localStorage.setItem('companyInfo', JSON.stringify({ name: 'Martin Rénovation', siret: '55208131700046' }));
  }, CATALOGUE);
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  await tabTo(page, 'Email');
  await page.keyboard.type(user.email);
  await tabTo(page, /^Mot de passe/);
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  const editor = page.getByRole('region', { name: 'Modifier le devis' });
  await expect(editor).toBeVisible({ timeout: 20_000 });

  await tabTo(page, 'Nom');
  await page.keyboard.type('Client au clavier');
  await tabTo(page, 'Email');
  await page.keyboard.type('client.clavier@exemple.fr');
  await tabTo(page, 'Titre du projet');
  await page.keyboard.type('Peinture du salon');
  await tabTo(page, 'Ajouter une ligne');
  await page.keyboard.press('Enter');
  await expect(editor.getByLabel('Tâche de la ligne 1')).toHaveValue('Peinture murs');
  await tabTo(page, 'Quantité de la ligne 1');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('total-ht')).toHaveText(/^102,00\s€$/);

  await tabTo(page, 'Générer le PDF');
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: /^Télécharger devis-.*\.pdf$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await tabTo(page, /^Télécharger devis-.*\.pdf$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^devis-.*\.pdf$/);
});
