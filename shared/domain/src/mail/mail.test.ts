import {
  DEFAULT_MAIL_TEMPLATES,
  decisionNotice,
  isValidStructuredReference,
  mailKindOf,
  quoteSignStatus,
  reminderStepDue,
  renderMail,
  resolveMailSettings,
  structuredReference,
  templateError,
  reminderDaysError,
  acceptanceError,
  quoteValidUntil,
} from './index';

const values = {
  client: 'Paul Durand',
  numero: 'DE0001',
  montant: '1 250,50 €',
  echeance: '15/12/2026',
  lien: 'https://app.example/signer/abc',
  entreprise: 'Martin Rénovation',
};

describe('mail templates', () => {
  it('fills every placeholder of the default devis mail', () => {
    const mail = renderMail(DEFAULT_MAIL_TEMPLATES.devis, values);
    expect(mail.subject).toBe('Devis DE0001 — Martin Rénovation');
    expect(mail.body).toContain('Bonjour Paul Durand,');
    expect(mail.body).toContain('1 250,50 € TTC');
    expect(mail.body).toContain('https://app.example/signer/abc');
    expect(mail.body).not.toMatch(/\{[a-z]+\}/);
  });

  it('never lets a value put a line break into the subject (header injection)', () => {
    const mail = renderMail({ subject: 'Devis {client}', body: '{client}' }, { ...values, client: 'A\r\nBcc: x@y' });
    expect(mail.subject).toBe('Devis A Bcc: x@y');
    expect(mail.body).toBe('A\r\nBcc: x@y');
  });

  it('refuses unknown placeholders, empty or multi-line subjects and oversized bodies with French messages', () => {
    expect(templateError({ subject: 'Devis {nom}', body: '' })).toMatch(/Le champ \{nom\} n’existe pas/);
    expect(templateError({ subject: ' ', body: '' })).toBe('L’objet du mail est vide.');
    expect(templateError({ subject: 'a\nb', body: '' })).toBe('L’objet du mail tient sur une ligne.');
    expect(templateError({ subject: 'ok', body: 'x'.repeat(5001) })).toMatch(/dépasse 5000 caractères/);
    expect(templateError(DEFAULT_MAIL_TEMPLATES.relance3)).toBeNull();
  });

  it('the J+30 reminder states the penalties and the 40 € indemnity for professional clients', () => {
    expect(DEFAULT_MAIL_TEMPLATES.relance3.body).toContain('L441-10');
    expect(DEFAULT_MAIL_TEMPLATES.relance3.body).toContain('40 €');
    expect(DEFAULT_MAIL_TEMPLATES.relance3.body).toContain('client professionnel');
  });

  it('resolves stored settings over the defaults and ignores invalid ones', () => {
    const own = { subject: 'Mon devis {numero}', body: 'Bonjour' };
    const s = resolveMailSettings({ templates: { devis: own, facture: { subject: '{oops}', body: '' } } });
    expect(s.templates.devis).toEqual(own);
    expect(s.templates.facture).toEqual(DEFAULT_MAIL_TEMPLATES.facture);
    expect(s.reminders).toEqual({ enabled: true, days: [7, 15, 30] });
    expect(s.notifyDecisions).toBe(true);
    expect(resolveMailSettings({ notifyDecisions: false }).notifyDecisions).toBe(false);
    expect(resolveMailSettings('garbage').templates.devis).toEqual(DEFAULT_MAIL_TEMPLATES.devis);
    expect(resolveMailSettings({ reminders: { enabled: false, days: [30, 15, 7] } }).reminders).toEqual({
      enabled: false,
      days: [7, 15, 30],
    });
    expect(reminderDaysError([5, 10, 20])).toBeNull();
    expect(reminderDaysError([5, 5, 20])).toMatch(/jours croissants/);
  });

  it('picks the template of each kind of document', () => {
    expect(mailKindOf('quotes')).toBe('devis');
    expect(mailKindOf('invoices', 'deposit')).toBe('acompte');
    expect(mailKindOf('invoices', 'situation')).toBe('situation');
    expect(mailKindOf('invoices', 'invoice')).toBe('facture');
    expect(mailKindOf('credit_notes')).toBe('avoir');
  });
});

