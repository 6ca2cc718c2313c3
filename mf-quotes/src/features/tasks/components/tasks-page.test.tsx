import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { tasksStore } from '@atelier/storage';

import { renderWithUi as render } from '../../../testing/render';
import { TasksPage } from './tasks-page';

beforeEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

async function addTask(user: ReturnType<typeof userEvent.setup>, name: string, price: string) {
  await user.type(screen.getByLabelText('Nom de la tâche'), name);
  await user.type(screen.getByLabelText('Prix (€ HT)'), price);
  await user.click(screen.getByRole('button', { name: 'Ajouter' }));
}

describe('TasksPage', () => {
  it('shows the empty state, adds tasks with their price per unit, persists them and deletes them', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    expect(screen.getByText('Aucune tâche enregistrée')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ajouter une tâche' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Unité'), 'h');
    await addTask(user, 'Électricité', '45.5');
    const list = screen.getByRole('list', { name: 'Tâches enregistrées' });
    expect(within(list).getByText('Électricité')).toBeInTheDocument();
    expect(within(list).getByText((t) => t.replace(/\s/g, ' ') === '45,50 € / h')).toBeInTheDocument();
    // A new task gets a catalogue id (copied to the devis line as catalogueId).
    expect(JSON.parse(localStorage.getItem('tasks')!)).toEqual([
      { id: expect.stringMatching(/^t[0-9a-z]{12}$/), name: 'Électricité', price: 45.5, unit: 'h' },
    ]);

    // The form went back to its defaults: empty fields and unit m2.
    expect(screen.getByLabelText('Nom de la tâche')).toHaveValue('');
    expect(screen.getByLabelText('Unité')).toHaveValue('m2');

    await user.click(screen.getByRole('button', { name: 'Supprimer la tâche Électricité' }));
    expect(screen.getByText('Aucune tâche enregistrée')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('tasks')!)).toEqual([]);
  });

  it('toggles between predefined and custom units', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Spécifier une autre unité' }));
    expect(screen.getByLabelText('Unité').tagName).toBe('INPUT');
    await user.type(screen.getByPlaceholderText('Ex. : lot, pièce, m3'), 'lot');
    await addTask(user, 'Plomberie', '120');
    expect(tasksStore.get()).toEqual([{ id: expect.any(String), name: 'Plomberie', price: 120, unit: 'lot' }]);
    // Reset to the predefined m2 after the add.
    expect(screen.getByLabelText('Unité')).toHaveValue('m2');
    await user.click(screen.getByRole('button', { name: 'Spécifier une autre unité' }));
    await user.click(screen.getByRole('button', { name: 'Utiliser une unité prédéfinie' }));
    expect(screen.getByLabelText('Unité').tagName).toBe('SELECT');
  });

  it('alerts « Veuillez spécifier une unité » and adds nothing when the custom unit is empty', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Spécifier une autre unité' }));
    await addTask(user, 'Peinture', '10');
    expect(alert).toHaveBeenCalledWith('Veuillez spécifier une unité');
    expect(tasksStore.get()).toEqual([]);
    expect(screen.getByText('Aucune tâche enregistrée')).toBeInTheDocument();
    // The typed values stay so the user can fix the unit.
    expect(screen.getByLabelText('Nom de la tâche')).toHaveValue('Peinture');
  });

  it('a failed write shows the storage message and keeps the old list', async () => {
    tasksStore.set([{ name: 'Carrelage', price: 30, unit: 'm2' }]);
    const user = userEvent.setup();
    render(<TasksPage />);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await addTask(user, 'Peinture', '10');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Espace de stockage du navigateur plein : la modification n'a pas été enregistrée.",
    );
    expect(screen.getByText('Carrelage')).toBeInTheDocument();
    expect(screen.queryByText('Peinture')).not.toBeInTheDocument();
    // The form keeps what was typed.
    expect(screen.getByLabelText('Nom de la tâche')).toHaveValue('Peinture');
  });

  it('shows a corrupt stored list as set aside, with an empty list', async () => {
    localStorage.setItem('tasks', '{broken');
    render(<TasksPage />);
    expect(screen.getByText('Aucune tâche enregistrée')).toBeInTheDocument();
    expect(await screen.findByText(/Des données enregistrées \(tâches\) étaient illisibles/)).toBeInTheDocument();
    expect(Object.keys(localStorage).some((k) => k.startsWith('tasks.corrupt-'))).toBe(true);
  });

  it('updates when another tab changes the catalogue', () => {
    render(<TasksPage />);
    const newValue = JSON.stringify([{ name: 'Isolation', price: 22, unit: 'm2' }]);
    act(() => {
      localStorage.setItem('tasks', newValue);
      window.dispatchEvent(new StorageEvent('storage', { key: 'tasks', newValue, storageArea: localStorage }));
    });
    expect(screen.getByText('Isolation')).toBeInTheDocument();
  });
});

describe('TasksPage — edit and duplicates (issue 29.6)', () => {
  it('refuses a second « tuyau CUIVRÉ » in the same unit and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    await addTask(user, 'Tuyau cuivre', '18');
    await addTask(user, 'tuyau CUIVRÉ', '20');
    expect(screen.getByText(/La tâche « Tuyau cuivre » existe déjà pour l'unité m2/)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de la tâche')).toHaveValue('tuyau CUIVRÉ');
    expect(JSON.parse(localStorage.getItem('tasks')!)).toHaveLength(1);
  });

  it('edits a task inline with the same validation as creation', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    await addTask(user, 'Tuyau cuivre', '18');
    await addTask(user, 'Raccord', '4');
    await user.click(screen.getByRole('button', { name: 'Modifier la tâche Raccord' }));
    const form = screen.getByRole('form', { name: 'Modifier la tâche Raccord' });
    const name = within(form).getByLabelText('Nom de la tâche');
    await user.clear(name);
    await user.type(name, 'Tuyau cuivre');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(within(form).getByText(/existe déjà/)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Raccord laiton');
    const price = within(form).getByLabelText('Prix (€ HT)');
    await user.clear(price);
    await user.type(price, '5,40');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const stored = JSON.parse(localStorage.getItem('tasks')!) as { id: string }[];
    expect(stored).toEqual([
      { id: expect.any(String), name: 'Tuyau cuivre', price: 18, unit: 'm2' },
      { id: expect.any(String), name: 'Raccord laiton', price: 5.4, unit: 'm2' },
    ]);
    expect(screen.queryByRole('form', { name: /Modifier la tâche/ })).not.toBeInTheDocument();
  });
});
