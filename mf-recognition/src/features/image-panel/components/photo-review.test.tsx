import { bus, type EventEnvelope } from '@atelier/bus';
import { tasksStore } from '@atelier/storage';
import { UiProviders } from '@atelier/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import type { PageLayout } from '../../ocr/ocr-layout';
import { photoLines } from '../model/photo-lines';
import { ImagePanel } from './image-panel';
import type { PhotoProposal } from './photo-review';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
const word = (text: string, confidence: number, row: number) => ({ text, confidence, box: box(0, row, 10, row + 10) });
const LAYOUT: PageLayout = {
  width: 1000,
  height: 1400,
  lines: [
    { text: 'Racréage 1,5', box: box(100, 200, 400, 240), words: [word('Racréage', 60, 200), word('1,5', 51, 200)] },
    { text: 'Parquet 14,5 m²', box: box(100, 300, 420, 340), words: [word('Parquet', 96, 300), word('14,5', 97, 300)] },
  ],
};
const PROPOSAL: PhotoProposal = {
  result: { projectTitle: '', tasks: [], client: { name: 'Léa Morel' } },
  layout: LAYOUT,
  lines: photoLines(
    [
      { name: 'Pose de parquet flottant', quantity: 14.5, unit: 'm2', source: 'Parquet 14,5 m²', unsure: false },
      { name: 'Ragréage sol', quantity: 1.5, unit: 'm2', source: 'ragréage 1,5', unsure: false },
    ],
    LAYOUT,
  ),
};

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'notes.png', { type: 'image/png' });

function renderPanel(proposeImage: (image: Blob) => Promise<PhotoProposal>, analyzeImage = jest.fn()) {
  render(
    <UiProviders>
      <MemoryRouter>
        <ImagePanel analyzeImage={analyzeImage} proposeImage={proposeImage} />
      </MemoryRouter>
    </UiProviders>,
  );
  fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [png()] } });
  return analyzeImage;
}

let events: EventEnvelope[];
let sub: { unsubscribe(): void };

beforeEach(() => {
  localStorage.clear();
  tasksStore.set([{ name: 'Ragréage sol', unit: 'm2', price: 20 }]);
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  events = [];
  sub = bus.all().subscribe((e) => events.push(e));
});

afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});

describe('photo review', () => {
  it('shows each line next to its crop, the doubtful one first, marked, focused and outlined on the photo', async () => {
    const analyzeImage = renderPanel(async () => PROPOSAL);
    const rows = await screen.findAllByTestId('photo-line');
    expect(analyzeImage).not.toHaveBeenCalled();
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Ragréage solÀ vérifier.*Chiffre peu lisible : 1,5/),
      expect.stringMatching(/^Pose de parquet flottant/),
    ]);
    expect(within(rows[1]!).queryByText('À vérifier')).toBeNull();
    const crop = within(rows[0]!).getByRole('img', { name: 'Zone de la photo : Ragréage sol' });
    expect(crop.style.backgroundImage).toBe('url("blob:photo")');
    expect(crop.style.backgroundPosition).toBe('-60px -126.7px');
    const quantity = screen.getByRole('textbox', { name: 'Quantité : Ragréage sol' });
    expect(quantity).toHaveFocus();
    expect(quantity).toHaveValue('1,5');
    expect(screen.getByTestId('photo-highlight').style.top).toBe('14.29%');
    // Nothing reaches the devis before « Ajouter au devis ».
    expect(events.filter((e) => e.type === 'quote/tasks-recognised')).toEqual([]);
  });

  it('tapping a line outlines its region on the photo', async () => {
    renderPanel(async () => PROPOSAL);
    const rows = await screen.findAllByTestId('photo-line');
    fireEvent.click(rows[1]!);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('photo-highlight').style.top).toBe('21.43%');
  });

  it('adds the corrected and kept lines to the devis', async () => {
    renderPanel(async () => PROPOSAL);
    const quantity = await screen.findByRole('textbox', { name: 'Quantité : Ragréage sol' });
    fireEvent.change(quantity, { target: { value: '14,5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Garder cette ligne : Pose de parquet flottant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au devis' }));
    await waitFor(() => expect(events.some((e) => e.type === 'quote/tasks-recognised')).toBe(true));
    expect(events.find((e) => e.type === 'quote/tasks-recognised')?.payload).toEqual({
      tasks: [{ name: 'Ragréage sol', unit: 'm2', quantity: 14.5 }],
      source: 'image',
    });
    expect(events.find((e) => e.type === 'quote/client-recognised')?.payload).toMatchObject({
      client: { name: 'Léa Morel' },
    });
    expect(screen.queryByTestId('photo-review')).toBeNull();
  });

  it('a line not found on the photo says so; cancelling adds nothing', async () => {
    renderPanel(async () => ({
      ...PROPOSAL,
      lines: photoLines([{ name: 'Ragréage sol', quantity: 3, unit: 'm2', source: '', unsure: true }], null),
      layout: null,
    }));
    expect(await screen.findByText('Zone non retrouvée sur la photo')).toBeInTheDocument();
    expect(screen.getByText('À vérifier')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByTestId('photo-review')).toBeNull();
    expect(events.filter((e) => e.type === 'quote/tasks-recognised')).toEqual([]);
  });

  it('an unreadable photo gives the panel’s messages', async () => {
    renderPanel(async () => ({ ...PROPOSAL, lines: [], result: { projectTitle: '', tasks: [], client: {} } }));
    expect(await screen.findByText("Aucune information pertinente trouvée dans l'image")).toBeInTheDocument();
  });

  it('a failed read says so and offers a retry', async () => {
    renderPanel(async () => {
      throw new Error('boom');
    });
    expect(await screen.findByText('Erreur inattendue. Réessayez avec une image plus claire')).toBeInTheDocument();
  });
});
