// Text of the synthetic training lines (decision 0180): site-note lines the way the round-3 notes are jotted
// (photos-r3 README), made from the trade lexicon's forms and the round-3 catalogue's names with figures, units,
// prices, phones, addresses, names and e-mails. No line of a photo or dictation corpus is copied (held-out or dev):
// the dev figures stay a measure and the held-out texts are never seen. Characters outside the French model's
// character set (², →) are left out: the fine-tune keeps the model's outputs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const recognition = path.join(here, '..', '..');

const FIRST = [
  'Julien',
  'Camille',
  'Nathalie',
  'Hervé',
  'Sophie',
  'Karim',
  'Éloïse',
  'Thierry',
  'Chloé',
  'Yannick',
  'Agnès',
  'Mathieu',
  'Inès',
  'François',
  'Gaëlle',
  'Rémi',
  'Céline',
  'Loïc',
  'Manon',
  'Jérôme',
  'Nadia',
  'Bruno',
  'Léa',
  'Stéphane',
  'Hélène',
  'Olivier',
  'Maëlys',
  'Pascal',
  'Aurélie',
  'Cédric',
];
const LAST = [
  'Roussel',
  'Chevalier',
  'Lambert',
  'Bonnet',
  'Giraud',
  'Mercier',
  'Blanchard',
  'Guérin',
  'Boyer',
  'Faure',
  'André',
  'Gauthier',
  'Masson',
  'Marchand',
  'Duval',
  'Denis',
  'Lemoine',
  'Colin',
  'Vidal',
  'Aubert',
  'Renaud',
  'Brunet',
  'Schmitt',
  'Rolland',
  'Leclerc',
  'Barbier',
  'Arnaud',
  'Picard',
  'Hamon',
  'Benard',
];
const TITLES = ['M.', 'Mme', 'Mr', 'M. et Mme', 'Dr', 'Me', 'Client :', 'contact :', ''];
const FIRMS = [
  'SCI',
  'SARL',
  'EURL',
  'SAS',
  'Mairie de',
  'Pharmacie',
  'Boulangerie',
  'Garage',
  'Camping',
  'Cabinet',
  'Restaurant',
  'Résidence',
  'Syndic',
  'Agence',
  'Ferme',
];
const FIRM_NAMES = [
  'Les Chênes',
  'du Port',
  'Saint-Roch',
  'La Source',
  'Bel Air',
  'des Lilas',
  'du Moulin',
  'Le Relais',
  'Les Pins',
  'Horizon',
  'Val Fleuri',
  'des Oliviers',
];
const STREETS = ['rue', 'avenue', 'allée', 'chemin', 'impasse', 'boulevard', 'place', 'route', 'quai', 'bd', 'av.'];
const STREET_NAMES = [
  'Victor Hugo',
  'des Écoles',
  'de la Gare',
  'Jean Jaurès',
  'du Stade',
  'des Acacias',
  'de Verdun',
  'Gambetta',
  'du Four',
  'des Tanneurs',
  'Saint-Michel',
  'de la Mairie',
  'des Prés',
  'Pasteur',
];
const CITIES = [
  ['69003', 'Lyon'],
  ['33000', 'Bordeaux'],
  ['44100', 'Nantes'],
  ['35000', 'Rennes'],
  ['21000', 'Dijon'],
  ['37000', 'Tours'],
  ['87000', 'Limoges'],
  ['64100', 'Bayonne'],
  ['25000', 'Besançon'],
  ['29200', 'Brest'],
  ['74000', 'Annecy'],
  ['26000', 'Valence'],
  ['17000', 'La Rochelle'],
  ['59800', 'Lille'],
];
const MAIL = ['orange.fr', 'gmail.com', 'free.fr', 'laposte.net', 'wanadoo.fr', 'sfr.fr', 'hotmail.fr'];
const ROOMS = [
  'SDB',
  'Salle de bain',
  'Cuisine',
  'Séjour',
  'Salon',
  'Chambre 1',
  'Chambre 2',
  'Entrée',
  'Couloir',
  'WC',
  'Cellier',
  'Garage',
  'Combles',
  'Buanderie',
  'Bureau',
  'Façade',
  'Toiture',
  'Terrasse',
];
const UNIT_OF = {
  m2: ['m2', 'm2', 'M2', 'm 2'],
  ml: ['ml', 'ml', 'm'],
  unité: ['x', 'x', 'u', 'pcs'],
  forfait: ['forfait', 'ens.', '1 ens', 'fft'],
  h: ['h'],
  m3: ['m3'],
  jour: ['jours', 'j'],
};

