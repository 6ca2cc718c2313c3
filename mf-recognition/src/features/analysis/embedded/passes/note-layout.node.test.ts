// Note layout rules (decision 0218), each tried on notes other than the note-text dev set's: a heading naming the work
// takes the figure of the line under it, a heading naming only a thing (no work, no forfait) is a title, a heading
// after task lines stays a task, an arrow before « x N » corrects a count, a slab's « ép. » after its surface, a
// doctor as the client, « pt lumineux », « + » between works, client lines as the reading leaves them.
import { extractFromText } from '../extract-from-text';
import { loadRound3 } from '../../../../testing/round-3-corpus';
import { joinSizedRooms, readNoteHeadings, rewriteNoteText } from './note-layout';

const { catalogue } = loadRound3();
const note = (text: string) => extractFromText(text, catalogue, { flow: 'image' });
const lines = (text: string) =>
  note(text)
    .tasks.map((t) => `${t.quantity} ${t.unit} ${t.name}`)
    .sort();

describe('note layout (photos of notes)', () => {
  it('a heading naming the work takes the figure of the line under it', () => {
    expect(lines('Combles aménageables\n\nouate soufflée 52 m2\ndépl. 1')).toEqual([
      '1 forfait Déplacement',
      '52 m2 Isolation des combles',
    ]);
    expect(lines('Isolation int.\ndoublage pièce du fond 27 m2')).toEqual(["27 m2 Isolation des murs par l'intérieur"]);
  });

  it('the places listed under a heading naming the work are more of the same work', () => {
    expect(lines('Parquet flottant\nséjour 24 m2\nchambre : 11 m2\nCuisine\ncarrelage 9 m2')).toEqual([
      '35 m2 Pose de parquet flottant',
      '9 m2 Pose de carrelage sol',
    ]);
  });

  it('a heading naming only a thing is a title; the works under it are the lines', () => {
    expect(lines('Toiture maison\nhydrofuge 84 m2\ngouttière 11 ml')).toEqual([
      '11 ml Pose de gouttière',
      '84 m2 Traitement hydrofuge toiture',
    ]);
  });

  it('a heading that is a work, a forfait or below task lines stays a task', () => {
    expect(lines('Remplacement tableau élec.\n1 forfait\nprises x 4')).toEqual([
      '1 forfait Remplacement tableau électrique',
      '4 unité Installation prise électrique',
    ]);
    expect(lines('douche italienne 1\nlavabo\nfaïence 12 m2')).toContain('1 unité Pose de lavabo');
    expect(lines('Douche italienne\nfaïence 8 m2')).toEqual([
      "1 forfait Installation douche à l'italienne",
      '8 m2 Pose de faïence murale',
    ]);
  });

  it('leaves a dictation and a single line alone', () => {
    const read = () => [];
    expect(readNoteHeadings('peinture des murs 20 m2', read)).toBe('peinture des murs 20 m2');
    expect(readNoteHeadings('Cuisine\nprises x 3', read)).toBe('Cuisine\nprises x 3');
    expect(extractFromText('la toiture\ndémoussage 80 m2', catalogue, { flow: 'voice' }).tasks.length).toBeGreaterThan(
      0,
    );
  });

  it('an arrow before « x N » corrects a count', () => {
    expect(rewriteNoteText('spots x 4 → x 6')).toBe('spots x 4 → 6');
    expect(rewriteNoteText('prises x 3 -> x5')).toBe('prises x 3 -> 5');
    expect(lines('volets roulants x 2 -> x 3')).toEqual(['3 unité Pose de volet roulant']);
  });

  it('a room size above task lines with no figure sizes them (floor, perimeter, walls with a height)', () => {
    expect(lines('Bureau 3 x 2,8\nparquet\nplinthes')).toEqual([
      '11.6 ml Pose de plinthes',
      '8.4 m2 Pose de parquet flottant',
    ]);
    expect(lines('Chambre 4 x 3 HSP 2,5\npeinture murs\npeinture plafond')).toEqual([
      '12 m2 Peinture plafond',
      '35 m2 Peinture murs',
    ]);
    expect(lines("Salle d'eau 2 x 1,5\nfaïence murs h 2,2 m")).toEqual(['15.4 m2 Pose de faïence murale']);
    const read = (t: string) => (/parquet/.test(t) ? [{ name: 'x', unit: 'm2' }] : []);
    expect(joinSizedRooms('Séjour 5 x 4\nparquet\nCuisine', read)).toBe('Séjour 5 x 4, parquet\nCuisine');
    expect(joinSizedRooms('carrelage 60x60\nparquet', (t) => [{ name: t, unit: 'm2' }])).toBe(
      'carrelage 60x60\nparquet',
    );
  });

  it('« h » before a figure is a height, not hours after one', () => {
    expect(rewriteNoteText('faïence h 2,2 m')).toBe('faïence hauteur 2,2 m');
    expect(rewriteNoteText('MO 6 h\n1 h 30')).toBe('MO 6 h\n1 h 30');
  });

  it('a client line opening on a lowercase title, or a name glued by the reading, still names the client', () => {
    expect(note('mme Garnier\n06 71 20 30 40\nlavabo 1').client?.name).toBe('Garnier');
    expect(note('mr PaulMartin\n12 rue Haute, 26000 Valence\nWC susp. 1').client?.name).toBe('Paul Martin');
    expect(rewriteNoteText('mr et mme\nmr x 3')).toBe('mr et mme\nmr x 3');
    expect(note('m.etmme Vidal\ntuiles x 6').client?.name).toBe('Vidal');
    expect(note('M Hugo Barre\nvolets roulants x 3').client?.name).toBe('Hugo Barre');
    expect(note('M.Hugo Barre\nvolets roulants x 3').client?.name).toBe('Hugo Barre');
    expect(lines('Combles\nM0 3 h')).toEqual(["3 h Main d'œuvre"]);
    expect(note('EURLBois Dormant\nporte int. x 2').client?.company).toBe('EURL Bois Dormant');
  });

  it('« + » joins the works of one line, which share its figure', () => {
    expect(lines('Toit\ndémoussage + hydrofuge 95 m2')).toEqual([
      '95 m2 Nettoyage et démoussage toiture',
      '95 m2 Traitement hydrofuge toiture',
    ]);
    expect(lines('vasque + mitigeur')).toEqual(['1 unité Pose de lavabo', '1 unité Pose de mitigeur']);
    expect(rewriteNoteText('12 + 4 m2')).toBe('12 + 4 m2');
  });

  it('the town of a postal code line is not read back to a trade word', () => {
    expect(note('M. Arnaud\n3 rue des Écoles\n75005 Paris\nparquet 25 m2').client?.address).toBe(
      '3 rue des Écoles, 75005 Paris',
    );
  });

  it('« 2 x 12 ml » is two runs of 12 ml; « ép. 12 » is in centimetres', () => {
    expect(lines('Façade nord\ngouttière 3 x 8,5 ml')).toEqual(['25.5 ml Pose de gouttière']);
    expect(lines('Terrasse\ndalle 5 x 3 ép. 14')).toEqual(['2.1 m3 Dalle béton']);
    expect(rewriteNoteText('carrelage 60x60 sol 20 m2')).toBe('carrelage 60x60 sol 20 m2');
  });

  it('a slab written « 15 m2 ép. 12 cm » is a volume', () => {
    expect(lines('dalle béton 15 m2 ép. 12 cm')).toEqual(['1.8 m3 Dalle béton']);
  });

  it('« Dr » names the client and keeps the name out of the vocabulary correction', () => {
    expect(note('Cabinet vétérinaire des Halles\nDr Lemoine\nspots x 6').client?.name).toBe('Lemoine');
    expect(lines('Bureau\npt lumineux 2')).toEqual(['2 unité Point lumineux']);
    // A two-letter trade abbreviation before a figure and a detail in brackets stays the line's task.
    expect(lines('Séjour\nPC x 5 (2 TV)')).toEqual(['5 unité Installation prise électrique']);
  });
});
