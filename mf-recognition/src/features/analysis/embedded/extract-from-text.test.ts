import type { Task } from '@atelier/domain';
import catalogueJson from '../../../../fixtures/dictations/catalogue.json';
import { extractFromText } from './extract-from-text';

const catalogue = catalogueJson as Task[];
const tasks = (text: string, flow: 'voice' | 'image' = 'voice') =>
  extractFromText(text, catalogue, { flow }).tasks.map((t) => `${t.quantity} ${t.unit} ${t.name}`);

describe('extractFromText — quantity, unit and task in French phrasings', () => {
  it.each([
    ['25 m² de peinture', '25 m2 Peinture murs'],
    ['peinture 25 m2', '25 m2 Peinture murs'],
    ['Peinture : 25m2', '25 m2 Peinture murs'],
    ['vingt-cinq mètres carrés de peinture', '25 m2 Peinture murs'],
    ['pose de carrelage sur vingt mètres carrés', '20 m2 Pose de carrelage sol'],
    ['carrelage 30x60, 14 m²', '14 m2 Pose de carrelage sol'],
    ['carrelage en 60 x 60 cm sur 12 m2', '12 m2 Pose de carrelage sol'],
    ['deux prises électriques', '2 unité Installation prise électrique'],
    ['une prise', '1 unité Installation prise électrique'],
    ['une dizaine de prises', '10 unité Installation prise électrique'],
    ['une douzaine de spots', '12 unité Point lumineux'],
    ['une quinzaine de mètres linéaires de plinthes', '15 ml Pose de plinthes'],
    ['3 heures de main d’œuvre', "3 h Main d'œuvre"],
    ["trois heures de main d'oeuvre", "3 h Main d'œuvre"],
    ['deux heures et demie de main d’œuvre', "2.5 h Main d'œuvre"],
    ['main d’œuvre 4h', "4 h Main d'œuvre"],
    ['forfait évacuation des gravats', '1 forfait Évacuation des gravats'],
    ['location de benne deux jours', '2 jour Location benne'],
    ['plinthes 12,5 ml', '12.5 ml Pose de plinthes'],
    ['plinthes 12.4 m.l.', '12.4 ml Pose de plinthes'],
    ['trois cents mètres carrés d’isolation des combles', '300 m2 Isolation des combles'],
    ['quatre-vingt-dix mètres carrés de toiture à refaire', '90 m2 Réfection toiture tuiles'],
    ['soixante-dix mètres carrés de peinture', '70 m2 Peinture murs'],
    ['vingt-deux mètres linéaires de gouttière', '22 ml Pose de gouttière'],
    ['douze virgule cinq mètres carrés de faïence', '12.5 m2 Pose de faïence murale'],
    ['Faïence 8 m? (douche)', '8 m2 Pose de faïence murale'],
    ['neuf prises', '9 unité Installation prise électrique'],
    ['deux mètres cinquante de plinthes', '2.5 ml Pose de plinthes'],
    ['pose de cinq fenêtres PVC', '5 unité Pose de fenêtre PVC'],
    ['1. Peinture plafond 20 m²', '20 m2 Peinture plafond'],
    ['2) Pose parquet flottant 18 m2', '18 m2 Pose de parquet flottant'],
    ['- 3 prises', '3 unité Installation prise électrique'],
    ['faïence 15 m² à 50 € le m²', '15 m2 Pose de faïence murale'],
    ['peinture des 2 chambres', '1 m2 Peinture murs'],
    ['remplacement du chauffe-eau de 200 litres', '1 unité Remplacement chauffe-eau'],
    ['Pose de radiateur x3', '3 unité Pose de radiateur'],
    ['Installation prise électrique x 4', '4 unité Installation prise électrique'],
    ['Démolition cloison .............. 8 m2', '8 m2 Démolition cloison'],
    ['Pose de faïence murale : 18 m2', '18 m2 Pose de faïence murale'],
    ['Pose de mitigeur : 2 unités', '2 unité Pose de mitigeur'],
  ])('%s → %s', (text, expected) => {
    expect(tasks(text)).toEqual([expected]);
  });

  it('reads several tasks in one sentence or one line', () => {
    expect(tasks('vingt mètres carrés de peinture et dix mètres linéaires de plinthes')).toEqual([
      '20 m2 Peinture murs',
      '10 ml Pose de plinthes',
    ]);
    expect(tasks('Peinture murs 45 m2 / Peinture plafond 20 m2')).toEqual([
      '45 m2 Peinture murs',
      '20 m2 Peinture plafond',
    ]);
    expect(tasks('un WC suspendu, un lavabo avec son mitigeur')).toEqual([
      '1 unité Pose de WC suspendu',
      '1 unité Pose de lavabo',
      '1 unité Pose de mitigeur',
    ]);
  });

  it('never confuses pose and dépose', () => {
    expect(tasks("dépose de l'ancien carrelage, 8 m², et pose du nouveau")).toEqual([
      '8 m2 Dépose de carrelage',
      '8 m2 Pose de carrelage sol',
    ]);
    expect(tasks('on arrache la moquette, 30 m²')).toEqual(['30 m2 Dépose de moquette']);
  });

  it('drops tasks said in the negative, after « sans », and tasks outside the catalogue', () => {
    expect(tasks('pas de peinture au plafond')).toEqual([]);
    expect(tasks('peinture des murs sans le plafond, 30 m²')).toEqual(['30 m2 Peinture murs']);
    expect(tasks("pose d'une cuisine équipée et d'une climatisation")).toEqual([]);
  });

  it('reads table rows of an earlier quote, prices left aside', () => {
    expect(
      tasks(
        'Désignation | Qté | Unité | PU HT | Total HT\nPeinture plafond | 22 | m2 | 28,00 € | 616,00 €\nPose de plinthes | 31 | ml | 12,00 € | 372,00 €',
      ),
    ).toEqual(['22 m2 Peinture plafond', '31 ml Pose de plinthes']);
  });

  it('gives one figure to tasks said together, and keeps an action alone for an object said before', () => {
    expect(tasks('lessivage et peinture des murs, 40 m²')).toEqual([
      '40 m2 Préparation des murs (enduit, ponçage)',
      '40 m2 Peinture murs',
    ]);
    expect(tasks("deux heures de main d'oeuvre pour la vidange et le raccordement")).toEqual(["2 h Main d'œuvre"]);
  });

  it('carries a surface to the next surface task of the same sentence until a figure is said', () => {
    expect(
      tasks('on dépose le carrelage, ça fait dans les 15 m², on ragrée et on recarrelle. Le plafond pareil, 12 m²'),
    ).toEqual(['15 m2 Dépose de carrelage', '15 m2 Ragréage sol', '15 m2 Pose de carrelage sol']);
    expect(
      tasks('sous-couche sur la même surface, puis peinture. Comptez 8 m² de peinture. Dépose de carrelage 6 m²'),
    ).toEqual(["1 m2 Sous-couche d'impression", '8 m2 Peinture murs', '6 m2 Dépose de carrelage']);
    expect(tasks('faïence 8 m² et un WC suspendu')).toEqual([
      '8 m2 Pose de faïence murale',
      '1 unité Pose de WC suspendu',
    ]);
  });

  it('reads hours said with no task as labour', () => {
    expect(tasks('Pose de lavabo. Comptez trois heures en plus pour les raccords.')).toEqual([
      '1 unité Pose de lavabo',
      "3 h Main d'œuvre",
    ]);
  });

  it('keeps the correction, not the first figure', () => {
    expect(tasks('parquet quinze mètres carrés, non pardon, dix-sept mètres carrés')).toEqual([
      '17 m2 Pose de parquet flottant',
    ]);
  });

  it('adds up the same task said for two rooms', () => {
    expect(tasks('peinture du salon 25 m². Peinture de la chambre 12 m².')).toEqual(['37 m2 Peinture murs']);
  });

  it('applies the image-flow ceiling', () => {
    expect(tasks('Peinture murs 4500 m2', 'image')).toEqual(['200 m2 Peinture murs']);
    expect(tasks('Peinture murs 4500 m2', 'voice')).toEqual(['4500 m2 Peinture murs']);
  });
});

