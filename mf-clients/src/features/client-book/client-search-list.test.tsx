// The /clients search and list (client-search-list.tsx): a key typed narrows the list (accents and case folded),
// the list follows the query it is rendered for (data-query), and what the page puts around the field and above
// the list is not rendered again per keystroke.
import { UiProviders } from '@atelier/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ClientSearchList } from './client-search-list';
import { searchIndex, type ClientRow } from './model';

const CLIENTS: ClientRow[] = [
  {
    id: 'c1',
    name: 'Éloïse Durand',
    email: 'eloise@example.fr',
    phone: '06 12 34 56 78',
    address: '3 rue Neuve 69001 Lyon',
  },
  {
    id: 'c2',
    name: 'Marc Petit',
    email: 'marc@example.fr',
    phone: '07 00 00 00 01',
    address: '8 quai Vert 44000 Nantes',
  },
  {
    id: 'c3',
    name: 'Léa Roux',
    email: 'lea@example.fr',
    phone: '07 00 00 00 02',
    address: '1 place Bellecour 69002 Lyon',
  },
];
const INDEX = new Map(CLIENTS.map((c) => [c.id, searchIndex(c)]));
const NONE = new Map();

function list(props: Partial<Parameters<typeof ClientSearchList>[0]> = {}, header: React.ReactNode = null) {
  return (
    <UiProviders>
      <ClientSearchList
        clients={CLIENTS}
        index={INDEX}
        empty={null}
        filtersActive={false}
        toolbar={null}
        header={header}
        figures={NONE}
        quotesByClient={NONE}
        invoicesByClient={NONE}
        creditNotesByInvoice={NONE}
        onEdit={() => undefined}
        onDelete={() => undefined}
        {...props}
      />
    </UiProviders>
  );
}

// jsdom has no scrolling (the virtualiser scrolls the window when the list changes).
window.scrollTo = () => undefined;

const names = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

it('a key typed narrows the list, accents and case folded; the list says which query it shows', async () => {
  const user = userEvent.setup();
  render(list());
  expect(names()).toEqual(['Éloïse Durand', 'Marc Petit', 'Léa Roux']);
  await user.type(screen.getByLabelText('Rechercher un client'), 'LYON');
  expect(names()).toEqual(['Éloïse Durand', 'Léa Roux']);
  expect(screen.getByTestId('client-list').dataset.query).toBe('LYON');
  await user.clear(screen.getByLabelText('Rechercher un client'));
  await user.type(screen.getByLabelText('Rechercher un client'), 'lea');
  expect(names()).toEqual(['Léa Roux']);
  await user.type(screen.getByLabelText('Rechercher un client'), 'z');
  expect(names()).toEqual([]);
  expect(screen.getByText(/Aucun client ne correspond/)).toBeTruthy();
});

it('what the page puts above the list is not rendered again per keystroke', async () => {
  const user = userEvent.setup();
  let renders = 0;
  function Header() {
    renders += 1;
    return <p>Totaux</p>;
  }
  render(list({}, <Header />));
  await user.type(screen.getByLabelText('Rechercher un client'), 'marc');
  expect(names()).toEqual(['Marc Petit']);
  expect(renders).toBe(1);
});

it('an empty or unloaded book shows the page’s message instead of the list, whatever is typed', async () => {
  const user = userEvent.setup();
  render(list({ clients: [], empty: <p>Aucun client pour le moment.</p> }));
  await user.type(screen.getByLabelText('Rechercher un client'), 'a');
  expect(screen.getByText('Aucun client pour le moment.')).toBeTruthy();
  expect(screen.queryByText(/Aucun client ne correspond/)).toBeNull();
});
