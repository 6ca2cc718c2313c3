// The trade vocabulary's data files and their loader.
import { LEXICON_FILES, loadLexicon, NOT_ACTIONS, STOP_WORDS, TRADE_LEXICON } from '../trade-lexicon';
import { lexiconFileSchema } from './schema';

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
});
