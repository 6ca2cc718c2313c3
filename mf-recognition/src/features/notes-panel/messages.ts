// Every text of the notes box (issue 13): typed or pasted notes → proposed lines → accepted into the devis.
export const NOTES_MESSAGES = {
  title: 'Notes de chantier',
  intro:
    'Tapez ou collez vos notes (SMS, email, dictée) : chaque ligne proposée montre les mots dont elle vient, et vous la validez avant qu’elle rejoigne le devis.',
  label: 'Vos notes',
  placeholder:
    'Ex. : Chambre 3,50 sur 4, carrelage au sol. Plinthes 14,5 ml. Client : Hélène de La Tour, 06 12 34 56 78',
  analyse: 'Analyser les notes',
  analysing: 'Analyse en cours...',
  blank: 'Aucun texte détecté. Veuillez réessayer.',
  noResult: 'Aucune information pertinente trouvée dans le texte',
  unexpected: 'Erreur inattendue. Réessayez avec un texte plus clair',
  proposed: 'Lignes proposées',
  keep: 'Garder cette ligne',
  quantity: 'Quantité',
  source: 'D’après :',
  unsure: 'À vérifier',
  remove: 'Retirer',
  client: 'Client',
  accept: 'Ajouter au devis',
  cancel: 'Annuler',
  nothingKept: 'Cochez au moins une ligne ou gardez le client.',
} as const;
