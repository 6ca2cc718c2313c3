// Unpunctuated dictation (issue 31, decision 0195): a phone's speech-to-text often returns a whole job as one run of
// words with no comma. A figure said with its unit usually closes what it measures, so when a new clause follows it
// — « mais », a negation, a subject (« on », « il »), an article opening the next thing, a verb in the infinitive —
// the figure is the end of a clause: « réfection de la toiture 120 m² mais on ne touche pas aux gouttières » is two
// clauses, and the negation of the second does not reach the first. Text with its commas is left as it is.
const FIGURE_WITH_UNIT = String.raw`\d+(?:[.,]\d+)?[ \t]*(?:m²|m2|m³|m3|ml|mètres?[ \t]+(?:carrés?|cubes?|linéaires?)|metres?[ \t]+(?:carres?|cubes?|lineaires?))`;
/** Words that open a new clause: a conjunction, a negation, a subject, an infinitive (« évacuer », « poser »). */
const OPENS_CLAUSE = String.raw`(?:mais|pas|plus|aucun|aucune|ni|on|il|elle|ils|elles|c['’]est|il[ \t]+faut|[\p{L}]{3,}(?:er|ir|re))(?![\p{L}'’])`;
const CLAUSE_END = new RegExp(String.raw`(${FIGURE_WITH_UNIT})(?![\p{L}\d])[ \t]+(?=${OPENS_CLAUSE})`, 'giu');
/** Words ending like an infinitive that are nouns or adjectives said after a figure (« 12 m² entier »). */
const NOT_A_VERB =
  /^(?:entier|premier|dernier|chantier|plancher|escalier|palier|grenier|cellier|atelier|papier|carrelage|autre|notre|votre|leur|entre|contre|pour|sur|par|environ|chacun|chacune|plafond|mur|sol)$/iu;

/**
 * A figure with its unit, then a surface of the room said with its own figure (« murs 120 m² plafonds 48 », « le sol
 * 6 m² les murs 18 »): the second surface is a new clause (its figure is its own, as after « et »).
 */
const NEXT_SURFACE = new RegExp(
  String.raw`(${FIGURE_WITH_UNIT})(?![\p{L}\d])[ \t]+(?=(?:(?:le|la|les|l['’])[ \t]*)?(?:plafonds?|murs?|sols?)[ \t]+\d)`,
  'giu',
);

/**
 * « … après la dépose de la cheminée le mur 12 m² et le plafond 25 »: an article and a surface said with its figure,
 * after a noun (not after a preposition: « peinture sur les murs 30 m² »), start a new clause too — in text
 * with no comma only.
 */
const SURFACE_WITH_FIGURE = new RegExp(
  String.raw`(?<=[\p{L}]{3,})(?<![ \t](?:de|du|des|sur|sous|aux|au|en|par|pour|dans|avec|et|ou|les|la|le|tous|toutes|tout))[ \t]+(?=(?:le|la|les)[ \t]+(?:plafonds?|murs?|sols?)[ \t]+\d)`,
  'giu',
);

/**
 * « l'ancienne peinture s'écaille il faut gratter et poncer … », « le papier peint est jauni on le repeint »: in text
 * with no comma, the wear of a thing (a reflexive verb, « est jauni ») then a subject opening the work is two clauses.
 */
const AFTER_WEAR = new RegExp(
  String.raw`(?<=(?:s['’][ \t]*(?:écaille|ecaille|effrite|abîme|abime)|se[ \t]+(?:décolle|decolle|fissure|détache|detache|soulève|souleve))(?:nt)?|(?:est|sont)[ \t]+(?:jauni|noirci|taché|tache|cloqué|cloque)e?s?)[ \t]+(?=(?:il[ \t]+(?:faut|faudra)|on)(?![\p{L}]))`,
  'giu',
);

export function closeClausesAfterFigures(text: string): string {
  return (text.includes(',') ? text : text.replace(SURFACE_WITH_FIGURE, ', ').replace(AFTER_WEAR, ', '))
    .replace(NEXT_SURFACE, (_whole, figure: string) => `${figure}, `)
    .replace(CLAUSE_END, (whole, figure: string, offset: number, all: string) => {
      const next = /^[\p{L}'’]+/u.exec(all.slice(offset + whole.length))?.[0] ?? '';
      return NOT_A_VERB.test(next) ? whole : `${figure}, `;
    });
}
