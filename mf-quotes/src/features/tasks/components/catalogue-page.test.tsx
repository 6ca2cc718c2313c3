// /tasks after issue 27: ouvrages, categories, search and filter, CSV/XLSX import dialog, CSV export.
import '@testing-library/jest-dom';
import { tasksStore } from '@atelier/storage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithUi as render } from '../../../testing/render';
import { TasksPage } from './tasks-page';

beforeEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

function csvFile(text: string, name = 'tarifs.csv') {
  return new File([text], name, { type: 'text/csv' });
}

describe('/tasks — ouvrages', () => {
  it('creates an ouvrage from supplies and labour, priced by the money model, and refuses one containing itself', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    const form = screen.getByRole('form', { name: 'Ajouter une tâche' });
    await user.type(within(form).getByLabelText('Nom de la tâche'), 'Pose WC suspendu');
    await user.selectOptions(within(form).getByLabelText('Unité'), 'unité');
    await user.type(within(form).getByLabelText('Catégorie'), 'Salle de bain');
    await user.click(within(form).getByLabelText('Ouvrage (fournitures et main-d’œuvre)'));
    expect(within(form).queryByLabelText('Prix (€ HT)')).not.toBeInTheDocument();

    const fill = async (id: string, text: string) => {
      const input = form.querySelector<HTMLInputElement>(`#${id}`)!;
      await user.clear(input);
      await user.type(input, text);
    };
    await fill('task-component-0-name', 'Bâti-support');
    await fill('task-component-0-price', '180,40');
    await user.click(within(form).getByRole('button', { name: 'Ajouter un composant' }));
    await user.selectOptions(form.querySelector('#task-component-1-kind')!, 'main_oeuvre');
    await fill('task-component-1-name', 'pose wc suspendu');
    await fill('task-component-1-unit', 'h');
    await fill('task-component-1-quantity', '2,5');
    await fill('task-component-1-price', '45');
    await fill('task-coefficient', '1,2');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(
      within(form).getByText('Un ouvrage ne peut pas se contenir lui-même (« pose wc suspendu »).'),
    ).toBeInTheDocument();
    expect(tasksStore.get()).toEqual([]);

    await fill('task-component-1-name', 'Main-d’œuvre plombier');
    await fill('task-component-1-price', '-45');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByText(/Composant 2 : le prix doit être un nombre positif/)).toBeInTheDocument();
    await fill('task-component-1-price', '45');
    // (180,40 + 2,5 × 45) × 1,2 = (180,40 + 112,50) × 1,2 = 351,48
    expect(within(form).getByRole('status')).toHaveTextContent(/Prix de l’ouvrage : 351,48\s€/);
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(tasksStore.get()).toEqual([
      {
        id: expect.any(String),
        name: 'Pose WC suspendu',
        unit: 'unité',
        price: 351.48,
        category: 'Salle de bain',
        components: [
          { kind: 'fourniture', name: 'Bâti-support', unit: 'unité', quantity: 1, price: 180.4 },
          { kind: 'main_oeuvre', name: 'Main-d’œuvre plombier', unit: 'h', quantity: 2.5, price: 45 },
        ],
        coefficient: 1.2,
      },
    ]);
    const list = screen.getByRole('list', { name: 'Tâches enregistrées' });
    expect(within(list).getByText(/Salle de bain · Ouvrage/)).toBeInTheDocument();
  });

  it('refuses an ouvrage made of another ouvrage of the catalogue', async () => {
    tasksStore.set([
      {
        name: 'Pose WC',
        unit: 'unité',
        price: 100,
        components: [{ kind: 'main_oeuvre', name: 'Pose', unit: 'h', quantity: 2, price: 50 }],
      },
      {
        name: 'Salle d’eau complète',
        unit: 'forfait',
        price: 100,
        components: [{ kind: 'fourniture', name: 'Bac', unit: 'u', quantity: 1, price: 100 }],
      },
    ]);
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Modifier la tâche Salle d’eau complète' }));
    const form = screen.getByRole('form', { name: 'Modifier la tâche Salle d’eau complète' });
    const name = form.querySelector<HTMLInputElement>('#task-edit-1-component-0-name')!;
    await user.clear(name);
    await user.type(name, 'POSE wc');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      within(form).getByText(/« POSE wc » est un ouvrage : un ouvrage se compose de fournitures et de main-d’œuvre/),
    ).toBeInTheDocument();
    expect(tasksStore.get()[1]!.components![0]!.name).toBe('Bac');
  });
});

