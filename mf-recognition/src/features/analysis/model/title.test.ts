import { defaultProjectTitle, normaliseProjectTitle } from './title';

describe('project title (SPEC §5)', () => {
  it.each([
    ['rénovation salle de bain', 'Rénovation Salle de Bain'],
    ['salle de bain', 'Travaux Salle de Bain'],
    ['peinture du salon', 'Travaux Peinture du Salon'],
    ['Projet : construction garage', 'Construction Garage'],
    ['installation pompe à chaleur', 'Installation Pompe à Chaleur'],
    ['travaux de toiture', 'Travaux de Toiture'],
    ['création d’une terrasse', "Création d'une Terrasse"],
    ['mise aux normes électrique', 'Mise aux Normes Électrique'],
    ['pose de carrelage', 'Pose de Carrelage'],
    ['CRÉATION salle de bain', 'Création Salle de Bain'],
    ['rénovation de la salle de bain de', 'Rénovation de la Salle de Bain'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseProjectTitle(raw)).toBe(expected);
  });

  it('is at most 80 characters, cut at a word', () => {
    const title = normaliseProjectTitle('rénovation complète ' + 'maison ancienne avec extension '.repeat(5))!;
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^Rénovation Complète Maison/);
    expect(title).not.toMatch(/\s$/);
  });

  it('is dropped when empty or without letters', () => {
    expect(normaliseProjectTitle('')).toBeUndefined();
    expect(normaliseProjectTitle(' 12 ')).toBeUndefined();
  });

  it('defaults to the task names, or « Projet BTP »', () => {
    expect(defaultProjectTitle([])).toBe('Projet BTP');
    expect(defaultProjectTitle(['Peinture murs', 'Pose de plinthes'])).toBe('Travaux Peinture Murs, Pose de Plinthes');
    expect(defaultProjectTitle(['Pose de carrelage sol'])).toBe('Pose de Carrelage Sol');
  });
});

describe('project title — capitals', () => {
  it('capitalises a title typed in capitals, keeps trade acronyms', () => {
    expect(normaliseProjectTitle('RENOVATION SALLE DE BAIN')).toBe('Renovation Salle de Bain');
    expect(normaliseProjectTitle('pose WC et VMC')).toBe('Pose WC et VMC');
  });
});