describe('extractFromText — client and title', () => {
  it('reads a dictated client with a spoken email and a postal address', () => {
    const result = extractFromText(
      "C'est pour Madame Sophie Martin, 14 avenue Jean Jaurès, 75019 Paris. Son portable : zéro six, douze, trente-quatre, cinquante-six, soixante-dix-huit. Mail sophie point martin arobase gmail point com. Peinture 20 m².",
      catalogue,
      { flow: 'voice' },
    );
    expect(result.client).toEqual({
      name: 'Sophie Martin',
      address: '14 avenue Jean Jaurès, 75019 Paris',
      phone: '06 12 34 56 78',
      email: 'sophie.martin@gmail.com',
    });
    expect(result.tasks).toEqual([{ name: 'Peinture murs', quantity: 20, unit: 'm2' }]);
  });

  it('reads typed notes with labels, OCR look-alikes and multi-line addresses', () => {
    const result = extractFromText(
      'Client : M. Durand\n3 impasse des Tilleuls\n44000 Nantes\nTél : O6 l2 34 S6 78\nEmail : durand.p@orange.fr\nPeinture murs 30 m2',
      catalogue,
      { flow: 'image' },
    );
    expect(result.client).toEqual({
      name: 'Durand',
      address: '3 impasse des Tilleuls, 44000 Nantes',
      phone: '06 12 34 56 78',
      email: 'durand.p@orange.fr',
    });
  });

  it('reads a repeated name with its first name, and a postal code said after the city', () => {
    const result = extractFromText(
      "Le client c'est Monsieur Vidal, Thierry Vidal, au 31 rue Pasteur à Grenoble, code postal 38000.",
      catalogue,
    );
    expect(result.client).toEqual({ name: 'Thierry Vidal', address: '31 rue Pasteur, 38000 Grenoble' });
  });

  it('reads OCR slips in labels and addresses', () => {
    const result = extractFromText(
      'Client! Pierre Lefebvre\nà.benali@laposte.net\nTel. 06.45.78.12.33\nPeinture murs 10 m2',
      catalogue,
      { flow: 'image' },
    );
    expect(result.client).toEqual({ name: 'Pierre Lefebvre', email: 'a.benali@laposte.net', phone: '06 45 78 12 33' });
  });

  it('prefers « Projet : » to a « DEVIS - » heading and does not read the project line as a task', () => {
    const result = extractFromText(
      'DEVIS - document provisoire\nProjet : rénovation complète appartement\nPeinture murs 120 m2',
      catalogue,
      { flow: 'image' },
    );
    expect(result.projectTitle).toBe('Rénovation Complète Appartement');
    expect(result.tasks).toEqual([{ name: 'Peinture murs', quantity: 120, unit: 'm2' }]);
  });

  it('reads the project title, or deduces it from the tasks', () => {
    expect(extractFromText('Projet : rénovation salle de bain\nFaïence 20 m²', catalogue).projectTitle).toBe(
      'Rénovation Salle de Bain',
    );
    expect(extractFromText('Chantier : cuisine Dupont. Carrelage 12 m²', catalogue).projectTitle).toBe(
      'Travaux Cuisine Dupont',
    );
    expect(extractFromText('Carrelage 12 m²', catalogue).projectTitle).toBe('Pose de Carrelage Sol');
    expect(extractFromText('bonjour', catalogue)).toEqual({ projectTitle: 'Projet BTP', tasks: [], client: {} });
  });
});

