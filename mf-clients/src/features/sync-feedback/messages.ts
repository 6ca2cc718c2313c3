// What the user is told about the sync of their rows: a change the server refused for good (issue 29), a field
// changed on two devices (issue 32).
export const SYNC_FEEDBACK_MESSAGES = {
  refusedRow: {
    clients: (name: string) => (name ? `Client « ${name} » non enregistré` : 'Client non enregistré'),
    quotes: (name: string) => (name ? `Devis ${name} non enregistré` : 'Devis non enregistré'),
    invoices: (name: string) => (name ? `Facture ${name} non enregistrée` : 'Facture non enregistrée'),
    credit_notes: (name: string) => (name ? `Avoir ${name} non enregistré` : 'Avoir non enregistré'),
    user_settings: () => 'Réglage non enregistré',
  },
  /** The reasons the server gives a hint for, in a few words. */
  refusedBecause: {
    client_limit: 'limite de 10 clients du plan gratuit',
    client_email_taken: 'un autre client utilise déjà cette adresse e-mail',
  } as Record<string, string>,
  conflict: (value: string) => `Modifié aussi sur un autre appareil : ${value}`,
  keepOther: 'garder celle-ci',
  keepCurrent: 'garder l’actuelle',
  emptyValue: '(vide)',
  fieldNames: {
    name: 'nom',
    email: 'e-mail',
    phone: 'téléphone',
    address: 'adresse',
    siren: 'SIREN',
    vat_number: 'n° de TVA',
    site_address: 'lieu du chantier',
    project_title: 'titre du projet',
    lines: 'lignes',
    vat_rate: 'taux de TVA',
    date: 'date',
    client_id: 'client',
    is_paid: 'payée',
    payment_date: 'date de paiement',
    due_date: 'échéance',
    service_date: 'date de la prestation',
    notes: 'notes',
  } as Record<string, string>,
  yes: 'oui',
  no: 'non',
  lineCount: (n: number) => `${n} ligne${n > 1 ? 's' : ''}`,
  conflictOn: (field: string) => `Conflit sur le champ ${field}`,
};
