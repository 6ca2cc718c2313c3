import { UiProviders } from '@atelier/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

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