/** Deterministic PRNG (same as the photo generator's). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function lexiconForms() {
  const dir = path.join(recognition, 'src', 'features', 'analysis', 'model', 'lexicon');
  const forms = new Set();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const entry of data.entries ?? []) for (const form of entry.forms ?? []) if (form.length > 2) forms.add(form);
  }
  return [...forms];
}

function catalogue() {
  const file = path.join(recognition, 'fixtures', 'round-3', 'catalogue.json');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function makeLines(count, seed = 180) {
  const random = mulberry32(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const cap = (s) => (random() < 0.5 ? s[0].toUpperCase() + s.slice(1) : s);
  const figure = () => {
    const r = random();
    if (r < 0.55) return String(int(1, 120));
    if (r < 0.85) return `${int(1, 60)},${pick(['5', '25', '50', '75', String(int(1, 9))])}`;
    return String(int(120, 480));
  };
  const phone = () => {
    const d = [pick(['06', '07', '01', '02', '03', '04', '05', '09'])];
    for (let i = 0; i < 4; i++) d.push(String(int(0, 99)).padStart(2, '0'));
    return d.join(pick([' ', ' ', '.', '-', '']));
  };
  const forms = lexiconForms();
  const items = catalogue();
  const task = () => cap(random() < 0.5 ? pick(items).name : pick(forms));
  const quantity = (unit) => {
    const units = UNIT_OF[unit] ?? ['m2', 'ml', 'x'];
    const u = pick(units);
    const f = figure();
    if (u === 'x' || u === 'u' || u === 'pcs') return random() < 0.6 ? `x ${int(1, 12)}` : `${int(1, 12)} ${u}`;
    if (u === 'forfait' || u === 'fft' || u === 'ens.' || u === '1 ens') return u.startsWith('1') ? u : `1 ${u}`;
    return `${f} ${u}`;
  };
  const makers = [
    () => {
      const item = pick(items);
      return `${cap(random() < 0.6 ? item.name : pick(forms))} ${quantity(item.unit)}`;
    },
    () => `${task()} ${figure()} ${pick(['m2', 'ml'])} à ${int(6, 95)} €/${pick(['m2', 'ml', 'u'])}`,
    () => `${task()} ${pick(['~', ''])}${int(2, 60)} m2 ${pick(['->', 'puis', 'soit'])} ${int(2, 60)} m2`,
    () =>
      `${pick(ROOMS)} ${int(2, 7)}${random() < 0.5 ? `,${int(1, 9)}` : ''} x ${int(2, 6)}${random() < 0.4 ? ' HSP 2,50' : ''}`,
    () => `${pick(ROOMS)} :`,
    () => `${pick(TITLES)} ${random() < 0.5 ? `${pick(FIRST)} ` : ''}${pick(LAST)}`.trim(),
    () => `${pick(['Tél', 'tel', 'tél.', 'Tel :', 'port.', ''])} ${phone()}`.trim(),
    () => `${pick(LAST)} ${phone()}`,
    () =>
      `${int(1, 148)}${pick(['', '', ' bis', ' ter'])} ${pick(STREETS)} ${pick(STREET_NAMES)}${pick([',', ''])} ${pick(CITIES).join(' ')}`,
    () => pick(CITIES).join(' '),
    () => {
      const first = pick(FIRST)
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
      const last = pick(LAST)
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
      return `${pick(['', 'mail : ', 'e-mail '])}${first}${pick(['.', '-', '_', ''])}${last}${random() < 0.3 ? int(1, 99) : ''}@${pick(MAIL)}`;
    },
    () => `${pick(FIRMS)} ${pick(FIRM_NAMES)}`,
    () => `${task()} ép. ${int(2, 30)} cm`,
    () => `MO ${int(1, 40)} h`,
    () =>
      `${pick(['dépl.', 'déplacement', 'benne', 'gravats', 'évacuation'])} ${int(1, 3)}${pick([' forfait', '', ' j'])}`,
    () => `${task()} ${task().toLowerCase()}`,
  ];
  const weights = [6, 1, 1, 1, 0.5, 1, 1, 0.5, 1, 0.3, 0.6, 0.6, 0.4, 0.3, 0.3, 0.5];
  const total = weights.reduce((a, b) => a + b, 0);
  const lines = [];
  while (lines.length < count) {
    let r = random() * total;
    let k = 0;
    while (r > weights[k]) r -= weights[k++];
    const line = makers[k]().replace(/\s+/g, ' ').trim();
    if (line.length >= 2 && line.length <= 60) lines.push(line);
  }
  return lines;
}
