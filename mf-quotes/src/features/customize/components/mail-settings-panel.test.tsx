import { DEFAULT_MAIL_TEMPLATES, mailSettingsSchema, resolveMailSettings } from '@atelier/domain';

import { mailSettingsValue } from './mail-settings-panel';

describe('mailSettingsValue', () => {
  it('stores only the templates that differ from the defaults, and the schedule, in the shape the server reads', () => {
    const own = { subject: 'Mon devis {numero}', body: 'Bonjour {client}' };
    const value = mailSettingsValue({ ...DEFAULT_MAIL_TEMPLATES, devis: own }, false, [5, 12, 40]);
    expect(value).toEqual({
      templates: { devis: own },
      reminders: { enabled: false, days: [5, 12, 40] },
      notifyDecisions: true,
    });
    expect(mailSettingsSchema.safeParse(value).success).toBe(true);
    const resolved = resolveMailSettings(value);
    expect(resolved.templates.devis).toEqual(own);
    expect(resolved.templates.facture).toEqual(DEFAULT_MAIL_TEMPLATES.facture);
    expect(resolved.reminders).toEqual({ enabled: false, days: [5, 12, 40] });
  });
});
