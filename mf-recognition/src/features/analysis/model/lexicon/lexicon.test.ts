// The trade vocabulary's data files and their loader.
import { analyseTerms } from '../catalogue-match';
import {
  IMPLICATIONS,
  LEXICON_FILES,
  loadImplications,
  loadLexicon,
  NOT_ACTIONS,
  STOP_WORDS,
  TRADE_LEXICON,
  withVerbForms,
} from '../trade-lexicon';
import { lexiconFileSchema, lexiconVerbsSchema } from './schema';

describe('trade lexicon data files', () => {
  it('load, one trade a file, every concept once', () => {
    expect(TRADE_LEXICON.length).toBeGreaterThan(60);
    const trades = LEXICON_FILES.map((f) => lexiconFileSchema.parse(f).trade);
    expect(new Set(trades).size).toBe(trades.length);
    expect(new Set(TRADE_LEXICON.map((e) => e.concept)).size).toBe(TRADE_LEXICON.length);
    expect(STOP_WORDS.has('de')).toBe(true);
    expect(NOT_ACTIONS.has('cassees')).toBe(true);
  });

  it('keeps pose and dépose as distinct actions', () => {
    const role = (form: string) => TRADE_LEXICON.find((e) => e.forms.includes(form))?.role;
    expect(role('pose')).toBe('install');
    expect(role('dépose')).toBe('remove');
  });

  it('refuses a file that breaks the schema, with the path of the fault', () => {
    const bad = (entries: unknown) => () => loadLexicon([{ trade: 'painting', entries }]);
    expect(bad([{ concept: 'x', role: 'verb', forms: ['x'] }])).toThrow(/role/);
    expect(bad([{ concept: 'x', role: 'head', forms: [] }])).toThrow();
    expect(bad([{ concept: 'x', role: 'head', forms: ['Peinture'] }])).toThrow();
    expect(bad([{ concept: 'x', role: 'head', forms: [' peinture'] }])).toThrow();
    expect(bad([{ concept: 'x', role: 'head', forms: ['x'], extra: 1 }])).toThrow();
    expect(() =>
      loadLexicon([{ trade: 'cooking', entries: [{ concept: 'x', role: 'head', forms: ['x'] }] }]),
    ).toThrow();
  });

  it('refuses a concept defined in two files', () => {
    const file = (trade: string) => ({ trade, entries: [{ concept: 'dup', role: 'head', forms: ['dup'] }] });
    expect(() => loadLexicon([file('painting'), file('tiling')])).toThrow(/dup.*painting.*tiling/);
  });

  it('reads notions said together as the one they name (implications.json)', () => {
    expect(IMPLICATIONS.length).toBeGreaterThan(0);
    const concepts = (text: string) => analyseTerms(text).map((t) => t.concept);
    expect(concepts('du placo au plafond de la cuisine')).toContain('fauxplafond');
    expect(concepts('une cloison en placo')).not.toContain('fauxplafond');
    expect(concepts('nettoyage du toit')).toContain('demoussage');
    expect(concepts('nettoyage du chantier')).not.toContain('demoussage');
    expect(concepts('peinture du faux plafond')).toContain('plafond');
  });

  it('refuses an implication naming an unknown concept', () => {
    const rule = { when: ['cloison'], unless: [], implies: 'nothing', role: 'head' };
    expect(() => loadImplications({ implications: [rule] }, TRADE_LEXICON)).toThrow(/nothing/);
    expect(() => loadImplications({ implications: [{ ...rule, role: 'verb' }] }, TRADE_LEXICON)).toThrow();
  });

  it('adds the verb forms of verbs.json to the forms whose first word is a verb', () => {
    expect(withVerbForms('casser')).toEqual(expect.arrayContaining(['casser', 'cassons', 'cassent']));
    expect(withVerbForms('démolir')).toEqual(expect.arrayContaining(['démolit', 'démoli']));
    expect(withVerbForms('mettre en place')).toEqual(expect.arrayContaining(['met en place', 'mettent en place']));
    // not a verb: kept as it is
    expect(withVerbForms('cloison')).toEqual(['cloison']);
    const concepts = (text: string) => analyseTerms(text).map((t) => t.concept);
    expect(concepts('on abat le mur')).toContain('remove');
    expect(concepts('les ouvriers posent le parquet')).toContain('install');
    expect(() => lexiconVerbsSchema.parse({ regular: [{ infinitive: 'ER', endings: [] }], irregular: {} })).toThrow();
  });
});
