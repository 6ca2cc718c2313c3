// A catalogue item copied into the devis: its name, unit and price become the line's own (editable on this devis,
// the catalogue unchanged); an ouvrage brings a snapshot of its components and coefficient, its unit price being
// the money model's ouvrageUnitPrice of them at the time of the copy (later catalogue prices never reach the devis).
import { ouvrageUnitPrice, type OuvrageComponent, type StoredLine, type Task } from '@atelier/domain';

/** The catalogue item as the editor reads it: a task, possibly an ouvrage (27-catalogue's taskSchema extension). */
export type CatalogueItem = Task & {
  id?: string | undefined;
  components?: readonly OuvrageComponent[] | undefined;
  coefficient?: number | undefined;
};

export function catalogueComponents(task: Task): OuvrageComponent[] {
  const components = (task as CatalogueItem).components;
  return Array.isArray(components) ? components.map((c) => ({ ...c })) : [];
}

export function isOuvrage(line: Pick<StoredLine, 'components'>): boolean {
  return Array.isArray(line.components) && line.components.length > 0;
}

/** The line fields a catalogue item gives (without the quantity). */
export function lineFromCatalogue(task: Task): Omit<StoredLine, 'quantity'> {
  const item = task as CatalogueItem;
  const components = catalogueComponents(task);
  const catalogueId = typeof item.id === 'string' && item.id ? { catalogueId: item.id } : {};
  if (components.length === 0) return { name: task.name, unit: task.unit, price: task.price, ...catalogueId };
  const coefficient = typeof item.coefficient === 'number' && item.coefficient > 0 ? item.coefficient : 1;
  return {
    name: task.name,
    unit: task.unit,
    price: ouvrageUnitPrice(components, coefficient),
    components,
    ...(coefficient !== 1 ? { coefficient } : {}),
    ...catalogueId,
  };
}
