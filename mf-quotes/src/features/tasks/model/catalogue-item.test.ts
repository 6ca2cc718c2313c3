import { taskCatalogueSchema, type Task } from '@atelier/domain';

import {
  catalogueCategories,
  createCatalogueSearch,
  newTaskId,
  normaliseCatalogueItem,
  validateCatalogueItem,
} from './catalogue-item';

const pose: Task = {
  name: 'Pose WC suspendu',
  unit: 'unité',
  price: 0,
  components: [
    { kind: 'fourniture', name: 'Bâti-support', unit: 'unité', quantity: 1, price: 180.4 },
    { kind: 'main_oeuvre', name: 'Plombier', unit: 'h', quantity: 2.5, price: 45 },
  ],
  coefficient: 1.2,
};

describe('catalogue items (issue 27)', () => {
  it('reads catalogues stored before issue 27 unchanged, and the new optional fields', () => {
    const old = [{ name: 'Peinture', unit: 'm2', price: 25.5 }];
    expect(taskCatalogueSchema.parse(old)).toEqual(old);
    const withNew = [{ ...pose, id: 't1', category: 'Salle de bain', description: 'Ligne 1\nLigne 2', vatRate: 10 }];
    expect(taskCatalogueSchema.parse(withNew)).toEqual(withNew);
    expect(taskCatalogueSchema.safeParse([{ ...pose, coefficient: 0 }]).success).toBe(false);
    expect(
      taskCatalogueSchema.safeParse([{ ...pose, components: [{ ...pose.components![0], price: -1 }] }]).success,
    ).toBe(false);
  });

  it('prices an ouvrage with the money model: Σ round(q × p) × coefficient, to the cent', () => {
    // (180,40 + 112,50) × 1,2 = 351,48
    expect(normaliseCatalogueItem(pose).price).toBe(351.48);
    expect(normaliseCatalogueItem({ ...pose, coefficient: 1 })).not.toHaveProperty('coefficient');
    expect(normaliseCatalogueItem({ name: ' A ', unit: ' m2 ', price: 3, category: '  ', description: '' })).toEqual({
      name: 'A',
      unit: 'm2',
      price: 3,
    });
  });

  it('refuses in French: an ouvrage containing itself or another ouvrage, negative figures, empty names', () => {
    const catalogue: Task[] = [
      { name: 'Tuyau cuivre', unit: 'ml', price: 18 },
      { ...pose, name: 'Salle d’eau', unit: 'forfait' },
    ];
    expect(validateCatalogueItem(pose, catalogue)).toBeNull();
    expect(
      validateCatalogueItem(
        { ...pose, components: [{ ...pose.components![0]!, name: 'POSE wc  suspendu' }] },
        catalogue,
      ),
    ).toBe('Un ouvrage ne peut pas se contenir lui-même (« POSE wc  suspendu »).');
    expect(
      validateCatalogueItem({ ...pose, components: [{ ...pose.components![0]!, name: 'salle d’eau' }] }, catalogue),
    ).toMatch(/^« salle d’eau » est un ouvrage/);
    // A plain catalogue task may be a component (its price is copied).
    expect(
      validateCatalogueItem({ ...pose, components: [{ ...pose.components![0]!, name: 'Tuyau cuivre' }] }, catalogue),
    ).toBeNull();
    expect(validateCatalogueItem({ ...pose, components: [] })).toBe('Un ouvrage doit contenir au moins un composant.');
    expect(validateCatalogueItem({ ...pose, components: [{ ...pose.components![0]!, quantity: -1 }] })).toBe(
      'Composant 1 : la quantité doit être un nombre positif (au plus 2 décimales).',
    );
    expect(validateCatalogueItem({ ...pose, components: [{ ...pose.components![1]!, price: -5 }] })).toMatch(
      /^Composant 1 : le prix doit être un nombre positif/,
    );
    expect(validateCatalogueItem({ ...pose, coefficient: -1 })).toMatch(/^Le coefficient doit être/);
    expect(validateCatalogueItem({ name: 'A', unit: 'm2', price: -1 })).toBe('Le prix ne peut pas être négatif.');
    expect(validateCatalogueItem({ name: '  ', unit: 'm2', price: 1 })).toBe('Le nom de la tâche est requis.');
    expect(validateCatalogueItem({ name: 'A', unit: 'm2', price: 1, vatRate: 19.6 })).toBe(
      'Le taux de TVA doit être 20, 10, 5,5, 2,1 ou 0 %.',
    );
    expect(validateCatalogueItem({ name: 'tuyau CUIVRE', unit: 'ml', price: 1 }, catalogue)).toMatch(
      /La tâche « Tuyau cuivre » existe déjà pour l'unité ml/,
    );
  });

  it('searches name and category without case or accents, every word; lists the categories', () => {
    const tasks: Task[] = [
      { name: 'Dépose carrelage', unit: 'm2', price: 10, category: 'Salle de bain' },
      { name: 'Pose carrelage', unit: 'm2', price: 30, category: 'Cuisine' },
      { name: 'Câble 3G2,5', unit: 'ml', price: 1.2, category: 'Électricité' },
      { name: 'Déplacement', unit: 'forfait', price: 40 },
    ];
    const search = createCatalogueSearch(tasks);
    expect(search('CARRELAGE')).toEqual([0, 1]);
    expect(search('carrelage sdb')).toEqual([]);
    expect(search('carrelage salle')).toEqual([0]);
    expect(search('cable electricite')).toEqual([2]);
    expect(search('', 'cuisine')).toEqual([1]);
    expect(search('', '')).toEqual([3]);
    expect(search('')).toEqual([0, 1, 2, 3]);
    expect(catalogueCategories([...tasks, { name: 'X', unit: 'u', price: 1, category: 'cuisine' }])).toEqual([
      'Cuisine',
      'Électricité',
      'Salle de bain',
    ]);
  });

  it('keys nothing for the whole catalogue; names at the first words, categories at the first filter', () => {
    const read: string[] = [];
    const spy = (name: string, category?: string): Task => {
      const task = { unit: 'u', price: 1 } as Task;
      Object.defineProperty(task, 'name', { get: () => (read.push(`name:${name}`), name), enumerable: true });
      Object.defineProperty(task, 'category', {
        get: () => (read.push(`category:${name}`), category),
        enumerable: true,
      });
      return task;
    };
    const tasks = [spy('Pose carrelage', 'Cuisine'), spy('Peinture', 'Séjour'), spy('Dépose', 'cuisine')];
    const search = createCatalogueSearch(tasks);
    const prepared = createCatalogueSearch(tasks);
    prepared.prepare();
    expect(read.filter((r) => r.startsWith('name:'))).toHaveLength(3);
    read.length = 0;
    expect(search('  ')).toEqual([0, 1, 2]);
    expect(search('')).toEqual([0, 1, 2]);
    expect(read).toEqual([]);
    expect(search('', 'CUISINE')).toEqual([0, 2]);
    expect(read.filter((r) => r.startsWith('name:'))).toEqual([]);
    expect(search('pose', 'cuisine')).toEqual([0, 2]);
    const reads = read.length;
    search.prepare();
    expect(read).toHaveLength(reads); // already prepared by the first words
    expect(search('depose')).toEqual([2]);
    expect(search('', 'sejour')).toEqual([1]);
    expect(read).toHaveLength(reads);
  });

  it('lists each category once however many tasks share it, keeping the first spelling', () => {
    const tasks: Task[] = Array.from({ length: 5000 }, (_, i) => ({
      name: `Article ${i}`,
      unit: 'u',
      price: 1,
      category: i % 2 ? `Lot ${i % 12}` : `LOT ${i % 12} `,
    }));
    expect(catalogueCategories(tasks)).toEqual([
      'LOT 0',
      'Lot 1',
      'LOT 10',
      'Lot 11',
      'LOT 2',
      'Lot 3',
      'LOT 4',
      'Lot 5',
      'LOT 6',
      'Lot 7',
      'LOT 8',
      'Lot 9',
    ]);
  });

  it('makes short distinct ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, newTaskId));
    expect(ids.size).toBe(1000);
    expect([...ids][0]).toMatch(/^t[0-9a-z]{12}$/);
  });
});
