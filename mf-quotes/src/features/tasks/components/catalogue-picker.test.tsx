import '@testing-library/jest-dom';
import type { Task } from '@atelier/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithUi as render } from '../../../testing/render';
import { CataloguePicker } from './catalogue-picker';

const catalogue: Task[] = Array.from({ length: 5000 }, (_, i) => ({
  id: `t${i}`,
  name: `Article ${i}`,
  unit: 'm2',
  price: 10 + (i % 50),
  category: i % 2 ? 'Plomberie' : 'Électricité',
}));
catalogue[4321] = {
  id: 'chauffe-eau',
  name: 'Chauffe-eau Atlantic 200 L',
  unit: 'unité',
  price: 640,
  category: 'Plomberie',
};
catalogue[77] = {
  id: 'ouvrage',
  name: 'Pose WC suspendu',
  unit: 'unité',
  price: 480,
  category: 'Salle de bain',
  components: [{ kind: 'fourniture', name: 'Bâti-support', unit: 'unité', quantity: 1, price: 180 }],
};

// jsdom lays nothing out: the listbox gets the height a browser gives it, so the virtualiser renders a window.
beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(() => jest.restoreAllMocks());

describe('CataloguePicker', () => {
  it('is a combobox over a listbox: typing filters without case or accents, ↓ and Enter pick', async () => {
    const onPick = jest.fn();
    const user = userEvent.setup();
    render(<CataloguePicker tasks={catalogue} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Ajouter depuis le catalogue' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'CHAUFFE EAU');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    expect(within(list).getByRole('option')).toHaveTextContent('Chauffe-eau Atlantic 200 L');
    expect(within(list).getByRole('option')).toHaveTextContent(/640,00\s€ \/ unité · Plomberie/);
    // The first match is active at once: Enter picks it.
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(catalogue[4321]);
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('matches the category and every typed word, accents ignored; marks ouvrages', async () => {
    const onPick = jest.fn();
    const user = userEvent.setup();
    render(<CataloguePicker tasks={catalogue} onPick={onPick} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'salle de bain');
    expect(screen.getByRole('option')).toHaveTextContent('Pose WC suspendu');
    expect(screen.getByRole('option')).toHaveTextContent('Ouvrage');
    await user.clear(input);
    await user.type(input, 'electricite article 12');
    // Every word anywhere: the even-numbered articles whose number contains « 12 »; only a window is rendered.
    const expected = catalogue.filter((t) => t.category === 'Électricité' && /12/.test(t.name)).length;
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(3);
    expect(options.length).toBeLessThan(20);
    expect(options[0]).toHaveTextContent('Article 12');
    expect(options[0]).toHaveAttribute('aria-setsize', String(expected));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}{Enter}');
    // Matches in catalogue order: 12, 112, 120…: the third is picked.
    expect(options[2]!.querySelector('.name')).toHaveTextContent('Article 120');
    expect(onPick).toHaveBeenCalledWith(catalogue[120]);
  });

  it('says when nothing matches, Escape closes, a click picks', async () => {
    const onPick = jest.fn();
    const user = userEvent.setup();
    render(<CataloguePicker tasks={catalogue.slice(0, 30)} onPick={onPick} label="Tâche du catalogue" />);
    const input = screen.getByRole('combobox', { name: 'Tâche du catalogue' });
    await user.type(input, 'zzz');
    expect(screen.getByText('Aucune tâche du catalogue ne correspond.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.clear(input);
    await user.type(input, 'article 7');
    await user.click(screen.getByRole('option', { name: /Article 7/ }));
    expect(onPick).toHaveBeenCalledWith(catalogue[7]);
  });
});
