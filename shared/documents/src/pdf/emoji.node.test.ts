// Issue 10: emoji above U+FFFF print as typed and read back identical; DejaVu Serif / Mono for Times / Courier.
import { pdfContentStreams, readPdfPages } from '../testing/pdf-text';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleLines, sampleQuote } from '../testing/fixtures';
import { readFontFile, useFontsFromDisk } from '../testing/node-fonts';
import { emojiToUnicodeCmap, emojiToPua, needsEmojiFont, puaToEmoji } from './fonts/emoji-font';
import { FONT_URLS } from './fonts/font-files';
import { setUnicodeFontSource } from './fonts/unicode-font';
import { renderInvoicePdf, renderQuotePdf } from './render';
import { sampleInvoice } from '../testing/fixtures';

jest.setTimeout(60_000);
beforeEach(useFontsFromDisk);

function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Every font file the renderer fetched during `run`. */
async function fetchedFonts(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  setUnicodeFontSource(null, (path) => {
    seen.push(path);
    return readFontFile(path);
  });
  await run();
  return seen;
}

function fontNames(bytes: Uint8Array): string[] {
  const names =
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/BaseFont \/[A-Za-z0-9_.-]+/g) ?? [];
  return [...new Set(names.map((n) => n.replace('/BaseFont /', '')))].sort();
}

