import { centsToCsvEuros, frenchDate, parsePostgrestCsv, textCell, toExcelCsv } from './csv';
import { clientRows, documentRows } from './export-rows';
import { EXPORT_MESSAGES as M } from './messages';

describe('parsePostgrestCsv (what the backend and PostgREST send for Accept: text/csv)', () => {
  it('reads quoted fields (comma, quote, newline, backslash), NULL and empty strings', () => {
    const text =
      'name,email,phone,address,archived_at\n' +
      '"Dupont, père & fils",dupont@example.fr,"","3 rue ""Haute""\n75001 Paris",\n' +
      'Simple,simple@example.fr,0102030405,"C:\\\\chantier","2026-11-26 21:04:09.5+00"';
    expect(parsePostgrestCsv(text)).toEqual([
      {
        name: 'Dupont, père & fils',
        email: 'dupont@example.fr',
        phone: '',
        address: '3 rue "Haute"\n75001 Paris',
        archived_at: null,
      },
      {
        name: 'Simple',
        email: 'simple@example.fr',
        phone: '0102030405',
        address: 'C:\\chantier',
        archived_at: '2026-11-26 21:04:09.5+00',
      },
    ]);
  });

  it('an empty result (header line only, or nothing) is no record', () => {
    expect(parsePostgrestCsv('\n')).toEqual([]);
    expect(parsePostgrestCsv('')).toEqual([]);
    expect(parsePostgrestCsv('a,b\n')).toEqual([]);
  });

  it('refuses a truncated quoted field rather than inventing data', () => {
    expect(() => parsePostgrestCsv('a\n"open')).toThrow();
  });
});

