// Deleting a client and the « Corbeille » (issue 32: safe deletes).
export const TRASH_MESSAGES = {
  confirmKeepsDocuments: (name: string, numbers: string) =>
    `Supprimer le client « ${name} » ? Il a des documents numérotés (${numbers}) : il sera archivé dans la Corbeille, et ses devis et factures restent conservés, consultables et imprimables. Vous pourrez le restaurer.`,
  confirmDrafts: (name: string) =>
    `Supprimer le client « ${name} » ? Il sera placé dans la Corbeille avec ses brouillons pendant 30 jours (restaurable), puis supprimé définitivement.`,
  movedToTrash: (name: string) => `« ${name} » a été placé dans la Corbeille.`,
  trash: (count: number) => `Corbeille (${count})`,
  trashTitle: 'Corbeille',
  hideTrash: 'Masquer la Corbeille',
  restore: 'Restaurer',
  restoreLabel: (name: string) => `Restaurer le client ${name}`,
  keptDocuments: 'Documents numérotés conservés',
  purgedOn: (date: string) => `Supprimé définitivement le ${date}`,
  restoreError: 'Le client n’a pas pu être restauré.',
};
