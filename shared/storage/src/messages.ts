// Every user-visible text of @atelier/storage (French, same tone as the spec's error catalogue).

export const STORAGE_MESSAGES = {
  corruptValue: (label: string, backupKey: string, resetText: string) =>
    `Des données enregistrées (${label}) étaient illisibles : elles ont été mises de côté sous « ${backupKey} » et ${resetText}.`,
  corruptValueNotMoved: (label: string, resetText: string) =>
    `Des données enregistrées (${label}) étaient illisibles et n'ont pas pu être mises de côté (stockage plein) : elles sont conservées telles quelles et ${resetText}.`,
  quotaExceeded: "Espace de stockage du navigateur plein : la modification n'a pas été enregistrée.",
  storageUnavailable:
    "Le stockage du navigateur est désactivé ou inaccessible : la modification n'a pas été enregistrée.",
  writeFailed: "Erreur d'enregistrement dans le navigateur : la modification n'a pas été enregistrée.",
  invalidValue: "Données invalides : la modification n'a pas été enregistrée.",
} as const;
