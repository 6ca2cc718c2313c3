// Words and patterns the task passes react to (negation, corrections, totals, contexts…).
export const CONNECTORS =
  /\s+(?:avec (?:son|sa|ses|le|la|les|un|une|des)(?=\s)|et puis|et aussi|et ensuite|et|puis|ensuite|ainsi que|en même temps que|en meme temps que|sinon|après ça|apres ca|plus(?=\s+(?:\d|un\b|une\b)))\s+/giu;
/** Trade activities a coordinated object inherits (« peinture des murs et des boiseries »). */
export const SHARED_ACTIVITIES = new Set(['peinture', 'papierpeint', 'isolation']);
export const CORRECTION =
  /^\s*(?:non|pardon|plutôt|plutot|enfin|je veux dire|ou plutôt|ou plutot|correction|je me suis trompé|je me suis trompe|je rectifie|je corrige|attendez|attends|attention|en fait|finalement|au final|rectification|je dirais|on va dire|disons)\b/iu;
export const NEGATION =
  /(?<![\p{L}])(?:pas|plus besoin|aucun|aucune|jamais|ni|on garde|on conserve|garder|conserver|on laisse|laisser)(?![\p{L}])/iu;
/** « pose du nouveau », « on en remet un neuf », « la même chose »: an action whose object was said just before. */
export const ELLIPSIS =
  /(?<![a-z])(?:nouveau|nouvelle|nouveaux|nouvelles|neuf|neuve|neufs|neuves|autre|autres|meme|memes|idem|en|aussi|egalement|pareil)(?![a-z])/;
export const CONTEXT_WORD =
  /\s(?:pour|dans|chez|derrière|derriere|entre|au-dessus|au dessus|à côté|a cote|avant|après|apres)\s/iu;
