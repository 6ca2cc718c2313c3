// Merging two clients (issue 32: a client is its id, its e-mail a field; merging is an explicit action).
export const MERGE_MESSAGES = {
  merge: 'Fusionner…',
  mergeLabel: (name: string) => `Fusionner un autre client avec ${name}`,
  title: (name: string) => `Fusionner un client avec « ${name} »`,
  askEmail: (name: string) => `Adresse e-mail du client à fusionner avec « ${name} »`,
  confirmButton: 'Fusionner',
  cancel: 'Annuler',
  notFound: (email: string) => `Aucun autre client actif avec l’adresse ${email}.`,
  confirm: (kept: string, merged: string) =>
    `Les devis et factures de « ${merged} » passeront à « ${kept} », ses coordonnées complèteront celles de « ${kept} », puis « ${merged} » ira dans la Corbeille.`,
  done: (kept: string, merged: string) => `« ${merged} » a été fusionné avec « ${kept} ».`,
  needsNetwork: 'Connexion requise pour fusionner deux clients.',
  failed: 'La fusion a échoué. Réessayez.',
};
