import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { Modal } from './modal';
import { UiProviders } from './providers';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <UiProviders>
      <button type="button" onClick={() => setOpen(true)}>
        Modifier
      </button>
      <Modal open={open} title="Modifier le client" onClose={() => setOpen(false)}>
        <p>Contenu</p>
      </Modal>
    </UiProviders>
  );
}

it('moves the focus into the dialog and gives it back to the opener on Escape', async () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Modifier' });
  await userEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Modifier le client' });
  expect(dialog).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('closes from its Fermer button, focus back on the opener', async () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Modifier' });
  await userEvent.click(opener);
  await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('keeps Tab and Shift+Tab within the dialog', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Modifier' }));
  const close = screen.getByRole('button', { name: 'Fermer' });
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(close).toHaveFocus();
});
