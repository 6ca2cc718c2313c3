import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ADMIN_EMAIL, renderAt, setupPlatform, signInAs } from '../testing/render';
import { TopNav } from './top-nav';

const SIX = ['Devis', 'Clients', 'Personnalisation', 'Gestion des Tâches', 'Entreprise', 'Mon Compte'];

it('lists the six sections in order and highlights the current one', async () => {
  const fake = setupPlatform();
  await signInAs(fake, 'marie@example.fr');
  renderAt('/tasks', <TopNav />);
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  const links = within(nav).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(SIX);
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '/',
    '/clients',
    '/customize',
    '/tasks',
    '/company',
    '/account',
  ]);
  expect(within(nav).getByRole('link', { name: 'Gestion des Tâches' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Devis' })).not.toHaveAttribute('aria-current');
  expect(within(nav).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
});

it('shows Administration to the administrator only, last', async () => {
  const fake = setupPlatform();
  await signInAs(fake, ADMIN_EMAIL.toUpperCase());
  renderAt('/', <TopNav />);
  const links = within(screen.getByRole('navigation')).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([...SIX, 'Administration']);
  expect(links[0]).toHaveAttribute('aria-current', 'page');
});

it('has a menu toggle for small screens', async () => {
  const fake = setupPlatform();
  await signInAs(fake);
  renderAt('/', <TopNav />);
  // The toggle is display:none on wide screens (jsdom applies the styles), so it has no accessible role here.
  const toggle = screen.getByLabelText('Ouvrir le menu');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(screen.getByLabelText('Fermer le menu')).toHaveAttribute('aria-expanded', 'true');
});

it('folds the open menu on Escape, focus back on its button', async () => {
  const fake = setupPlatform();
  await signInAs(fake);
  renderAt('/', <TopNav />);
  await userEvent.click(screen.getByLabelText('Ouvrir le menu'));
  expect(screen.getByLabelText('Fermer le menu')).toHaveAttribute('aria-expanded', 'true');
  await userEvent.keyboard('{Escape}');
  const toggle = screen.getByLabelText('Ouvrir le menu');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();
});

it('folds the open menu when a link is tapped, even the current page', async () => {
  const fake = setupPlatform();
  await signInAs(fake);
  renderAt('/', <TopNav />);
  await userEvent.click(screen.getByLabelText('Ouvrir le menu'));
  await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Devis' }));
  expect(screen.getByLabelText('Ouvrir le menu')).toHaveAttribute('aria-expanded', 'false');
});