describe('extractFromText — generalisation rules (held-out dictations)', () => {
  const third = [
    { name: 'Forfait intervention', unit: 'forfait', price: 65 },
    { name: "Heure de main d'oeuvre", unit: 'h', price: 55 },
    { name: 'Débouchage canalisation', unit: 'forfait', price: 150 },
  ] as Task[];

  it('converts days of labour to hours (7 h a day) only for a task sold by the hour', () => {
    expect(tasks("Prévoir 2 jours de main d'œuvre")).toEqual(["14 h Main d'œuvre"]);
    expect(tasks("une journée de main d'œuvre")).toEqual(["7 h Main d'œuvre"]);
    expect(tasks('location de benne deux jours')).toEqual(['2 jour Location benne']);
  });

  it('does not quote work done already, and keeps « déjà » meaning « first »', () => {
    expect(tasks("L'entretien de la chaudière a déjà été fait. Pose de 3 radiateurs.")).toEqual([
      '3 unité Pose de radiateur',
    ]);
    expect(tasks('Elle a déjà fait changer les fenêtres. Deux volets roulants.')).toEqual([
      '2 unité Pose de volet roulant',
    ]);
    expect(tasks('déjà on dépose le carrelage, 15 m²')).toEqual(['15 m2 Dépose de carrelage']);
  });

  it('reads « Intervention chez … » as narration, « forfait intervention » as the task', () => {
    const names = (text: string) => extractFromText(text, third).tasks.map((t) => t.name);
    expect(names('Intervention chez M. Delmas pour un évier bouché. Débouchage de la canalisation.')).toEqual([
      'Débouchage canalisation',
    ]);
    expect(names('Débouchage de la canalisation. Forfait intervention.')).toEqual([
      'Débouchage canalisation',
      'Forfait intervention',
    ]);
  });

  it('takes a total said after the details instead of adding it', () => {
    expect(tasks('on ajoute six prises dans le séjour et deux dans la chambre, donc huit prises en tout')).toEqual([
      '8 unité Installation prise électrique',
    ]);
    expect(tasks('25 m² de peinture dans le salon. La peinture des deux chambres ça fait 35 m².')).toEqual([
      '60 m2 Peinture murs',
    ]);
  });

  it('does not make a line of a measurement of the place or of a context mention', () => {
    expect(
      tasks(
        'Pour la toiture de M. Caron. La toiture fait 120 m². Nettoyage et démoussage sur toute la surface, donc 120.',
      ),
    ).toEqual(['120 m2 Nettoyage et démoussage toiture']);
    expect(tasks("Prévoir 2 jours de main d'œuvre pour reprendre les seuils et les portes")).toEqual([
      "14 h Main d'œuvre",
    ]);
    expect(tasks('Devis rénovation chambre enfant\nPeinture murs 35 m²')).toEqual(['35 m2 Peinture murs']);
  });

  it('keeps one task for a detail or a repetition said in the same breath', () => {
    expect(tasks('Préparation des murs, enduit et ponçage, sur 32 m²')).toEqual([
      '32 m2 Préparation des murs (enduit, ponçage)',
    ]);
    expect(tasks('Isolation des combles perdus, soufflage laine, surface 1 500 m²')).toEqual([
      '1500 m2 Isolation des combles',
    ]);
  });

  it('reads a correction that runs over several clauses, and spoken dimensions are not quantities', () => {
    expect(
      tasks('Cloison placo : 5 m² environ... non attendez, la cloison fait 3,20 de long sur 2,50 de haut, donc 8 m².'),
    ).toEqual(['8 m2 Montage cloison placo']);
  });

  it('reads typed abbreviations and rooms counted next to a surface', () => {
    expect(tasks('Pein. murs 3 pièces : 95 m²\nPein. plafonds : 38 m²')).toEqual([
      '95 m2 Peinture murs',
      '38 m2 Peinture plafond',
    ]);
  });

  it('matches the head noun, not its complement', () => {
    const second = [
      { name: 'Peinture boiseries', unit: 'ml', price: 14 },
      { name: 'Menuiserie - fenêtre aluminium', unit: 'u', price: 890 },
      { name: 'Menuiserie - porte intérieure', unit: 'u', price: 320 },
    ] as Task[];
    expect(extractFromText('Les boiseries des fenêtres et portes, environ 22 ml.', second).tasks).toEqual([
      { name: 'Peinture boiseries', quantity: 22, unit: 'ml' },
    ]);
  });

  it('reads name particles, « à la place de » and a city after a comma', () => {
    expect(extractFromText('Client : M. Hervé Le Gall\nPeinture murs 10 m²', catalogue).client?.name).toBe(
      'Hervé Le Gall',
    );
    const result = extractFromText(
      "Douche à l'italienne à la place de la baignoire. Elle habite 18 rue Nationale, 37000 Tours.",
      catalogue,
    );
    expect(result.client?.address).toBe('18 rue Nationale, 37000 Tours');
    expect(extractFromText('Chez Mme Roussel. Adresse : 6 rue du Moulin, Quimper.', catalogue).client?.address).toBe(
      '6 rue du Moulin, Quimper',
    );
  });

  it('reads enumerated parts, negative answers in notes, and does not count other things', () => {
    expect(tasks("On monte deux cloisons en placo, une de 10 mètres carrés et l'autre de 7.")).toEqual([
      '17 m2 Montage cloison placo',
    ]);
    expect(tasks('Radiateurs : 6\nEntretien chaudière : non (remplacée par la PAC)')).toEqual([
      '6 unité Pose de radiateur',
    ]);
    expect(tasks('Devis chauffage\nRadiateurs : 2')).toEqual(['2 unité Pose de radiateur']);
    expect(tasks('Entretien de la chaudière (8 radiateurs)')).toEqual(['1 forfait Entretien chaudière']);
    expect(tasks('On fera un ponçage, 20 m².')).toEqual(['20 m2 Préparation des murs (enduit, ponçage)']);
    expect(tasks('Points lum. : 6 u')).toEqual(['6 unité Point lumineux']);
  });

  it('reads work put off, cancelled afterwards, lists in brackets and unit words alone', () => {
    expect(
      tasks('Démoussage 95 m². Elle voudrait aussi deux fenêtres de toit mais ce sera pour un autre devis.'),
    ).toEqual(['95 m2 Nettoyage et démoussage toiture']);
    expect(
      tasks(
        "On pose trois radiateurs. Et l'entretien de la chaudière, il l'a fait faire en septembre, donc pas besoin.",
      ),
    ).toEqual(['3 unité Pose de radiateur']);
    expect(tasks('Débouchage évier (forfait)\nPose de lavabo : 1')).toEqual(['1 unité Pose de lavabo']);
    const second = [
      { name: 'Dépose sanitaires', unit: 'u', price: 60 },
      { name: 'Plomberie - WC à poser', unit: 'u', price: 390 },
    ] as Task[];
    expect(
      extractFromText('Dépose des sanitaires (baignoire, lavabo, WC) : 3 u\nWC à poser : 1', second).tasks.map(
        (t) => `${t.quantity} ${t.name}`,
      ),
    ).toEqual(['3 Dépose sanitaires', '1 Plomberie - WC à poser']);
  });

  it('gives the work of a clause to the next one opening on « et », and reads rooms as places', () => {
    expect(
      tasks(
        "on isole les combles, cent dix mètres carrés, et les murs du côté nord par l'intérieur, trente mètres carrés",
      ),
    ).toEqual(['110 m2 Isolation des combles', "30 m2 Isolation des murs par l'intérieur"]);
    expect(tasks('Peinture\nsalon : murs 42 m2, plafond 20 m2\nchambre : murs 30 m2, plafond 12 m2')).toEqual([
      '72 m2 Peinture murs',
      '32 m2 Peinture plafond',
    ]);
    expect(tasks('Compter deux jours de location de benne, non, un seul jour.')).toEqual(['1 jour Location benne']);
  });
});
