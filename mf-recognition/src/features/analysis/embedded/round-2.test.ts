// Recognition round 2 (issue 13): one table per capability, over the main corpus catalogue.
import { loadCatalogue, SECOND_CATALOGUE_DIR } from '../../../testing/dictation-corpus';
import { extractFromText, rewriteCorrections, rewriteDimensions, rewriteTimeFractions } from './extract-from-text';

const catalogue = loadCatalogue();
const tasks = (text: string) =>
  extractFromText(text, catalogue, { flow: 'voice' }).tasks.map((t) => `${t.quantity} ${t.unit} ${t.name}`);
const client = (text: string) => extractFromText(text, catalogue, { flow: 'voice' }).client;

describe('dimensions become surfaces', () => {
  it.each([
    ["carrelage au sol d'une chambre de trois mètres cinquante sur quatre", '14 m2 Pose de carrelage sol'],
    ['Carrelage sol 2,80 x 3,50', '9.8 m2 Pose de carrelage sol'],
    ['peinture des murs, pièce de 4 sur 3,5, hauteur 2,60', '39 m2 Peinture murs'],
    ['peinture des murs 4 x 3,5 x 2,60', '39 m2 Peinture murs'],
    ['peinture du plafond, pièce de 4 sur 3,5', '14 m2 Peinture plafond'],
    ['parquet flottant dans la chambre, 3 m sur 4 m', '12 m2 Pose de parquet flottant'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));

  it.each([
    ['fenêtre 120 x 80', 'fenêtre 120 x 80'],
    ['3 x 4 = 12 m²', '3 x 4 = 12 m²'],
    ['4 sur 3', '12 m²'],
  ])('rewriteDimensions(%j) → %j', (text, expected) => expect(rewriteDimensions(text)).toBe(expected));
});

describe('corrections: the last value wins', () => {
  it.each([
    ['douze mètres de plinthes non pardon quinze', '15 ml Pose de plinthes'],
    ['quatre spots non cinq', '5 unité Point lumineux'],
    ['peinture des murs trente mètres carrés, plutôt trente-cinq', '35 m2 Peinture murs'],
    ['peinture des murs vingt mètres carrés enfin vingt-deux', '22 m2 Peinture murs'],
    ['ragréage sol vingt mètres carrés, je corrige, vingt-quatre', '24 m2 Ragréage sol'],
    ["main d'oeuvre disons trois heures, non quatre heures", "4 h Main d'œuvre"],
    ['faïence douze mètres carrés disons quatorze', '14 m2 Pose de faïence murale'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));

  it('a list is not a correction', () => {
    expect(rewriteCorrections('4 prises enfin 2 interrupteurs')).toBe('4 prises enfin 2 interrupteurs');
  });
});

describe('decimals, spoken and written', () => {
  it.each([
    ['ragréage du sol deux virgule cinq mètres carrés', '2.5 m2 Ragréage sol'],
    ["main d'oeuvre une heure et demie", "1.5 h Main d'œuvre"],
    ['plinthes un mètre cinquante', '1.5 ml Pose de plinthes'],
    ["main d'oeuvre trois quarts d'heure", "0.75 h Main d'œuvre"],
    ['Peinture murs 14,5 m²', '14.5 m2 Peinture murs'],
    ['Plinthes 4,2 ml', '4.2 ml Pose de plinthes'],
    ['trois prises virgule cinq', '3 unité Installation prise électrique'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));

  it.each([
    ["3 quarts d'heure", '0.75 h'],
    ['2 heures et quart', '2.25 h'],
    ['1h30', '1.5 h'],
  ])('rewriteTimeFractions(%j) → %j', (text, expected) => expect(rewriteTimeFractions(text)).toBe(expected));
});

describe('negation', () => {
  it.each([
    ['pas de faïence, seulement le sol, douze mètres carrés de carrelage', ['12 m2 Pose de carrelage sol']],
    ['on ne touche pas aux plinthes, peinture des murs 30 m²', ['30 m2 Peinture murs']],
  ])('%s → %j', (text, expected) => expect(tasks(text)).toEqual(expected));
});

describe('close tasks and trade verbs', () => {
  it.each([
    ['placo pour la cloison, quinze mètres carrés', '15 m2 Montage cloison placo'],
    ['il faut démousser le toit, quatre-vingts mètres carrés', '80 m2 Nettoyage et démoussage toiture'],
    ['ragréer le sol de la cuisine, 12 m²', '12 m2 Ragréage sol'],
    ['poncer et reboucher les murs, 30 m²', '30 m2 Préparation des murs (enduit, ponçage)'],
    ["déposer l'ancienne moquette, 18 m²", '18 m2 Dépose de moquette'],
    ['tirer des câbles pour trois prises', '3 unité Installation prise électrique'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));
});

describe('note abbreviations', () => {
  it.each([
    ['Fen. PVC x 3', '3 unité Pose de fenêtre PVC'],
    ['Démol. cloison 8 m²', '8 m2 Démolition cloison'],
    ['Fourn. + pose radiateur x 2', '2 unité Pose de radiateur'],
    ['M.O. 6 h', "6 h Main d'œuvre"],
    ['Tableau élec. 1 ens.', '1 forfait Remplacement tableau électrique'],
    ['Nettoyage fin de chantier 1 ft', '1 forfait Nettoyage fin de chantier'],
    ['Qté 4 Pose de volet roulant', '4 unité Pose de volet roulant'],
    ['Pose de volet roulant qté : 4', '4 unité Pose de volet roulant'],
    ['Pose de lavabo 2 u.', '2 unité Pose de lavabo'],
    ['Porte int. x 2', '2 unité Pose de porte intérieure'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));
});

describe('prices are never quantities', () => {
  it.each([
    ['Pose de lavabo 250 €, 2 u.', '2 unité Pose de lavabo'],
    ['pose de radiateur à 350 euros', '1 unité Pose de radiateur'],
    ['peinture murs 25 € le m², 40 m²', '40 m2 Peinture murs'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));
});

describe('client fields', () => {
  it.each([
    ['Client : Hélène de La Tour, 06 12 34 56 78', { name: 'Hélène de La Tour', phone: '06 12 34 56 78' }],
    [
      "Contact : Jean-Marc d'Ornano, société Ornano Bâtiment",
      { name: "Jean-Marc d'Ornano", company: 'Ornano Bâtiment' },
    ],
    ['téléphone zéro six quatre-vingt-seize soixante-dix-huit douze trente-quatre', { phone: '06 96 78 12 34' }],
    ['email martin point sophie 77 arobase orange point fr', { email: 'martin.sophie77@orange.fr' }],
  ])('%s → %j', (text, expected) => expect(client(text)).toEqual(expected));
});

describe('a task sharing one word with a catalogue item is not matched on that word alone', () => {
  it.each([
    ['changer le bac de douche', []],
    ['poser un receveur de douche', []],
    ['changer la paroi de douche', []],
    ['peindre les volets en bois', []],
    ['peinture de la porte d’entrée', []],
    ['peinture des boiseries 12 ml', []],
    // The shared word with its own object still matches.
    ["installation d'une douche à l'italienne", ["1 forfait Installation douche à l'italienne"]],
    ['peindre la chambre 30 m²', ['30 m2 Peinture murs']],
    ['porte en bois x 2', ['2 unité Pose de porte intérieure']],
    ['changer le mitigeur de la douche', ['1 unité Pose de mitigeur']],
    // A figure in its own clause counts the things of the work before it, still not a catalogue task.
    ['peindre les volets en bois, 4 volets', []],
    ['peindre les volets en bois, il y a 4 volets', []],
    ['repeindre les volets, 6 volets. Peinture murs 20 m2', ['20 m2 Peinture murs']],
    ['poser 4 volets roulants', ['4 unité Pose de volet roulant']],
    ['peindre les volets en bois. Volets roulants x 4', ['4 unité Pose de volet roulant']],
  ])('%s → %j', (text, expected) => expect(tasks(text)).toEqual(expected));

  const second = loadCatalogue(SECOND_CATALOGUE_DIR);
  const secondTasks = (text: string) =>
    extractFromText(text, second, { flow: 'voice' }).tasks.map((t) => `${t.quantity} ${t.unit} ${t.name}`);
  it.each([
    ['on change la robinetterie de la douche', ['1 u Plomberie - remplacement robinetterie']],
    ['Les boiseries des fenêtres et portes, environ 22 ml', ['22 ml Peinture boiseries']],
    ['Pts élec. x 6', ['6 u Électricité - point lumineux']],
  ])('second catalogue: %s → %j', (text, expected) => expect(secondTasks(text)).toEqual(expected));
});

describe('points électriques on notes', () => {
  it.each([
    ['Pts élec. x 6', '6 unité Point lumineux'],
    ['pts élec x 4', '4 unité Point lumineux'],
    ['6 points électriques', '6 unité Point lumineux'],
  ])('%s → %s', (text, expected) => expect(tasks(text)).toEqual([expected]));
});

describe('spoken digits before « arobase »', () => {
  it.each([
    ['martin point sophie soixante-dix-sept arobase orange point fr', 'martin.sophie77@orange.fr'],
    ['mail luc vingt et un arobase sfr point fr', 'luc21@sfr.fr'],
    ["son mail c'est paul deux mille arobase free point fr", 'paul2000@free.fr'],
    ['email martin point sophie 77 arobase orange point fr', 'martin.sophie77@orange.fr'],
    ['mail jean point dupont arobase gmail point com', 'jean.dupont@gmail.com'],
  ])('%s → %s', (text, expected) => expect(client(text)?.email).toBe(expected));
});

describe('what the corpus showed (second pass)', () => {
  it.each([
    // A number never continues across a new line.
    [
      'parquet flottant dans le bureau, trois mètres sur trois mètres vingt\nquatre spots au plafond',
      ['9.6 m2 Pose de parquet flottant', '4 unité Point lumineux'],
    ],
    [
      "peinture des murs, pièce de 4 sur 3,5, hauteur deux mètres soixante\ntrois quarts d'heure de main d'oeuvre",
      ['39 m2 Peinture murs', "0.75 h Main d'œuvre"],
    ],
    // « juste les murs » answers the negated clause, not the task said before it.
    [
      'douze mètres carrés de carrelage. Après on ne refait pas le plafond, juste les murs, quarante mètres carrés de peinture',
      ['12 m2 Pose de carrelage sol', '40 m2 Peinture murs'],
    ],
    // The size of the next place is not added to the task before.
    [
      'joints de carrelage sept virgule cinq mètres carrés, et puis la cuisine fait deux mètres quatre-vingts sur trois mètres cinquante, on pose du carrelage au sol',
      ['7.5 m2 Joints de carrelage', '9.8 m2 Pose de carrelage sol'],
    ],
  ])('%j → %j', (text, expected) => expect(tasks(text)).toEqual(expected));
});
