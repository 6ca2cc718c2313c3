import { buildQuoteMailto } from './mailto';

function parse(url: string) {
  const [to, query] = url.replace(/^mailto:/, '').split('?') as [string, string];
  const params = Object.fromEntries(query.split('&').map((kv) => kv.split('=') as [string, string]));
  return { to, subject: decodeURIComponent(params.subject!), body: decodeURIComponent(params.body!), raw: params };
}

describe('buildQuoteMailto', () => {
  it('prefills subject « Devis {number} » and a French body with number, title and total', () => {
    const url = buildQuoteMailto({
      email: 'helene@exemple.fr',
      number: 'DE0042',
      projectTitle: 'Rénovation cuisine & salon',
      totalCents: 123456,
    });
    expect(url.startsWith('mailto:helene@exemple.fr?subject=')).toBe(true);
    const { subject, body, raw } = parse(url);
    expect(subject).toBe('Devis DE0042');
    expect(body).toMatch(/^Bonjour,/);
    expect(body).toContain('DE0042');
    expect(body).toContain('Projet : Rénovation cuisine & salon');
    expect(body).toContain('Montant total TTC : 1 234,56 €');
    // Reserved characters are encoded so the « & » of the title cannot cut the body short.
    expect(raw.body).not.toMatch(/[ &é€\n]/);
    expect(raw.subject).toBe('Devis%20DE0042');
    expect(body).toContain('\r\n');
  });

  it('says « Non spécifié » when there is no project title', () => {
    for (const projectTitle of [undefined, null, '   ']) {
      const { body } = parse(buildQuoteMailto({ email: 'a@b.fr', number: 'DE0001', projectTitle, totalCents: 0 }));
      expect(body).toContain('Projet : Non spécifié');
      expect(body).toContain('0,00 €');
    }
  });

  it('encodes unusual characters of the address but keeps the @', () => {
    const url = buildQuoteMailto({ email: ' jean+devis@exemple.fr ', number: 'DE0002', totalCents: 100 });
    expect(url.startsWith('mailto:jean%2Bdevis@exemple.fr?')).toBe(true);
  });
});