describe('cells', () => {
  it('amounts: cents to euros with a decimal comma, exact for big values, avoirs negated', () => {
    expect(centsToCsvEuros('58320')).toBe('583,20');
    expect(centsToCsvEuros('5')).toBe('0,05');
    expect(centsToCsvEuros('-1250')).toBe('-12,50');
    expect(centsToCsvEuros('900719925474099312')).toBe('9007199254740993,12');
    expect(centsToCsvEuros('1000', true)).toBe('-10,00');
    expect(centsToCsvEuros('-1000', true)).toBe('-10,00'); // avoirs are stored negative: never made positive
    expect(centsToCsvEuros(null)).toBe('');
  });

  it('dates: a date stays its day; a timestamp becomes the local day', () => {
    expect(frenchDate('2026-03-01')).toBe('01/03/2026');
    expect(frenchDate(null)).toBe('');
    const stamp = '2026-11-26 12:00:00+00';
    const local = new Date('2026-11-26T12:00:00+00:00');
    expect(frenchDate(stamp)).toBe(
      `${String(local.getDate()).padStart(2, '0')}/${String(local.getMonth() + 1).padStart(2, '0')}/2026`,
    );
  });

  it('text that a spreadsheet would run as a formula is defused', () => {
    expect(textCell('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(textCell('+33 6 12')).toBe("'+33 6 12");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('Dupont')).toBe('Dupont');
  });

  it('the file: BOM, semicolons, CRLF, quoting of ; " and line breaks', () => {
    expect(
      toExcelCsv(
        ['Nom', 'Total (€)'],
        [
          ['a;b', '1,50'],
          ['dit "x"\nsuite', '2,00'],
        ],
      ),
    ).toBe('\uFEFFNom;Total (€)\r\n"a;b";1,50\r\n"dit ""x""\nsuite";2,00\r\n');
  });
});

describe('rows', () => {
  const clients = [
    {
      id: 'c1',
      name: 'Éloïse Durand',
      email: 'e@x.fr',
      phone: '06',
      address: 'Lyon',
      created_at: '2026-01-02',
      archived_at: null,
    },
    { id: 'c2', name: '=cmd', email: 'z@x.fr', phone: '', address: '', created_at: '2026-01-03', archived_at: 'x' },
  ];

  it('clients in French with the Corbeille flag', () => {
    expect(clientRows(clients)).toEqual([
      ['Éloïse Durand', 'e@x.fr', '06', 'Lyon', '02/01/2026', 'Non'],
      ["'=cmd", 'z@x.fr', '', '', '03/01/2026', 'Oui'],
    ]);
  });

  it('devis, factures (acompte, situation, brouillon), avoirs negative with their invoice as reference', () => {
    const rows = documentRows({
      clients,
      quotes: [
        {
          id: 'q1',
          client_id: 'c1',
          number: 'DE0001',
          date: '2026-02-01',
          project_title: 'SdB',
          total_ht_cents: '48600',
          tva_cents: '9720',
          total_ttc_cents: '58320',
        },
      ],
      invoices: [
        {
          id: 'i1',
          client_id: 'c1',
          kind: 'deposit',
          status: 'issued',
          number: 'FA0001',
          quote_number: 'DE0001',
          situation_number: null,
          issue_date: '2026-02-02',
          project_title: 'SdB',
          total_ht_cents: '14580',
          tva_cents: '2916',
          total_ttc_cents: '17496',
          net_due_cents: null,
          is_paid: 't',
          payment_date: '2026-02-10',
        },
        {
          id: 'i2',
          client_id: 'c1',
          kind: 'situation',
          status: 'issued',
          number: 'FA0002',
          quote_number: 'DE0001',
          situation_number: '1',
          issue_date: '2026-03-01',
          project_title: 'SdB',
          total_ht_cents: '10000',
          tva_cents: '2000',
          total_ttc_cents: '12000',
          net_due_cents: '11400',
          is_paid: 'f',
          payment_date: null,
        },
        {
          id: 'i3',
          client_id: 'c2',
          kind: 'invoice',
          status: 'draft',
          number: null,
          quote_number: null,
          situation_number: null,
          issue_date: null,
          project_title: null,
          total_ht_cents: '0',
          tva_cents: '0',
          total_ttc_cents: '0',
          net_due_cents: null,
          is_paid: 'f',
          payment_date: null,
        },
      ],
      credit_notes: [
        {
          id: 'a1',
          client_id: 'c1',
          invoice_id: 'i1',
          number: 'AV0001',
          issue_date: '2026-02-03',
          project_title: 'SdB',
          // As issue_credit_note stores them: negative.
          total_ht_cents: '-14580',
          tva_cents: '-2916',
          total_ttc_cents: '-17496',
        },
      ],
    });
    expect(rows.map((r) => r.length)).toEqual(rows.map(() => M.documentHeaders.length));
    expect(rows).toEqual([
      [
        'Devis',
        'DE0001',
        'Numéroté',
        '01/02/2026',
        'Éloïse Durand',
        'e@x.fr',
        'SdB',
        '',
        '486,00',
        '97,20',
        '583,20',
        '',
        '',
        '',
      ],
      [
        'Facture d’acompte',
        'FA0001',
        'Émise',
        '02/02/2026',
        'Éloïse Durand',
        'e@x.fr',
        'SdB',
        'DE0001',
        '145,80',
        '29,16',
        '174,96',
        '174,96',
        'Oui',
        '10/02/2026',
      ],
      [
        'Facture de situation n° 1',
        'FA0002',
        'Émise',
        '01/03/2026',
        'Éloïse Durand',
        'e@x.fr',
        'SdB',
        'DE0001',
        '100,00',
        '20,00',
        '120,00',
        '114,00',
        'Non',
        '',
      ],
      ['Facture', '', 'Brouillon', '', "'=cmd", 'z@x.fr', '', '', '0,00', '0,00', '0,00', '0,00', 'Non', ''],
      [
        'Avoir',
        'AV0001',
        'Émis',
        '03/02/2026',
        'Éloïse Durand',
        'e@x.fr',
        'SdB',
        'FA0001',
        '-145,80',
        '-29,16',
        '-174,96',
        '-174,96',
        '',
        '',
      ],
    ]);
  });
});
