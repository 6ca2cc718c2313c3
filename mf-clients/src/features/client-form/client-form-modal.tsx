// The client edit modal (spec §2, §5): react-hook-form + zod, the same French messages as before.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, Modal } from '@atelier/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { clientColumns, clientFormSchema, type ClientForm } from '../client-book/model';
import { useEngine } from '../client-book/use-client-book';

export const EMPTY_CLIENT_FORM: ClientForm = { name: '', email: '', phone: '', address: '' };

export interface ClientFormModalProps {
  /** null: closed; id null: a new client. */
  editing: { id: string | null; form: ClientForm } | null;
  onClose: () => void;
  onSave: (id: string | null, form: ClientForm) => Promise<void>;
}

const FIELDS = [
  { key: 'name', type: 'text', autoComplete: 'name' },
  { key: 'email', type: 'email', autoComplete: 'email' },
  { key: 'phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', type: 'text', autoComplete: 'street-address' },
  // Issue 28: a business client's identifiers and the site address when it differs (décret 2022-1299).
  { key: 'siren', type: 'text', autoComplete: 'off' },
  { key: 'vat_number', type: 'text', autoComplete: 'off' },
  { key: 'site_address', type: 'text', autoComplete: 'off' },
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function ClientFormModal({ editing, onClose, onSave }: ClientFormModalProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClientForm>({ resolver: zodResolver(clientFormSchema), defaultValues: EMPTY_CLIENT_FORM });

  const engine = useEngine();
  useEffect(() => {
    if (!editing) return;
    // The stored client's identifiers, so that editing the card never loses them.
    const stored = editing.id ? engine?.row('clients', editing.id) : undefined;
    reset({
      ...editing.form,
      siren: editing.form.siren ?? text(stored?.siren),
      vat_number: editing.form.vat_number ?? text(stored?.vat_number),
      site_address: editing.form.site_address ?? text(stored?.site_address),
    });
  }, [editing, reset, engine]);

  const submit = handleSubmit(async (values) => {
    await onSave(editing?.id ?? null, clientColumns(values));
  });

  return (
    <Modal
      open={editing !== null}
      title={editing?.id ? M.editTitle : M.addTitle}
      onClose={onClose}
      actions={
        <>
          <Button $variant="secondary" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button type="submit" form="client-form" disabled={isSubmitting}>
            {M.save}
          </Button>
        </>
      }
    >
      <form id="client-form" noValidate onSubmit={(event) => void submit(event)}>
        {FIELDS.map(({ key, type, autoComplete }) => (
          <Field key={key} label={M[key]} htmlFor={`client-${key}`} error={errors[key]?.message}>
            <Input
              id={`client-${key}`}
              type={type}
              autoComplete={autoComplete}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `client-${key}-error` : undefined}
              {...register(key)}
            />
          </Field>
        ))}
      </form>
    </Modal>
  );
}
