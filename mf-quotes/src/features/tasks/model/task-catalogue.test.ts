import { findDuplicateTask, taskNameKey } from './task-catalogue';

const catalogue = [
  { name: 'Tuyau cuivre', unit: 'ml' },
  { name: 'Pose carrelage', unit: 'm2' },
  { name: 'Déplacement', unit: 'forfait' },
];

describe('task catalogue identity', () => {
  it('compares names without case, accents or extra spaces', () => {
    expect(taskNameKey('  Tuyau   CUIVRÉ ')).toBe('tuyau cuivre');
    expect(taskNameKey('Œuvre')).toBe('œuvre');
    expect(findDuplicateTask(catalogue, { name: 'tuyau cuivre', unit: 'ml' })).toBe(0);
    expect(findDuplicateTask(catalogue, { name: 'TUYAU  CUIVRÉ', unit: 'ml' })).toBe(0);
    expect(findDuplicateTask(catalogue, { name: 'deplacement', unit: 'Forfait' })).toBe(2);
  });

  it('lowers French letters as the fr-FR locale does (the key uses the faster toLowerCase)', () => {
    const french = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÄÆÇÉÈÊËÎÏÔÖŒÙÛÜŸ';
    expect(french.toLowerCase()).toBe(french.toLocaleLowerCase('fr-FR'));
    expect(taskNameKey('ÉLECTRICITÉ — Câble ŒIL-DE-BŒUF Ÿ')).toBe('electricite — cable œil-de-bœuf y');
    expect(taskNameKey('Article\u00a012\tréf. 1012')).toBe('article 12 ref. 1012');
  });

  it('keeps the same name for another unit and different names apart', () => {
    expect(findDuplicateTask(catalogue, { name: 'Tuyau cuivre', unit: 'unité' })).toBe(-1);
    expect(findDuplicateTask(catalogue, { name: 'Tuyau cuivre 14', unit: 'ml' })).toBe(-1);
  });

  it('does not count the task being edited as its own duplicate', () => {
    expect(findDuplicateTask(catalogue, { name: 'Tuyau Cuivre', unit: 'ml' }, 0)).toBe(-1);
    expect(findDuplicateTask(catalogue, { name: 'Pose carrelage', unit: 'm2' }, 0)).toBe(1);
  });
});
