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
  legacyImported: (counts: { clients: number; quotes: number; invoices: number; settings: string[] }) => {
    const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
    const parts = [
      plural(counts.clients, 'client', 'clients'),
      plural(counts.quotes, 'devis', 'devis'),
      plural(counts.invoices, 'facture', 'factures'),
      ...counts.settings,
    ];
    const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}` : parts[0]!;
    return `Données de ce navigateur importées dans votre compte : ${list}.`;
  },
  legacySettingNames: {
    tasks: 'le catalogue de tâches',
    companyInfo: "les informations de l'entreprise",
    quoteCustomization: 'la personnalisation',
  } as Record<string, string>,
  legacyImportFailed:
    "Les clients et documents enregistrés dans ce navigateur n'ont pas pu être importés dans votre compte : nouvel essai à la prochaine connexion.",
  /** Rows of the import refused one by one (import_legacy_data's `errors`), each with its reason; 5 listed at most. */
  legacyImportRowErrors: (errors: ReadonlyArray<{ legacyId: string | null; message: string }>) => {
    const shown = errors
      .slice(0, 5)
      .map((e) => (e.legacyId ? `${e.message} (« ${e.legacyId} »)` : e.message))
      .join(' ');
    const more = errors.length > 5 ? ` Et ${errors.length - 5} autre${errors.length - 5 > 1 ? 's' : ''}.` : '';
    return `${errors.length > 1 ? `${errors.length} documents n'ont pas été importés` : "1 document n'a pas été importé"} : ${shown}${more}`;
  },
  legacyImportSkipped: (n: number) =>
    `${n > 1 ? `${n} clients n'ont pas été importés` : "1 client n'a pas été importé"} (limite de 10 clients du plan gratuit).`,
} as const;