export const SAME_QUANTITY =
  /(?<![a-z])(?:(?:la|le) meme (?:surface|quantite|longueur|metrage|nombre)|idem|pareil|autant(?= de| d'))(?![a-z])/;
/**
 * « trois prises dans la chambre et autant dans le bureau », « 12 mètres sur la façade et sur l'arrière pareil »: the
 * figure just said, again for another place.
 */
export const AS_MUCH_ELSEWHERE =
  /^[\s,]*(?:(?:et|puis)\s+)?(?:(?:autant|pareil|idem|la meme chose)\s+(?:dans|pour|au|aux|a|en|sur|cote)(?![a-z])|(?:dans|pour|au|aux|a|en|sur|cote)\s+[^,\d]{1,40}?\s(?:autant|pareil|idem|la meme chose)\s*$)/;
/**
 * « la dalle est bonne », « la charpente est saine », « la chape est bien plane », « la dalle n'est pas de niveau »: a
 * clause saying only the state of a thing (good or not), no work on it.
 */
export const GOOD_STATE =
  /^[\s,]*(?:(?:et|mais|car|bon|alors)\s+)?(?:la|le|les|l'|sa|son|ses|leur|leurs|cette|ce|cet|ces)\s*[^,]{1,30}?(?:\s|\sn')(?:est|sont|reste|restent)\s+(?:(?:encore|tout a fait|bien|pas|plus|pas tout a fait|pas bien)\s+)?(?:bon|bonne|bons|bonnes|en bon etat|saine?s?|correcte?s?|propres?|nickel|planes?|plats?|plates?|de niveau|droite?s?|d'equerre|lisses?)[\s,.]*$/;
/**
 * « le toit ressemble à une forêt miniature », « la toiture se prolonge au-dessus du bureau », « le ballon date de
 * 2006 », « la peinture s'écaille », « le papier peint est jauni »: a clause describing a thing (its look, its extent,
 * its date, its wear), with no work said.
 */
export const DESCRIBED =
  /(?:^|[\s,])(?:la|le|les|l'|sa|son|ses|leur|leurs|cette|ce|cet|ces)\s*[^,]{1,30}?\s(?:ressemble(?:nt)?\s+a|se\s+prolonge(?:nt)?|date(?:nt)?\s+d|s'\s*(?:ecaille|effrite|abime|affaisse)(?:nt)?|se\s+(?:decolle|fissure|detache|souleve|cloque)(?:nt)?|(?:est|sont)\s+(?:jaunie?s?|noircie?s?|tachee?s?|cloquee?s?))(?![a-z])/;
/**
 * « l'entretien a déjà été fait », « elle a déjà fait changer les fenêtres », « les deux tiers des dalles sont posés »:
 * work done before, not to quote (« déjà on dépose… » is not).
 */
export const ALREADY_DONE =
  /(?<![a-z])(?:(?:sont|est)\s+(?:poses|posees|termines|terminees|finis|finies)(?![a-z])|(?:a|ont|avait|avaient|est|sont|etait|etaient)\s+deja|deja\s+(?:ete\s+)?(?:fait|faite|faits|faites|change|changee|changes|changees|pose|posee|poses|posees|refait|refaite|refaits|remplace|remplacee|remplaces|installe|installee|installes|realise|realisee|effectue|effectuee))(?![a-z])/;
/** « la toiture fait 120 m² », « la pièce mesure 4 x 3 »: a measurement of the place, not a task. */
export const MEASUREMENT =
  /^[\s:;,-]*(?:(?:alors|donc|bon|et|oui|ok|sachant que)\s+)*(?:(?:la|le|les|l'|cette|ce|cet|ces|sa|son|ses|leur|leurs)\s*[^,:]{1,40}?\s(?:fait|font|mesure|mesurent|represente|representent|couvre|couvrent|totalise|totalisent)\s|les\s+\d+(?:[.,]\d+)?\s*(?:m2|m²|metres?\s+carres?)\s+de\s+surface\s+d)/;
/** « pour la toiture de M. X », « chez … »: a part opening on the purpose or the place, with no work said. */
export const CONTEXT_OPENING =
  /^\s*(?:(?:alors|donc|bon|oui|ok|euh)\s+)*(?:pour|chez|dans|concernant|au sujet de|a propos de)\s/;
/** « donc 8 prises en tout », « soit 25 m² au total »: a total restating what was just listed. */
export const TOTAL = /(?<![a-z])(?:soit|ce qui fait|ce qui donne|au total|en tout|total|donc(?=\s+\d))(?![a-z])/;
/** Words that narrate a visit (« Intervention chez … ») and name a task only when a figure or « forfait » goes with them. */
export const NARRATIVE = /^(?:intervention|interven|visite|passag|venu|rendez|depann)/;
/** « Entretien chaudière : non », « dépose : non prévu »: a line of notes answered in the negative. */
export const ANSWERED_NO =
  /:\s*(?:non|neant|sans objet)(?![a-z])|(?<![a-z])non\s+(?:prevue?s?|necessaire|compris|inclus|concerne)(?![a-z])/;
/** « mais ce sera pour un autre devis », « plus tard »: work put off is not quoted now. */
export const DEFERRED =
  /(?<![a-z])(?:un autre devis|un prochain devis|un devis separe|plus tard|une autre fois|pas pour (?:l'instant|le moment|maintenant|cette fois)|l'annee prochaine)(?![a-z])/;
/** « il l'a fait faire en septembre, donc pas besoin »: a comment cancelling the work just named. */
export const CANCEL =
  /(?<![a-z])(?:pas besoin|pas la peine|pas necessaire|inutile|deja fait|l'a (?:deja )?fait faire|a (?:deja )?ete fait|c'est deja fait)(?![a-z])/;
/** Unit words (« (forfait) », « au forfait ») qualify a line; alone they are not a task. */
export const UNIT_WORD = /^(?:forfait|forf|fft|heur|jour|unit|metr|ensembl)[a-z]*$/;
/** « une de 10 m² et l'autre de 7 »: the parts of one task, enumerated. */
export const ENUMERATED =
  /(?<![a-z])(?:l'autre|l'une|l'un|la deuxieme|le deuxieme|la seconde|le second|la troisieme|le troisieme|la derniere|le dernier)(?![a-z])/;
/** Hours in a working day, to quote « 2 jours de main d'œuvre » against a task sold by the hour. */
export const HOURS_PER_DAY = 7;
export const LIST_MARKER = /^[ \t]*(?:\d{1,2}[ \t]*[.)/]|[-•*·>–]|[a-z]\))[ \t]+/gmu;
/**
 * « pas de peinture au plafond juste les murs », « pas de faïence aux murs on met de la peinture »: after a negation,
 * « juste », « seulement »… or a new subject with its verb start the kept work.
 */
/** « pas », « aucun », « sans »…: the negation a restriction answers. */
const NEGATED_WORD = String.raw`(?<![\p{L}])(?:pas|aucun|aucune|ni|jamais|sans)(?![\p{L}])`;
export const RESTRICTION_AFTER_NEGATION = new RegExp(
  String.raw`(?<=${NEGATED_WORD}[^,]*?)\s+(?=(?:juste|seulement|uniquement|mais|simplement)\s|on\s+(?!ne\s|n['’]|en\s)(?:met|mets|mettra|fait|fera|pose|posera|part|passe|passera|prend|prendra)\s)`,
  'iu',
);
/** A clause without a negation has no restriction to split on (the look-behind above is long to try everywhere). */
export const NEGATED_CLAUSE = new RegExp(NEGATED_WORD, 'iu');
/**
 * « posés avec des joints d'un centimètre », « joints fins de 2 millimètres »: the width of the tiles' joints describes the
 * tiling, it is no joint work (« refaire les joints » is: a work verb before keeps it).
 */
export const JOINT_WIDTH =
  /(?<!(?:refaire|refait|reprendre|reprise|regarnir|gratter|nettoyer|faire|pose|poser)\s+(?:les\s+|des\s+)?)(?:avec\s+)?(?:des\s+|les\s+)?joints?\s+(?:(?:fins?|larges?|etroits?|étroits?|minces?)\s+)?(?:de\s+|d['’]\s*)(?:\d+(?:[.,]\d+)?|un|une|deux|trois|cinq)\s*(?:mm|millim[èe]tres?|cm|centim[èe]tres?)(?![\p{L}])/giu;
/**
 * « deux poutres à ne pas tacher », « attention à ne pas abîmer le parquet », « parce qu'aucun sol n'est plan », « car
 * le mur n'est pas droit », « les enduits qui ne se décollent pas »: a caution, the state of a thing given as the reason
 * of the work, or said in a relative clause — no negated work.
 */
export const NEGATED_ASIDE =
  /(?<![\p{L}])qui\s+ne\s+(?:se\s+|s['’]\s*)?\p{L}+\s+(?:pas|plus)(?![\p{L}])(?!\s+(?:à|a|de|d['’])\s)|(?<![\p{L}])(?:à|a)\s+ne\s+(?:pas|rien)\s+(?:tacher|salir|abîmer|abimer|rayer|mouiller|endommager|dégrader|degrader|éclabousser|eclabousser)(?![\p{L}])|(?<![\p{L}])(?:parce\s+qu(?:e\s+|['’]\s*)|car\s+|vu\s+qu(?:e\s+|['’]\s*)|puisqu(?:e\s+|['’]\s*))(?:aucun|aucune|le|la|les|l['’]|son|sa|ses)\s*[\p{L}'’ -]{0,30}?\s(?:n['’]\s*)?(?:est|sont|était|etait|étaient|etaient)\s+(?:pas\s+|plus\s+|jamais\s+)?(?:plane?s?|plats?|plates?|droite?s?|de\s+niveau|d['’]\s*(?:é|e)querre|lisses?|saine?s?)(?![\p{L}])/giu;
/** « les murs sont abîmés sous la tapisserie »: what the walls are like under the paper, no papering. */
export const UNDER_COVERING =
  /(?<![\p{L}])sous\s+(?:la|le|les|l['’])\s*(?:vieille\s+|ancienne\s+|vieux\s+|ancien\s+)?(?:tapisseries?|papiers?\s+peints?)(?![\p{L}])/giu;
/** « contre le mur sous les fenêtres », « devant la fenêtre »: the window says where, it is no window work. */
export const BY_THE_WINDOW = /(?<![\p{L}])(?:sous|devant|contre)\s+(?:la|les)\s+fen[êe]tres?(?![\p{L}])/giu;
/**
 * « béton dosé à 350 kilos au mètre cube », « dosé à 300 kg »: the dosage of the concrete, no quantity of the work; « une
 * toupie de 6 m³ »: the truck says the volume, not a count.
 */
export const DOSAGE_OR_TRUCK =
  /(?<![\p{L}])(?:dos[ée]e?s?[ \t]+)(?:[àa][ \t]+)?\d+(?:[.,]\d+)?[ \t]*(?:kg|kilos?|kilogrammes?)(?:[ \t]+(?:au|par)[ \t]+(?:m3|m³|mètres?[ \t]+cubes?|metres?[ \t]+cubes?))?(?![\p{L}])|(?<![\p{L}])(?:une|1)[ \t]+toupie[ \t]+de[ \t]+(?=\d)/giu;
/** « dépose et repose sur 9 m² », « un demi mètre carré de dépose et de repose »: both works, of the object said before. */
export const REMOVE_AND_REINSTALL = /(?<![a-z])depose\s+et\s+(?:de\s+(?:la\s+)?)?repose(?![a-z])/;
