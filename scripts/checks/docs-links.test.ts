// The README stays short and every relative link of README.md and docs/**/*.md leads somewhere: the file (or
// folder) exists and, for a `#fragment` into a Markdown file, one of its headings has that GitHub anchor.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const README_MAX_LINES = 260;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped (letters, digits, `-`, `_` and spaces kept), spaces → `-`. */
export function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_~]/g, (c) => (c === '_' ? '_' : ''))
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const match = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = githubAnchor(match[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Relative link targets of a Markdown file (inline links and images), code spans and fenced blocks left out. */
export function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const text = line.replace(/`[^`]*`/g, '');
    for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:…
      links.push(target);
    }
  }
  return links;
}

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

describe('documentation', () => {
  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('every relative link of %s resolves', (_name, file) => {
    const broken: string[] = [];
    for (const link of relativeLinks(readFileSync(file, 'utf8'))) {
      const [target, fragment] = link.split('#') as [string, string | undefined];
      const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
      if (!existsSync(resolved)) {
        broken.push(`${link} (no such file)`);
        continue;
      }
      if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        if (!anchorsOf(resolved).has(decodeURIComponent(fragment).toLowerCase())) broken.push(`${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('finds links and anchors the way GitHub does', () => {
    expect(relativeLinks('see [a](docs/a.md#x) and `[b](nope.md)` and [c](https://x.fr)')).toEqual(['docs/a.md#x']);
    expect(githubAnchor('Start-up, first load, Lighthouse')).toBe('start-up-first-load-lighthouse');
    expect(githubAnchor('Devis editor: numbers, draft, PDF font')).toBe('devis-editor-numbers-draft-pdf-font');
  });
});
