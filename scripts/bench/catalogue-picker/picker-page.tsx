// mf-quotes' catalogue line picker (the component the devis editor mounts) over a generated catalogue, mounted on
// its own for scripts/bench/catalogue-picker.mjs, which types keys into its input. Bundled by
// scripts/lib/bench-page.mjs; never part of mf-quotes' build.
import type { Task } from '@atelier/domain';
import { UiProviders } from '@atelier/ui';
import { createRoot } from 'react-dom/client';

import { CataloguePicker } from '../../../mf-quotes/src/features/tasks/components/catalogue-picker';

const TRADES = [
  'Plomberie',
  'Électricité',
  'Peinture',
  'Carrelage',
  'Menuiserie',
  'Maçonnerie',
  'Isolation',
  'Chauffage',
];
const WORDS = ['pose', 'dépose', 'fourniture', 'câble', 'tuyau', 'enduit', 'plinthe', 'robinet', 'prise', 'cloison'];

/** A supplier-like catalogue: `size` items in 8 trades, names with accents, prices and units. */
export function benchCatalogue(size: number): Task[] {
  return Array.from({ length: size }, (_, i) => ({
    id: `t${i}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} réf. ${10000 + i}`,
    unit: i % 3 ? 'm2' : 'unité',
    price: 5 + ((i * 37) % 900) / 4,
    category: TRADES[i % TRADES.length],
  }));
}

(window as unknown as { __bench: (options: { items: number }) => void }).__bench = ({ items }) => {
  const picked: string[] = [];
  (window as unknown as { __picked: string[] }).__picked = picked;
  createRoot(document.getElementById('root')!).render(
    <UiProviders>
      <div style={{ maxWidth: 640, padding: 24 }}>
        <CataloguePicker tasks={benchCatalogue(items)} onPick={(task) => picked.push(task.name)} />
      </div>
    </UiProviders>,
  );
};
