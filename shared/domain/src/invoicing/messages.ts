// French messages of the invoicing rules: every refusal of the money model says what to change.
export const INVOICING_MESSAGES = {
  rateNotAllowed: 'Taux de TVA non autorisé : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %.',
  categoryRate: (category: string, rates: string) => `Taux de TVA incompatible avec « ${category} » : ${rates}.`,
  franchiseWithVat:
    'Votre entreprise est en franchise en base de TVA (art. 293 B du CGI) : aucune ligne ne peut porter de TVA. ' +
    'Changez le régime de TVA sur la page Entreprise si vous êtes assujetti.',
  assujettiWithFranchise:
    'Ce document a été établi en franchise en base de TVA alors que votre entreprise est assujettie : ' +
    'rétablissez le régime « Franchise en base » sur la page Entreprise ou refaites le devis.',
  mixedAutoliquidation:
    "L'autoliquidation s'applique à tout le document : toutes les lignes doivent être en autoliquidation.",
  autoliquidationBuyerVat:
    'Le numéro de TVA intracommunautaire du client est obligatoire pour une facture en autoliquidation (art. 283-2 nonies du CGI).',
  negativeQuantity: 'La quantité ne peut pas être négative.',
  negativePrice: 'Le prix unitaire ne peut pas être négatif.',
  regimeChanged:
    'Le régime de TVA de votre entreprise a changé depuis le devis : la facture doit reprendre exactement les lignes et ' +
    'les taux du devis. Rétablissez le régime du devis sur la page Entreprise, ou refaites un devis.',
  depositPercent: "Le pourcentage d'acompte doit être compris entre 0 et 100 %.",
  depositTooLarge: (max: string) => `L'acompte dépasse le montant restant du devis (${max} TTC au plus).`,
  depositEmpty: "Le montant de l'acompte doit être supérieur à 0 €.",
  retenueTooHigh: 'La retenue de garantie ne peut pas dépasser 5 % (loi n° 71-584 du 16 juillet 1971).',
  retenueNegative: 'La retenue de garantie ne peut pas être négative.',
  situationPercentRange: "Le pourcentage d'avancement doit être compris entre 0 et 100 %.",
  situationPercentDown: (line: string, previous: string) =>
    `L'avancement de « ${line} » ne peut pas baisser (déjà facturé : ${previous}). Émettez un avoir pour corriger.`,
  situationNothing: "Cette situation ne facture rien de plus que les précédentes : augmentez l'avancement.",
  sirenInvalid: "Le numéro SIREN n'est pas valide (9 chiffres, clé de contrôle incorrecte).",
  siretInvalid: "Le numéro SIRET n'est pas valide (14 chiffres, clé de contrôle incorrecte).",
  vatNumberInvalid: "Le numéro de TVA intracommunautaire n'est pas valide (FR + 2 caractères + SIREN).",
  paymentDelay: 'Le délai de paiement ne peut pas dépasser 60 jours (art. L441-10 du Code de commerce).',
} as const;

/** The devis editor's lines: sections, comments, ouvrages, remises, options (issue 27). */
export const DEVIS_LINE_MESSAGES = {
  discountNegative: 'Une remise ne peut pas être négative.',
  discountOver100: 'Une remise en pourcentage ne peut pas dépasser 100 %.',
  discountOverLine: (max: string) => `La remise dépasse le montant de la ligne (${max} HT au plus).`,
  discountOverTotal: (max: string) => `La remise globale dépasse le total HT du devis (${max} HT au plus).`,
  emptySection: (name: string) => `La section « ${name} » est vide : ajoutez-y une ligne ou supprimez-la.`,
  ouvrageEmpty: 'Un ouvrage doit contenir au moins une fourniture ou une main-d’œuvre.',
  componentNegative: (name: string) =>
    `« ${name} » : la quantité et le prix d’un composant ne peuvent pas être négatifs.`,
  coefficientInvalid: 'Le coefficient d’un ouvrage doit être un nombre positif.',
  descriptionTooLong: (max: number) => `La description ne peut pas dépasser ${max} caractères.`,
  nameTooLong: (max: number) => `La désignation ne peut pas dépasser ${max} caractères.`,
  notANumber: 'Le prix, la quantité et la remise doivent être des nombres.',
  tooManyLines: (max: number) => `Un document ne peut pas dépasser ${max} lignes.`,
} as const;
