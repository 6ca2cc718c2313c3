// The French texts of the export: README.txt (what is in the archive and the legal duty to keep invoices) and the
// headers of the files that « Exporter (CSV) » on /clients does not write (received invoices, payments).
import { EXPORT_MESSAGES } from '../_shared/domain/index.ts';

export const FILES = {
  readme: 'README.txt',
  clientsCsv: 'csv/clients.csv',
  documentsCsv: 'csv/devis-factures-avoirs.csv',
  paymentsCsv: 'csv/paiements.csv',
  receivedCsv: 'csv/factures-recues.csv',
  company: 'parametres/entreprise.json',
  catalogue: 'parametres/catalogue.json',
  customization: 'parametres/personnalisation.json',
  account: 'parametres/compte.json',
  data: (table: string) => `donnees/${table}.json`,
} as const;

export const RECEIVED_HEADERS = [
  'Fournisseur',
  'SIREN du fournisseur',
  'N° TVA du fournisseur',
  'Type',
  'Numéro',
  'Date',
  'Échéance',
  'Total HT (€)',
  'TVA (€)',
  'Total TTC (€)',
  'Net à payer (€)',
  'Reçue le',
  'Fichier',
];
export const PAYMENT_HEADERS = [
  'Facture',
  'Type',
  'Client',
  'Date de la facture',
  'Montant réglé (€)',
  'Date de paiement',
];
export const RECEIVED_KIND = { invoice: 'Facture', creditNote: 'Avoir' };

export interface ReadmeFacts {
  email: string;
  generatedAt: Date;
  counts: { clients: number; quotes: number; invoices: number; creditNotes: number; received: number; files: number };
  /** Issued invoices / avoirs whose PDF was never archived: their Factur-X XML is given instead. */
  notArchived: string[];
  /** Stored files that could not be read (listed so that nothing is silently missing). */
  unreadable: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) =>
  `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} à ${pad(d.getUTCHours())} h ${pad(d.getUTCMinutes())} (UTC)`;

export function readmeText(f: ReadmeFacts): string {
  const lines = [
    'ATELIER — EXPORT DE TOUTES VOS DONNÉES',
    '======================================',
    '',
    `Compte : ${f.email}`,
    `Export réalisé le ${stamp(f.generatedAt)}.`,
    '',
    'CONTENU DE L’ARCHIVE',
    '--------------------',
    `factures/            Vos factures, factures d’acompte et de situation émises, telles qu’archivées (PDF Factur-X,`,
    `                     PDF/A-3 avec le fichier factur-x.xml intégré).`,
    `avoirs/              Vos avoirs émis, tels qu’archivés (PDF Factur-X).`,
    `devis/               Les PDF de devis envoyés à vos clients, et les devis signés en ligne.`,
    `factures-recues/     Les factures de vos fournisseurs que vous avez reçues dans Atelier (PDF ou XML d’origine).`,
    `autres/              Les autres fichiers de votre espace de stockage.`,
    `csv/                 ${FILES.clientsCsv.slice(4)} et ${FILES.documentsCsv.slice(4)} : le même format que`,
    `                     « ${EXPORT_MESSAGES.open} » sur la page Clients (séparateur « ; », montants en euros,`,
    `                     s’ouvre dans Excel) ; ${FILES.paymentsCsv.slice(4)} (factures réglées) et`,
    `                     ${FILES.receivedCsv.slice(4)} (factures fournisseurs).`,
    `parametres/          Votre entreprise, votre catalogue de tâches, vos personnalisations et votre compte (JSON).`,
    `donnees/             Toutes les lignes de vos clients, devis, factures, avoirs et factures reçues (JSON),`,
    `                     détail des lignes compris, pour les reprendre dans un autre logiciel.`,
    '',
    `En chiffres : ${f.counts.clients} client(s), ${f.counts.quotes} devis, ${f.counts.invoices} facture(s),`,
    `${f.counts.creditNotes} avoir(s), ${f.counts.received} facture(s) reçue(s), ${f.counts.files} fichier(s) archivé(s).`,
    '',
  ];
  if (f.notArchived.length) {
    lines.push(
      'DOCUMENTS ÉMIS SANS PDF ARCHIVÉ',
      '-------------------------------',
      'Ces documents ont été émis sans que leur PDF soit archivé sur le serveur (émis hors ligne, ou limite de',
      'stockage atteinte). Leur facture électronique Factur-X (XML EN 16931, construite à partir des données',
      'enregistrées) est dans factures-xml/. Pour obtenir leur PDF, ouvrez-les dans Atelier avant de supprimer',
      'votre compte :',
      ...f.notArchived.map((n) => `  - ${n}`),
      '',
    );
  }
  if (f.unreadable.length) {
    lines.push(
      'FICHIERS ILLISIBLES',
      '-------------------',
      'Ces fichiers n’ont pas pu être lus pendant l’export ; relancez l’export avant de supprimer votre compte :',
      ...f.unreadable.map((n) => `  - ${n}`),
      '',
    );
  }
  lines.push(
    'VOTRE OBLIGATION DE CONSERVATION',
    '--------------------------------',
    'Les factures et avoirs que vous avez émis, ainsi que les factures de vos fournisseurs, sont des pièces',
    'comptables : vous devez les conserver pendant 10 ans à compter de la clôture de l’exercice (article L123-22',
    'du Code de commerce). L’administration fiscale peut les demander pendant 6 ans (article L102 B du Livre des',
    'procédures fiscales), sous leur forme d’origine : gardez les PDF Factur-X tels quels, sans les modifier.',
    '',
    'Si vous supprimez votre compte, Atelier efface toutes ces données et n’en garde aucune copie : cette archive',
    'est alors la seule. Conservez-la en lieu sûr (et une copie ailleurs).',
    '',
  );
  return lines.join('\r\n');
}