describe('emoji above U+FFFF', () => {
  it('maps emoji to the Private Use Area and back', () => {
    expect(emojiToPua(0x1f600)).toBe(0xe600);
    expect(puaToEmoji(0xe600)).toBe(0x1f600);
    expect(puaToEmoji(0x41)).toBeNull();
    expect(needsEmojiFont('Main d’œuvre 12 € ☀')).toBe(false);
    expect(needsEmojiFont('Réparation 🔧')).toBe(true);
    expect(needsEmojiFont('Vérifié ✅')).toBe(true);
    // ToUnicode: glyph → the real emoji as a UTF-16BE surrogate pair
    expect(emojiToUnicodeCmap({ 5: 0xe600, 6: 0x41 })).toContain('<0005><d83dde00>');
    expect(emojiToUnicodeCmap({ 5: 0xe600, 6: 0x41 })).toContain('<0006><0041>');
  });

  it('prints « œuvre », « € » and 😀 👍 🔧 as typed, read back identical from the PDF text', async () => {
    const name = 'Main d’œuvre 😀 réparée 👍 à 12 € 🔧';
    const emojiLine = 'Chantier 🏠 🚿 🔨 ⚡ ✅ 🎉 🙂 👷 🧱 🪚';
    const { bytes } = await renderQuotePdf({
      quote: {
        ...sampleQuote(1),
        projectTitle: 'Salle de bain 🛁',
        tasks: [{ name, unit: 'h', price: 10, quantity: 1 }],
      },
      client: { ...SAMPLE_CLIENT, name: 'Hélène 😀 Dubœuf' },
      company: { ...SAMPLE_COMPANY, logo: '' },
      customization: customization({ additionalText: emojiLine }),
    });
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain(name);
    expect(text).toContain('Projet : Salle de bain 🛁');
    expect(text).toContain('Hélène 😀 Dubœuf');
    expect(text).toContain(emojiLine);
    expect(text).not.toContain('?');
    expect(fontNames(bytes)).toEqual(['AtelierEmoji', 'AtelierSans']);
    // Both fonts are subsets: a one-page devis with emoji stays small.
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('drops variation selectors and joiners (no « ? »), and keeps emoji in bold, centred and right-aligned text', async () => {
    const base = customization();
    const { bytes } = await renderInvoicePdf({
      invoice: { ...sampleInvoice(1), tasks: [{ name: 'Pose ❤️ 👨‍🔧', unit: 'h', price: 10, quantity: 1 }] },
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, name: 'Plomberie 🔧 Martin', logo: '' },
      customization: {
        ...base,
        invoice: { ...base.invoice, customHeader: 'Certifié 👍 RGE', customFooter: 'Merci 😀' },
      },
    });
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain('Pose ❤ 👨🔧');
    expect(text).toContain('Plomberie 🔧 Martin');
    expect(text).toContain('Certifié 👍 RGE');
    expect(text).toContain('Merci 😀');
    expect(text).not.toContain('?');
  });

  it('fetches the emoji font only when the text has emoji, and keeps a 30-line devis ≤ 200 KB', async () => {
    const plain = () =>
      renderQuotePdf({
        quote: { ...sampleQuote(1), tasks: sampleLines(30) },
        client: SAMPLE_CLIENT,
        company: { ...SAMPLE_COMPANY, logo: '' },
        customization: customization(),
      });
    const withoutEmoji = await fetchedFonts(plain);
    expect(withoutEmoji).toEqual([FONT_URLS.sans.regular, FONT_URLS.sans.bold]);
    const lines = sampleLines(30).map((line, i) => ({ ...line, name: `${line.name} ${i % 2 ? '👍' : '🔧'}` }));
    let size = 0;
    const withEmoji = await fetchedFonts(async () => {
      const { bytes } = await renderQuotePdf({
        quote: { ...sampleQuote(1), tasks: lines },
        client: SAMPLE_CLIENT,
        company: { ...SAMPLE_COMPANY, logo: '' },
        customization: customization(),
      });
      size = bytes.length;
      const text = (await readPdfPages(bytes)).map(flat).join(' ');
      expect(text).toContain(`${lines[0]!.name}`);
      expect(text).toContain(`${lines[29]!.name}`);
    });
    expect(withEmoji).toContain(FONT_URLS.emoji.regular);
    expect(size).toBeLessThanOrEqual(200 * 1024);
  });

  it('draws a BMP emoji DejaVu lacks (✅ ⭐) with the emoji font', async () => {
    const { bytes } = await renderQuotePdf({
      quote: { ...sampleQuote(1), tasks: [{ name: 'Contrôle ✅ qualité ⭐', unit: 'h', price: 10, quantity: 1 }] },
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(flat((await readPdfPages(bytes))[0]!)).toContain('Contrôle ✅ qualité ⭐');
  });

  it('prints « ? » for emoji when the emoji font cannot be loaded, never a broken line', async () => {
    setUnicodeFontSource(null, async (path) => {
      if (path === FONT_URLS.emoji.regular) throw new Error('offline');
      return readFontFile(path);
    });
    const { bytes } = await renderQuotePdf({
      quote: { ...sampleQuote(1), tasks: [{ name: 'Réparation 🔧 urgente', unit: 'h', price: 10, quantity: 1 }] },
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(flat((await readPdfPages(bytes))[0]!)).toContain('Réparation ? urgente');
  });
});

describe('fonts parsed once per page', () => {
  it('gives each document its own glyph set: the same document twice has the same fonts, whatever came between', async () => {
    const input = {
      quote: sampleQuote(2),
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, logo: '' },
      customization: customization(),
    };
    const strip = (bytes: Uint8Array) =>
      Buffer.from(bytes)
        .toString('latin1')
        .replace(/\/CreationDate \([^)]*\)/g, '')
        .replace(/\/ID \[[^\]]*\]/g, '');
    const first = await renderQuotePdf(input);
    await renderQuotePdf({ ...input, quote: { ...sampleQuote(1), projectTitle: 'Ωμέγα ЖЖЖ ✅ 😀 ☀ ≥ ∞' } });
    const again = await renderQuotePdf(input);
    expect(again.bytes.length).toBe(first.bytes.length);
    expect(strip(again.bytes)).toBe(strip(first.bytes));
  });
});

describe('Times and Courier of the customisation', () => {
  it('draws Times with DejaVu Serif and Courier with DejaVu Sans Mono, fetched only when chosen', async () => {
    let bytes: Uint8Array = new Uint8Array();
    const fetched = await fetchedFonts(async () => {
      ({ bytes } = await renderQuotePdf({
        quote: sampleQuote(2),
        client: SAMPLE_CLIENT,
        company: SAMPLE_COMPANY,
        customization: customization({ fonts: { title: 'Times New Roman', body: 'Courier' } }),
      }));
    });
    expect(fetched).toEqual(
      expect.arrayContaining([
        FONT_URLS.serif.regular,
        FONT_URLS.serif.bold,
        FONT_URLS.mono.regular,
        FONT_URLS.mono.bold,
      ]),
    );
    expect(fetched).not.toContain(FONT_URLS.emoji.regular);
    const names = fontNames(bytes);
    expect(names).toEqual(expect.arrayContaining(['AtelierSerif', 'AtelierMono']));
    expect(names).not.toContain('AtelierEmoji');
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain('Rénovations Lefèvre & Fils');
    expect(text).toContain('Peinture murs et plafonds (2 couches)');
    expect(text).toContain('Hélène Dubœuf');
    expect(pdfContentStreams(bytes).length).toBeGreaterThan(0);
  });

  it('falls back to DejaVu Sans when the serif font cannot be loaded', async () => {
    setUnicodeFontSource(null, async (path) => {
      if (path.includes('Serif')) throw new Error('offline');
      return readFontFile(path);
    });
    const { bytes } = await renderQuotePdf({
      quote: sampleQuote(1),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization({ fonts: { title: 'Times', body: 'Times' } }),
    });
    expect(fontNames(bytes).every((n) => n.startsWith('AtelierSans'))).toBe(true);
    expect(flat((await readPdfPages(bytes))[0]!)).toContain('Hélène Dubœuf');
  });
});
