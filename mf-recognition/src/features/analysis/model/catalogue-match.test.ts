import type { Task } from '@atelier/domain';
import { bestCatalogueMatch, matchTaskName } from './catalogue-match';
import { jaroWinkler } from './similarity';

const catalogue: Task[] = [
  { name: 'Peinture murs', unit: 'm2', price: 25 },
  { name: 'Peinture plafond', unit: 'm2', price: 28 },
  { name: 'Pose de carrelage sol', unit: 'm2', price: 45 },
  { name: 'Pose de faïence murale', unit: 'm2', price: 50 },
  { name: 'Dépose de carrelage', unit: 'm2', price: 18 },
  { name: 'Ragréage sol', unit: 'm2', price: 20 },
  { name: 'Installation prise électrique', unit: 'unité', price: 65 },
  { name: 'Remplacement tableau électrique', unit: 'forfait', price: 1200 },
  { name: 'Pose de WC suspendu', unit: 'unité', price: 450 },
  { name: 'Remplacement chauffe-eau', unit: 'unité', price: 900 },
  { name: 'Montage cloison placo', unit: 'm2', price: 40 },
  { name: 'Démolition cloison', unit: 'm2', price: 30 },
  { name: 'Isolation des combles', unit: 'm2', price: 28 },
  { name: 'Pose de radiateur', unit: 'unité', price: 350 },
  { name: 'Entretien chaudière', unit: 'forfait', price: 150 },
  { name: 'Pose de fenêtre PVC', unit: 'unité', price: 650 },
  { name: 'Pose de porte intérieure', unit: 'unité', price: 280 },
  { name: 'Réfection toiture tuiles', unit: 'm2', price: 95 },
  { name: 'Nettoyage et démoussage toiture', unit: 'm2', price: 18 },
  { name: 'Évacuation des gravats', unit: 'forfait', price: 350 },
  { name: "Main d'œuvre", unit: 'h', price: 45 },
  { name: 'Rénovation salle de bain', unit: 'forfait', price: 6500 },
  { name: 'Nettoyage fin de chantier', unit: 'forfait', price: 200 },
];

const match = (phrase: string) => bestCatalogueMatch(phrase, catalogue)?.task.name ?? null;

describe('catalogue matching', () => {
  it('accepts exact and partial names, whatever the case and accents', () => {
    expect(matchTaskName('PEINTURE MURS', catalogue)?.name).toBe('Peinture murs');
    expect(matchTaskName('pose de faience murale', catalogue)?.name).toBe('Pose de faïence murale');
    expect(match('nettoyage de fin de chantier')).toBe('Nettoyage fin de chantier');
    expect(match('carrelage sol')).toBe('Pose de carrelage sol');
  });

  it.each([
    // painting
    ['repeindre le plafond du salon', 'Peinture plafond'],
    ['mettre en peinture les murs', 'Peinture murs'],
    ['peindre la chambre', 'Peinture murs'],
    // tiling
    ['carreler la cuisine', 'Pose de carrelage sol'],
    ['faïence de la douche', 'Pose de faïence murale'],
    ['ragréer le sol', 'Ragréage sol'],
    // electricity
    ['deux prises de courant', 'Installation prise électrique'],
    ['changer le tableau électrique', 'Remplacement tableau électrique'],
    // plumbing
    ['toilettes suspendues', 'Pose de WC suspendu'],
    ['changer le cumulus', 'Remplacement chauffe-eau'],
    ["ballon d'eau chaude", 'Remplacement chauffe-eau'],
    // masonry
    ['monter une cloison en placo', 'Montage cloison placo'],
    ['plaques de plâtre BA13', 'Montage cloison placo'],
    // insulation
    ['isoler le grenier', 'Isolation des combles'],
    ['laine soufflée dans les combles perdus', 'Isolation des combles'],
    // heating
    ['remplacement des convecteurs', 'Pose de radiateur'],
    ['révision annuelle de la chaudière', 'Entretien chaudière'],
    // joinery
    ['fenêtres en PVC double vitrage', 'Pose de fenêtre PVC'],
    // roofing
    ['démousser le toit', 'Nettoyage et démoussage toiture'],
    ['refaire la couverture en tuiles', 'Réfection toiture tuiles'],
    // demolition
    ['casser la cloison', 'Démolition cloison'],
    ['évacuer les déchets à la déchetterie', 'Évacuation des gravats'],
    // renovation / general
    ['rénover la salle de bains', 'Rénovation salle de bain'],
    ["heures de main d'oeuvre", "Main d'œuvre"],
    // OCR and spelling slips
    ['pelnture murs', 'Peinture murs'],
    ['carelage sol', 'Pose de carrelage sol'],
  ])('%s → %s', (phrase, expected) => {
    expect(match(phrase)).toBe(expected);
  });

  it('never confuses pose and dépose, installation and désinstallation', () => {
    expect(match('dépose du carrelage')).toBe('Dépose de carrelage');
    expect(match('déposer le carrelage')).toBe('Dépose de carrelage');
    expect(match('pose du carrelage')).toBe('Pose de carrelage sol');
    expect(match('arracher le vieux carrelage')).toBe('Dépose de carrelage');
    expect(match('dépose du WC')).toBeNull();
    expect(match('désinstallation du radiateur')).toBeNull();
    expect(match('installation du radiateur')).toBe('Pose de radiateur');
    expect(match('démolition de la cloison')).toBe('Démolition cloison');
    expect(match('montage de la cloison')).toBe('Montage cloison placo');
  });

  it('keeps servicing apart from installing', () => {
    expect(match('désembouage des radiateurs')).toBeNull();
    expect(match('remplacer la chaudière')).toBeNull();
  });

  it('drops what is not in the catalogue', () => {
    expect(match('pose d’une cuisine équipée')).toBeNull();
    expect(match('climatisation réversible')).toBeNull();
    expect(match('porte d’entrée blindée')).toBeNull();
    expect(match('bonjour monsieur')).toBeNull();
    expect(matchTaskName('', catalogue)).toBeNull();
  });

  it('prefers the more specific task and, on a tie, the first in the catalogue', () => {
    expect(match('peinture du plafond')).toBe('Peinture plafond');
    expect(match('peinture')).toBe('Peinture murs');
    expect(match('nettoyage de la toiture')).toBe('Nettoyage et démoussage toiture');
  });
});

describe('jaroWinkler', () => {
  it('scores identical, close and distant words', () => {
    expect(jaroWinkler('peintur', 'peintur')).toBe(1);
    expect(jaroWinkler('pelntur', 'peintur')).toBeGreaterThan(0.9);
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('carrelag', 'plinth')).toBeLessThan(0.6);
    expect(jaroWinkler('', 'abc')).toBe(0);
  });
});