describe('decisionNotice', () => {
  it('tells the artisan who accepted or refused, with the reason', () => {
    const base = { number: 'DE0001', signerName: 'Paul', clientName: 'P. Client', reason: null, date: '26/11/2026' };
    expect(decisionNotice({ ...base, decision: 'accepted' }).subject).toBe('Devis DE0001 accepté par Paul');
    const refused = decisionNotice({ ...base, decision: 'refused', signerName: null, reason: 'Trop cher' });
    expect(refused.subject).toBe('Devis DE0001 refusé');
    expect(refused.body).toBe('P. Client a refusé le devis DE0001 le 26/11/2026.\nMotif indiqué : « Trop cher »');
  });
  it('lists the options the client retained, with their amount HT, and the accepted total', () => {
    const base = { number: 'DE0001', signerName: 'Paul', clientName: null, reason: null, date: '26/11/2026' };
    const accepted = {
      options: [
        { name: 'Robinetterie thermostatique', netHtCents: 15000 },
        { name: 'Cuisine\r\nBcc: x@evil.example', netHtCents: 48050 },
      ],
      netHtCents: 136800,
      ttcCents: 164160,
    };
    const body = decisionNotice({ ...base, decision: 'accepted', accepted }).body;
    expect(body).toContain(
      'Options retenues :\n- Robinetterie thermostatique : 150,00\u00a0€ HT\n- Cuisine Bcc: x@evil.example : 480,50\u00a0€ HT\n',
    );
    expect(body).toContain('Total accepté : 1\u202f368,00\u00a0€ HT, soit 1\u202f641,60\u00a0€ TTC.\n');
    const none = decisionNotice({
      ...base,
      decision: 'accepted',
      accepted: { options: [], netHtCents: 81000, ttcCents: 97200 },
    });
    expect(none.body).toContain(
      'Options retenues : aucune.\nTotal accepté : 810,00\u00a0€ HT, soit 972,00\u00a0€ TTC.',
    );
  });
});

describe('reminderStepDue', () => {
  const inv = { dueDate: '2026-11-01', isPaid: false, cancelled: false };
  const days = [7, 15, 30];
  it('sends J+7, then J+15, then J+30, each once', () => {
    expect(reminderStepDue(inv, '2026-11-07', days, [])).toBeNull();
    expect(reminderStepDue(inv, '2026-11-08', days, [])).toBe(1);
    expect(reminderStepDue(inv, '2026-11-09', days, [1])).toBeNull();
    expect(reminderStepDue(inv, '2026-11-16', days, [1])).toBe(2);
    expect(reminderStepDue(inv, '2026-11-20', days, [1, 2])).toBeNull();
    expect(reminderStepDue(inv, '2026-12-01', days, [1, 2])).toBe(3);
    expect(reminderStepDue(inv, '2027-01-01', days, [1, 2, 3])).toBeNull();
  });
  it('after a long pause sends only the latest due step, never an earlier one after it', () => {
    expect(reminderStepDue(inv, '2026-11-20', days, [])).toBe(2);
    expect(reminderStepDue(inv, '2026-11-20', days, [2])).toBeNull();
  });
  it('stops once paid or cancelled, and without a due date', () => {
    expect(reminderStepDue({ ...inv, isPaid: true }, '2026-11-20', days, [])).toBeNull();
    expect(reminderStepDue({ ...inv, cancelled: true }, '2026-11-20', days, [])).toBeNull();
    expect(reminderStepDue({ ...inv, dueDate: null }, '2026-11-20', days, [])).toBeNull();
  });
});

describe('structuredReference (ISO 11649)', () => {
  it('matches the standard example and validates its own output', () => {
    // ISO 11649 example: RF18 5390 0754 7034
    expect(structuredReference('539007547034')).toBe('RF18 5390 0754 7034');
    const ref = structuredReference('FA0001')!;
    expect(ref.startsWith('RF')).toBe(true);
    expect(isValidStructuredReference(ref)).toBe(true);
    expect(isValidStructuredReference(ref.replace('FA', 'FB'))).toBe(false);
    expect(structuredReference('---')).toBeNull();
  });
});

describe('quote signing', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it('derives brouillon, envoyé, vu, accepté, refusé and expiré', () => {
    const date = '2026-11-10T09:00:00Z';
    expect(quoteSignStatus({ quoteDate: date }, now)).toBe('brouillon');
    expect(quoteSignStatus({ quoteDate: date, sentAt: date }, now)).toBe('envoyé');
    expect(quoteSignStatus({ quoteDate: date, sentAt: date, viewedAt: date }, now)).toBe('vu');
    expect(quoteSignStatus({ quoteDate: date, decision: 'accepted' }, now)).toBe('accepté');
    expect(quoteSignStatus({ quoteDate: date, decision: 'refused' }, now)).toBe('refusé');
    expect(quoteSignStatus({ quoteDate: '2026-10-01T09:00:00Z', sentAt: date }, now)).toBe('expiré');
    expect(quoteSignStatus({ quoteDate: '2026-10-01T09:00:00Z', decision: 'accepted' }, now)).toBe('accepté');
    expect(quoteValidUntil('2026-11-01T00:00:00.000Z')).toBe('2026-12-01T00:00:00.000Z');
  });
  it('wants a name, the ticked terms and a PNG signature', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(acceptanceError({ name: ' ', termsAccepted: true, signature: png })).toBe('Saisissez votre nom et prénom.');
    expect(acceptanceError({ name: 'Paul', termsAccepted: false, signature: png })).toMatch(/Cochez la case/);
    expect(acceptanceError({ name: 'Paul', termsAccepted: true, signature: '' })).toMatch(/Signez dans le cadre/);
    expect(acceptanceError({ name: 'Paul', termsAccepted: true, signature: 'data:text/html,<b>' })).toMatch(
      /n’a pas pu être lue/,
    );
    expect(acceptanceError({ name: 'Paul', termsAccepted: true, signature: png })).toBeNull();
  });
});
