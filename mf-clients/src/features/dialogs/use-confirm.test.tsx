import { UiProviders } from '@atelier/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { useConfirm } from './use-confirm';

function Harness({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  const [asked, setAsked] = useState(0);
  return (
    <UiProviders>
      <button
        type="button"
        onClick={() => {
          setAsked(asked + 1);
          void confirm({
            title: 'Supprimer le devis',
            message: 'Êtes-vous sûr de vouloir supprimer ce devis ?',
            confirmLabel: 'Supprimer le devis DE0001',
            danger: true,
          }).then(onAnswer);
        }}
      >
        Supprimer
      </button>
      {dialog}
    </UiProviders>
  );
}

it('asks in an app dialog: confirm resolves true, Escape and Annuler false, focus back on the opener', async () => {
  const answers: boolean[] = [];
  const confirmSpy = jest.spyOn(window, 'confirm');
  render(<Harness onAnswer={(a) => answers.push(a)} />);
  const opener = screen.getByRole('button', { name: 'Supprimer' });

  await userEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Supprimer le devis' });
  expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir supprimer ce devis ?');
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer le devis DE0001' }));

  await userEvent.click(opener);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();

  await userEvent.click(opener);
  await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));

  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(answers).toEqual([true, false, false]);
  expect(confirmSpy).not.toHaveBeenCalled();
});