describe('/tasks — search and category filter', () => {
  it('finds tasks by name or category without accents, filters by category, pages long lists', async () => {
    tasksStore.set(
      Array.from({ length: 130 }, (_, i) => ({
        name: i === 7 ? 'Dépose évier' : `Tâche ${i}`,
        unit: 'm2',
        price: i,
        ...(i % 2 ? { category: 'Plomberie' } : i % 5 ? { category: 'Électricité' } : {}),
      })),
    );
    const user = userEvent.setup();
    render(<TasksPage />);
    const list = () => screen.getByRole('list', { name: 'Tâches enregistrées' });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.getByText('130 tâche(s) trouvée(s) sur 130')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Afficher 30 de plus' }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(130);

    await user.type(screen.getByLabelText('Rechercher une tâche'), 'DEPOSE EVIER');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list()).getByText('Dépose évier')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Rechercher une tâche'));
    await user.type(screen.getByLabelText('Rechercher une tâche'), 'electricite');
    expect(screen.getByText('52 tâche(s) trouvée(s) sur 130')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Rechercher une tâche'));

    await user.selectOptions(screen.getByLabelText('Filtrer par catégorie'), 'Plomberie');
    expect(screen.getByText('65 tâche(s) trouvée(s) sur 130')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filtrer par catégorie'), 'Sans catégorie');
    expect(screen.getByText('13 tâche(s) trouvée(s) sur 130')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Rechercher une tâche'), 'zzz');
    expect(screen.getByText('Aucune tâche ne correspond à la recherche.')).toBeInTheDocument();
  });
});

describe('/tasks — import and export', () => {
  it('maps the columns, shows each bad row and imports the good ones knowingly, in one write', async () => {
    tasksStore.set([{ name: 'Pose parquet', unit: 'm2', price: 30 }]);
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Importer (CSV ou XLSX)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des tâches' });
    const csv =
      'Réf;Libellé;PU HT;U;Famille\r\n' +
      'A1;Pose parquet;32,50 €;m2;Sols\r\n' +
      'A2;Plinthe;abc;ml;Sols\r\n' +
      'A3;Ragréage;12;m2;Sols\r\n' +
      'A4;;5;m2;Sols\r\n';
    await user.upload(within(dialog).getByLabelText('Fichier CSV ou XLSX'), csvFile(csv));
    await within(dialog).findByText('Correspondance des colonnes');
    expect(within(dialog).getByLabelText('Désignation')).toHaveDisplayValue('Libellé');
    expect(within(dialog).getByLabelText('Prix unitaire HT')).toHaveDisplayValue('PU HT');
    expect(within(dialog).getByLabelText('Unité')).toHaveDisplayValue('U');
    expect(within(dialog).getByLabelText('Catégorie (facultatif)')).toHaveDisplayValue('Famille');
    const errors = within(dialog).getByRole('region', { name: '2 ligne(s) en erreur' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ligne 3 : prix invalide « abc »', 'Ligne 5 : désignation vide']);
    // A wrong mapping is said, and nothing can be imported with it.
    await user.selectOptions(within(dialog).getByLabelText('Unité'), 'Libellé');
    expect(within(dialog).getByText('La colonne « Libellé » est choisie pour deux champs.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Importer/ })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Unité'), 'U');

    await user.click(within(dialog).getByRole('button', { name: 'Importer 2 tâches, ignorer 2 lignes en erreur' }));
    expect(within(dialog).getByText('1 tâche(s) ajoutée(s), 1 mise(s) à jour.')).toBeInTheDocument();
    expect(tasksStore.get()).toEqual([
      { name: 'Pose parquet', unit: 'm2', price: 32.5, category: 'Sols' },
      { id: expect.any(String), name: 'Ragréage', unit: 'm2', price: 12, category: 'Sols' },
    ]);
  });

  it('refuses a whole file in French and imports nothing when the storage write fails', async () => {
    tasksStore.set([{ name: 'Existant', unit: 'm2', price: 1 }]);
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Importer (CSV ou XLSX)' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Fichier CSV ou XLSX'), csvFile('Désignation;Unité;Prix\r\n'));
    expect(await within(dialog).findByText('Le fichier ne contient aucune ligne de données.')).toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText('Fichier CSV ou XLSX'),
      csvFile('Désignation;Unité;Prix\r\nA;m2;1\r\nB;m2;2\r\n'),
    );
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Importer 2 tâches' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Espace de stockage du navigateur plein');
    jest.restoreAllMocks();
    expect(tasksStore.get()).toEqual([{ name: 'Existant', unit: 'm2', price: 1 }]);
  });

  it('exports the catalogue as a French CSV (BOM, « ; », decimal comma)', async () => {
    tasksStore.set([
      { name: 'Peinture « mat »; 2 couches', unit: 'm2', price: 1250.5, category: 'Peinture', vatRate: 10 },
    ]);
    let blob: Blob | null = null;
    Object.assign(URL, {
      createObjectURL: jest.fn((b: Blob) => {
        blob = b;
        return 'blob:x';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blob!);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Désignation;Unité;Prix unitaire HT;Catégorie;TVA;Description\r\n"Peinture « mat »; 2 couches";m2;1250,50;Peinture;10;\r\n',
    );
  });
});
