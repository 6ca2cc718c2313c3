// A catalogue item copied into the devis: its name, unit and price become the line's own (editable on this devis,
// the catalogue unchanged); an ouvrage brings a snapshot of its components and coefficient (27-catalogue's
// taskSchema), its unit price being the money model's ouvrageUnitPrice of them at the time of the copy — later
// catalogue prices never reach the devis.
import { ouvrageUnitPrice, type OuvrageComponent, type StoredLine, type Task } from '@atelier/domain';

export function catalogueComponents(task: Task): OuvrageComponent[] {
  return (task.components ?? []).map(({ kind, name, unit, quantity, price }) => ({ kind, name, unit, quantity, price }));
}

export function isOuvrage(line: Pick<StoredLine, 'components'>): boolean {
  return Array.isArray(line.components) && line.components.length > 0;
}

/** The line fields a catalogue item gives (without the quantity). */
export function lineFromCatalogue(task: Task): Omit<StoredLine, 'quantity'> {
  const components = catalogueComponents(task);
  const catalogueId = task.id ? { catalogueId: task.id } : {};
  if (components.length === 0) return { name: task.name, unit: task.unit, price: task.price, ...catalogueId };
  const coefficient = task.coefficient && task.coefficient > 0 ? task.coefficient : 1;
  return {
    name: task.name,
    unit: task.unit,
    price: ouvrageUnitPrice(components, coefficient),
    components,
    ...(coefficient !== 1 ? { coefficient } : {}),
    ...catalogueId,
  };
}
