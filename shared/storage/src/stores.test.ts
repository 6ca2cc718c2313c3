import { DEFAULT_CUSTOMIZATION, companyInfoSchema } from '@atelier/domain';

import { storageIssues$, type StorageIssue } from './stored-value';
import { DEFAULT_COMPANY_INFO, clientsStore, companyInfoStore, customizationStore, tasksStore } from './stores';

beforeEach(() => localStorage.clear());

describe('spec stores', () => {
  it('use the spec keys and their defaults', () => {
    expect(tasksStore.key).toBe('tasks');
    expect(clientsStore.key).toBe('clients');
    expect(companyInfoStore.key).toBe('companyInfo');
    expect(customizationStore.key).toBe('quoteCustomization');
    expect(tasksStore.get()).toEqual([]);
    expect(companyInfoStore.get()).toEqual(DEFAULT_COMPANY_INFO);
    expect(DEFAULT_COMPANY_INFO.rib).toEqual({ bank: '', iban: '', bic: '' });
    // Written out in stores.ts (not parsed when the module is evaluated): the schema's own defaults.
    expect(DEFAULT_COMPANY_INFO).toStrictEqual(companyInfoSchema.parse({}));
    expect(customizationStore.get()).toBe(DEFAULT_CUSTOMIZATION);
  });

  it('reads a legacy client book (missing phone/quotes) filling the defaults', () => {
    localStorage.setItem('clients', JSON.stringify([{ name: 'Martin', email: 'm@x.fr' }]));
    expect(clientsStore.get()).toEqual([
      { name: 'Martin', email: 'm@x.fr', phone: '', address: '', quotes: [], invoices: [] },
    ]);
  });

  it('reads an older customisation lacking the invoice settings by filling them from the defaults', () => {
    const { invoice: _omit, ...older } = DEFAULT_CUSTOMIZATION;
    localStorage.setItem('quoteCustomization', JSON.stringify({ ...older, tableStyle: 'striped' }));
    const value = customizationStore.get();
    expect(value.tableStyle).toBe('striped');
    expect(value.invoice).toEqual(DEFAULT_CUSTOMIZATION.invoice);
  });

  it('a corrupt task list is reported with the tasks wording', () => {
    const issues: StorageIssue[] = [];
    let live = false;
    const sub = storageIssues$.subscribe((i) => live && issues.push(i));
    live = true;
    localStorage.setItem('tasks', '[{"name":1}]');
    expect(tasksStore.get()).toEqual([]);
    expect(issues[0]?.message).toMatch(
      /^Des données enregistrées \(tâches\) étaient illisibles : elles ont été mises de côté sous « tasks\.corrupt-\d+ » et la liste repart vide\.$/,
    );
    sub.unsubscribe();
  });
});
