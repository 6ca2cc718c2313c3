// The app shell of / (issue 14): index.html paints a copy of the devis page's first screen before any JavaScript
// (shell/src/index.html). Its words are copies of the ones React draws; this test fails when they drift apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { RECOGNITION_FRAME_MESSAGES as R } from '@atelier/ui/src/recognition-frame';

// eslint-disable-next-line no-restricted-imports -- test only: the static copy is checked against the remote's words
import { QUOTE_MESSAGES as Q } from '../../mf-quotes/src/features/quote-builder/messages';
import { NAV_ITEMS, SHELL_MESSAGES } from './messages';

/** The template with its EJS tags removed: every page's markup (home, auth, generic) in one document. */
function template(): Document {
  const source = readFileSync(path.join(__dirname, 'index.html'), 'utf8').replace(/<%[\s\S]*?%>/g, '');
  return new DOMParser().parseFromString(source, 'text/html');
}

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const texts = (elements: Iterable<Element>) => [...elements].map(text);

describe('index.html app shell of /', () => {
  const doc = template();
  const home = doc.querySelector('.sk-home');

  it('is inert: not focusable, not announced, until React replaces it', () => {
    expect(doc.querySelectorAll('#root > .sk-page[inert]')).toHaveLength(1);
    expect(home?.closest('[inert]')).not.toBeNull();
  });

  it('draws the top nav with the shell’s words', () => {
    const bar = doc.querySelector('.sk-top');
    expect(text(bar?.querySelector('.sk-brand'))).toBe(SHELL_MESSAGES.brand);
    expect(texts(bar?.querySelectorAll('li') ?? [])).toEqual(NAV_ITEMS.map((item) => item.label));
  });

  it('draws the devis page’s header with mf-quotes’ words', () => {
    expect(text(home?.querySelector('h1'))).toBe(Q.pageTitle);
    expect(text(home?.querySelector('.sk-actions .sk-btn'))).toBe(Q.newQuote);
    // The plan badge keeps its place without any text (the plan is not known before the session).
    expect(text(home?.querySelector('.sk-badge'))).toBe('');
    expect(text(home?.querySelector('.sk-card > h2'))).toBe(Q.recognitionTitle);
  });

  it('draws the recognition section with the words of @atelier/ui’s recognition frame', () => {
    const frame = home?.querySelector('.sk-card .sk-card');
    expect(texts(frame?.querySelectorAll('.sk-tabs > span') ?? [])).toEqual([R.imageTitle, R.voiceTitle]);
    expect(text(frame?.querySelector('p.sk-muted'))).toBe(R.imageIntro);
    expect(texts(frame?.querySelectorAll('.sk-row > .sk-btn') ?? [])).toEqual([R.takePhoto, R.chooseImage]);
    expect(text(frame?.querySelector('.sk-tips > strong'))).toBe(R.tipsTitle);
    expect(texts(frame?.querySelectorAll('.sk-tips li') ?? [])).toEqual([...R.imageTips]);
    const notes = frame?.querySelector('.sk-notes');
    expect(text(notes?.querySelector('h3'))).toBe(R.notesTitle);
    expect(text(notes?.querySelector('p'))).toBe(R.notesIntro);
    expect(text(notes?.querySelector('label'))).toBe(R.notesLabel);
    expect(notes?.querySelector('textarea')?.getAttribute('placeholder')).toBe(R.notesPlaceholder);
    expect(text(notes?.querySelector('.sk-btn'))).toBe(R.analyseNotes);
    // A catalogue that is not empty: no « Aucune tâche » banner.
    expect(text(home)).not.toContain(R.emptyCatalogueTitle);
  });
});
