import type { Client } from '@atelier/domain';
import { memo } from 'react';

import { Field, FieldRow, Input, Select } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { sameEmail } from '../model/client-book';
import type { DraftClient } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';

interface ClientEditorProps {
  client: DraftClient;
  clients: readonly Client[];
  session: QuoteSession;
  disabled: boolean;
}

/** Pick a client from the client book or type the client's details. */
export const ClientEditor = memo(function ClientEditor({ client, clients, session, disabled }: ClientEditorProps) {
  const picked = client.email ? clients.find((c) => sameEmail(c.email, client.email)) : undefined;
  const field = (key: keyof DraftClient, label: string, type = 'text') => (
    <Field label={label} htmlFor={`quote-client-${key}`}>
      <Input
        id={`quote-client-${key}`}
        type={type}
        value={client[key]}
        disabled={disabled}
        onChange={(e) => session.setClientField(key, e.target.value)}
      />
    </Field>
  );
  return (
    <div>
      <Field label={M.pickClient} htmlFor="quote-client-picker">
        <Select
          id="quote-client-picker"
          value={picked?.email ?? ''}
          disabled={disabled}
          onChange={(e) => {
            const chosen = clients.find((c) => c.email === e.target.value);
            if (chosen) session.pickClient(chosen);
          }}
        >
          <option value="">{M.pickClientPlaceholder}</option>
          {clients.map((c) => (
            <option key={c.email} value={c.email}>
              {c.name} — {c.email}
            </option>
          ))}
        </Select>
      </Field>
      <FieldRow>
        {field('name', M.clientName)}
        {field('email', M.clientEmail, 'email')}
        {field('phone', M.clientPhone, 'tel')}
        {field('address', M.clientAddress)}
      </FieldRow>
    </div>
  );
});
