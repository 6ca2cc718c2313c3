import { INITIAL_TASK_FORM, formatTaskPrice, parsePrice, taskFormValues, taskFromForm } from './task-form';

describe('task form rules', () => {
  it('builds a task from valid values, trimming text, reading the price the French way', () => {
    expect(taskFromForm({ ...INITIAL_TASK_FORM, name: '  Peinture ', price: '1 250,50' })).toEqual({
      ok: true,
      task: { name: 'Peinture', price: 1250.5, unit: 'm2' },
    });
    expect(taskFromForm({ ...INITIAL_TASK_FORM, name: 'A', price: '12.505' })).toEqual({
      ok: false,
      field: 'price',
      message: 'Le prix accepte au plus 2 décimales (centimes).',
    });
  });

  it('refuses prices above 1 000 000 € and names above 200 characters', () => {
    expect(taskFromForm({ ...INITIAL_TASK_FORM, name: 'A', price: '1000000,01' })).toMatchObject({
      ok: false,
      message: 'Le prix unitaire ne peut pas dépasser 1 000 000 €.',
    });
    expect(taskFromForm({ ...INITIAL_TASK_FORM, name: 'a'.repeat(201), price: '1' })).toMatchObject({
      ok: false,
      field: 'name',
      message: 'Le nom de la tâche ne peut pas dépasser 200 caractères.',
    });
  });

  it('requires a name', () => {
    expect(taskFromForm({ ...INITIAL_TASK_FORM, name: '   ', price: '3' })).toMatchObject({ ok: false, field: 'name' });
  });

  it('requires a numeric price ≥ 0 (0 allowed, comma accepted)', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('12,5')).toBe(12.5);
    expect(taskFromForm({ ...INITIAL_TASK_FORM, name: 'A', price: '-2' })).toMatchObject({ ok: false, field: 'price' });
  });

  it('requires a unit: custom mode with empty text gives the spec message', () => {
    const result = taskFromForm({ ...INITIAL_TASK_FORM, name: 'A', price: '1', unitMode: 'custom', customUnit: '  ' });
    expect(result).toEqual({ ok: false, field: 'unit', message: 'Veuillez spécifier une unité' });
  });

  it('uses the custom unit in custom mode', () => {
    const result = taskFromForm({ ...INITIAL_TASK_FORM, name: 'A', price: '1', unitMode: 'custom', customUnit: 'lot' });
    expect(result).toEqual({ ok: true, task: { name: 'A', price: 1, unit: 'lot' } });
  });

  it('starts on the default unit m2', () => {
    expect(INITIAL_TASK_FORM.predefinedUnit).toBe('m2');
    expect(INITIAL_TASK_FORM.unitMode).toBe('predefined');
  });

  it('formats the price per unit in French', () => {
    expect(formatTaskPrice({ price: 12.5, unit: 'm2' }).replace(/\s/g, ' ')).toBe('12,50 € / m2');
    expect(formatTaskPrice({ price: 1234, unit: 'forfait' }).replace(/\s/g, ' ')).toBe('1 234,00 € / forfait');
  });
});

describe('duplicates and edits', () => {
  const catalogue = [
    { name: 'Tuyau cuivre', price: 18, unit: 'ml' },
    { name: 'Raccord', price: 4.5, unit: 'Lot de 3' },
  ];

  it('refuses a second « tuyau CUIVRÉ » in ml with a French message naming the existing task', () => {
    expect(
      taskFromForm({ ...INITIAL_TASK_FORM, name: 'tuyau CUIVRÉ', price: '20', predefinedUnit: 'ml' }, catalogue),
    ).toEqual({
      ok: false,
      field: 'name',
      message:
        "La tâche « Tuyau cuivre » existe déjà pour l'unité ml : modifiez-la plutôt que d'en ajouter une seconde.",
    });
    expect(
      taskFromForm({ ...INITIAL_TASK_FORM, name: 'Tuyau cuivre', price: '20', predefinedUnit: 'unité' }, catalogue),
    ).toMatchObject({ ok: true });
  });

  it('edits a task with the same rules, the task itself excepted', () => {
    const values = taskFormValues(catalogue[0]!);
    expect(values).toMatchObject({ name: 'Tuyau cuivre', price: '18', unitMode: 'predefined', predefinedUnit: 'ml' });
    expect(taskFromForm({ ...values, price: '19,90' }, catalogue, 0)).toEqual({
      ok: true,
      task: { name: 'Tuyau cuivre', price: 19.9, unit: 'ml' },
    });
    expect(taskFromForm({ ...values, price: '' }, catalogue, 0)).toMatchObject({ ok: false, field: 'price' });
    expect(
      taskFromForm(
        { ...taskFormValues(catalogue[1]!), name: 'Tuyau cuivre', unitMode: 'predefined', predefinedUnit: 'ml' },
        catalogue,
        1,
      ),
    ).toMatchObject({ ok: false, field: 'name' });
    expect(taskFormValues(catalogue[1]!)).toMatchObject({ unitMode: 'custom', customUnit: 'Lot de 3' });
  });
});
