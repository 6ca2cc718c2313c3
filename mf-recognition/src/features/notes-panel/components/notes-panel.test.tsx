import { UiProviders } from '@atelier/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { notesDraftStoreFor } from '../model/notes-draft';
import { NotesPanel, type NotesPanelProps } from './notes-panel';

function renderPanel(props: Partial<NotesPanelProps>) {
  const propose = jest.fn().mockResolvedValue({
    result: { projectTitle: '', tasks: [{ name: 'Carrelage sol', quantity: 12, unit: 'm2' }], client: {} },
    lines: [{ name: 'Carrelage sol', quantity: 12, unit: 'm2', source: 'carrelage 12 m2', unsure: false }],
  });
  render(
    <UiProviders>
      <MemoryRouter>
        <NotesPanel propose={propose} {...props} />
      </MemoryRouter>
    </UiProviders>,
  );
  return propose;
}

describe('NotesPanel handed over from the shell placeholder (issue 14)', () => {
  it('keeps the text typed on the placeholder and its focus, caret at the end', () => {
    renderPanel({ initialText: 'carrelage 12 m2', autoFocus: true });
    const box = screen.getByLabelText<HTMLTextAreaElement>('Vos notes');
    expect(box).toHaveValue('carrelage 12 m2');
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe('carrelage 12 m2'.length);
  });

  it('analyses at once when « Analyser les notes » was pressed on the placeholder', async () => {
    const propose = renderPanel({ initialText: 'carrelage 12 m2', analyseAtOnce: true });
    await waitFor(() => expect(propose).toHaveBeenCalledWith('carrelage 12 m2'));
    expect(await screen.findByTestId('proposed-line')).toHaveTextContent('Carrelage sol');
  });

  it('starts empty and waits without a hand-over', () => {
    const propose = renderPanel({});
    expect(screen.getByLabelText('Vos notes')).toHaveValue('');
    expect(screen.getByLabelText('Vos notes')).not.toHaveFocus();
    expect(propose).not.toHaveBeenCalled();
  });
});

describe('NotesPanel keeps the notes and the proposed lines per user (issue 29.7)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the typed notes and the lines under review again after a remount, until they are added', async () => {
    const draft = notesDraftStoreFor('user-a');
    renderPanel({ draft });
    fireEvent.change(screen.getByLabelText('Vos notes'), { target: { value: 'carrelage 12 m2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyser les notes' }));
    const quantity = await screen.findByLabelText('Quantité : Carrelage sol');
    fireEvent.change(quantity, { target: { value: '14,5' } });
    document.body.innerHTML = '';

    renderPanel({ draft });
    expect(screen.getByLabelText('Vos notes')).toHaveValue('carrelage 12 m2');
    expect(screen.getByLabelText('Quantité : Carrelage sol')).toHaveValue('14,5');
    // Another account on the same device sees none of it.
    document.body.innerHTML = '';
    renderPanel({ draft: notesDraftStoreFor('user-b') });
    expect(screen.getByLabelText('Vos notes')).toHaveValue('');
    document.body.innerHTML = '';

    renderPanel({ draft });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au devis' }));
    expect(draft.get()).toEqual({ version: 1, text: '', proposal: null });
  });

  it('« Annuler » drops the proposed lines but keeps the notes', async () => {
    const draft = notesDraftStoreFor('user-c');
    renderPanel({ draft });
    fireEvent.change(screen.getByLabelText('Vos notes'), { target: { value: 'carrelage 12 m2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyser les notes' }));
    await screen.findByTestId('proposed-line');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(draft.get()).toEqual({ version: 1, text: 'carrelage 12 m2', proposal: null });
  });
});
