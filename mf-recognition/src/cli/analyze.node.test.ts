import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyseText, parseArgs, readCatalogue, resolveInputPath } from './analyze';

const catalogue = [
  { name: 'Peinture murs', unit: 'm2', price: 25 },
  { name: 'Installation prise électrique', unit: 'unité', price: 65 },
];

describe('analyze CLI', () => {
  it('parses its arguments', () => {
    expect(parseArgs(['--catalogue', 'c.json', '--text', 'deux prises', '--flow=image'])).toEqual({
      catalogue: 'c.json',
      text: 'deux prises',
      flow: 'image',
    });
  });

  it('accepts the tasks storage shape and {tasks: [...]}', () => {
    expect(readCatalogue(JSON.stringify(catalogue))).toEqual(catalogue);
    expect(readCatalogue(JSON.stringify({ tasks: [{ name: 'Forfait', price: '10' }] }))).toEqual([
      { name: 'Forfait', unit: 'unité', price: 10 },
    ]);
    expect(() => readCatalogue('{"x": 1}')).toThrow('Catalogue');
  });

  it('resolves paths against the directory pnpm was run from first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyze-'));
    writeFileSync(join(dir, 'c.json'), '[]');
    expect(resolveInputPath('c.json', { INIT_CWD: dir }, '/')).toBe(join(dir, 'c.json'));
    expect(resolveInputPath('/abs/c.json', { INIT_CWD: dir })).toBe('/abs/c.json');
  });

  it('prints every client field, null when missing', () => {
    expect(analyseText('Deux prises pour M. Durand', catalogue, 'voice')).toEqual({
      projectTitle: 'Installation Prise Électrique',
      tasks: [{ name: 'Installation prise électrique', quantity: 2, unit: 'unité' }],
      client: { name: 'Durand', phone: null, email: null, address: null },
    });
  });

  it('runs end to end from the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyze-'));
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify({ tasks: catalogue }));
    writeFileSync(join(dir, 'notes.txt'), 'Peinture 30 m2\nTél 06 12 34 56 78');
    const tsx = resolve(__dirname, '../../../node_modules/.bin/tsx');
    const out = execFileSync(
      tsx,
      [resolve(__dirname, 'analyze.ts'), '--catalogue', 'catalogue.json', '--text-file', 'notes.txt'],
      {
        env: { ...process.env, INIT_CWD: dir },
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(out)).toEqual({
      projectTitle: 'Travaux Peinture Murs',
      tasks: [{ name: 'Peinture murs', quantity: 30, unit: 'm2' }],
      client: { name: null, phone: '06 12 34 56 78', email: null, address: null },
    });
  }, 30_000);
});
