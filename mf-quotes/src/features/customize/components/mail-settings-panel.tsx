// « Mails et relances » on /customize (issue 26): the user's templates of every sent mail and their reminder
// schedule, previewed with sample values, kept on the server (user_settings 'mailSettings') where the
// send-document and send-reminders functions read them. Only what differs from the defaults is stored.
import {
  DEFAULT_MAIL_TEMPLATES,
  MAIL_KINDS,
  reminderDaysError,
  renderMail,
  resolveMailSettings,
  templateError,
  type MailKind,
  type MailSettings,
  type MailTemplate,
} from '@atelier/domain';
import { getSupabase, useAuth } from '@atelier/platform';
import { Banner, Button, Card, Field, Input, Select, TextArea } from '@atelier/ui';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';

import { MAIL_SETTINGS_MESSAGES as M, SAMPLE_MAIL_VALUES } from '../mail-messages';

const Preview = styled.pre`
  white-space: pre-wrap;
  font-family: inherit;
  background: ${({ theme }) => theme.colors.background};
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radius};
`;
const Days = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 0.5rem;
`;

type Templates = Record<MailKind, MailTemplate>;

/** What is stored: the templates that differ from the defaults, and the schedule. */
export function mailSettingsValue(
  templates: Templates,
  enabled: boolean,
  days: number[],
  notifyDecisions = true,
): MailSettings {
  const own: Partial<Templates> = {};
  for (const kind of MAIL_KINDS) {
    const t = templates[kind];
    if (t.subject !== DEFAULT_MAIL_TEMPLATES[kind].subject || t.body !== DEFAULT_MAIL_TEMPLATES[kind].body)
      own[kind] = t;
  }
  return { templates: own, reminders: { enabled, days: [days[0]!, days[1]!, days[2]!] }, notifyDecisions };
}

export function MailSettingsPanel() {
  const userId = useAuth().user?.id;
  const [templates, setTemplates] = useState<Templates>({ ...DEFAULT_MAIL_TEMPLATES });
  const [enabled, setEnabled] = useState(true);
  const [days, setDays] = useState<number[]>([7, 15, 30]);
  const [notify, setNotify] = useState(true);
  const [kind, setKind] = useState<MailKind>('devis');
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void (async () => {
      try {
        const { data, error } = await getSupabase()
          .from('user_settings')
          .select('value')
          .eq('key', 'mailSettings')
          .maybeSingle();
        if (error) throw error;
        if (cancelled) return;
        const resolved = resolveMailSettings(data?.value);
        setTemplates(resolved.templates);
        setEnabled(resolved.reminders.enabled);
        setDays(resolved.reminders.days);
        setNotify(resolved.notifyDecisions);
      } catch {
        if (!cancelled) setNotice({ tone: 'error', text: M.loadError });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const current = templates[kind];
  const problem = templateError(current) ?? reminderDaysError(days);
  const preview = useMemo(() => renderMail(current, SAMPLE_MAIL_VALUES), [current]);
  const edit = (patch: Partial<MailTemplate>) => {
    setNotice(null);
    setTemplates((all) => ({ ...all, [kind]: { ...all[kind], ...patch } }));
  };

  const save = async () => {
    if (problem || !userId) return;
    const { error } = await getSupabase()
      .from('user_settings')
      .upsert({ user_id: userId, key: 'mailSettings', value: mailSettingsValue(templates, enabled, days, notify) });
    setNotice(error ? { tone: 'error', text: M.saveError } : { tone: 'success', text: M.saved });
  };

  return (
    <Card as="section" aria-label={M.title}>
      <h2>{M.title}</h2>
      <p>{M.intro}</p>
      <Field label={M.kind} htmlFor="mail-kind">
        <Select id="mail-kind" value={kind} onChange={(e) => setKind(e.target.value as MailKind)}>
          {MAIL_KINDS.map((k) => (
            <option key={k} value={k}>
              {M.kinds[k]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={M.subject} htmlFor="mail-subject">
        <Input id="mail-subject" value={current.subject} onChange={(e) => edit({ subject: e.target.value })} />
      </Field>
      <Field label={M.body} htmlFor="mail-body" error={problem ?? undefined}>
        <TextArea id="mail-body" rows={8} value={current.body} onChange={(e) => edit({ body: e.target.value })} />
      </Field>
      <Button $variant="secondary" onClick={() => edit(DEFAULT_MAIL_TEMPLATES[kind])}>
        {M.reset}
      </Button>
      <h3>{M.preview}</h3>
      <Preview aria-label={M.preview}>
        <strong>{preview.subject}</strong>
        {'\n\n'}
        {preview.body}
      </Preview>
      <h3>{M.remindersTitle}</h3>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {M.remindersEnabled}
      </label>
      <Days>
        {[0, 1, 2].map((i) => (
          <Field key={i} label={M.reminderDay(i + 1)} htmlFor={`reminder-day-${i}`}>
            <Input
              id={`reminder-day-${i}`}
              type="number"
              min={1}
              max={365}
              value={days[i]}
              onChange={(e) => setDays((d) => d.map((v, j) => (j === i ? Number(e.target.value) : v)))}
            />
          </Field>
        ))}
      </Days>
      <p>
        <label>
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} /> {M.notifyDecisions}
        </label>
      </p>
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
      <Button onClick={() => void save()} disabled={!!problem}>
        {M.save}
      </Button>
    </Card>
  );
}
