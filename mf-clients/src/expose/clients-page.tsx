// Exposed as mf_clients/ClientsPage (/clients): the client book, read at once from the user's local copy
// (@atelier/storage sync engine, IndexedDB per user) and synced with the server (clients table, RLS).
import { getSupabase, useAuth } from '@atelier/platform';
import { supabaseRemote, syncEngineFor, type SupabaseLike, type SyncEngine, type SyncRow } from '@atelier/storage';
import { Banner, Button, Card, Field, Input, Modal, PageTitle, formatEuros } from '@atelier/ui';
import { useEffect, useMemo, useState } from 'react';

import {
  clientFormSchema,
  filterClients,
  paymentStatus,
  searchIndex,
  type ClientForm,
  type ClientRow,
} from '../features/client-book/model';
import { CLIENTS_MESSAGES as M } from '../messages';

function useEngine(): SyncEngine | null {
  const auth = useAuth();
  const userId = auth.user?.id;
  return useMemo(() => {
    if (!userId) return null;
    return syncEngineFor(userId, () => supabaseRemote(getSupabase() as unknown as SupabaseLike, userId));
  }, [userId]);
}

const EMPTY_FORM: ClientForm = { name: '', email: '', phone: '', address: '' };

export default function ClientsPage() {
  const engine = useEngine();
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ id: string | null; form: ClientForm } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ClientForm, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);

  useEffect(() => {
    if (!engine) return undefined;
    let alive = true;
    engine.load().then(
      () => alive && setLoaded(true),
      () => alive && setLoaded(true),
    );
    const sub = engine.changes$().subscribe(() => setVersion((v) => v + 1));
    return () => {
      alive = false;
      sub.unsubscribe();
    };
  }, [engine]);

  const status = engine?.status();
  const clients = useMemo(
    () =>
      (engine?.rows('clients') ?? [])
        .filter((c) => !c.archived_at)
        .sort((a, b) =>
          String(b.created_at ?? b.updated_at).localeCompare(String(a.created_at ?? a.updated_at)),
        ) as unknown as Array<ClientRow & SyncRow>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, version],
  );
  const index = useMemo(() => new Map(clients.map((c) => [c.id, searchIndex(c)])), [clients]);
  const shown = useMemo(() => filterClients(clients, index, query), [clients, index, query]);
  const byClient = useMemo(() => {
    const group = (table: 'quotes' | 'invoices') => {
      const map = new Map<string, SyncRow[]>();
      for (const row of engine?.rows(table) ?? []) {
        const key = String(row.client_id ?? '');
        map.set(key, [...(map.get(key) ?? []), row]);
      }
      return map;
    };
    return { quotes: group('quotes'), invoices: group('invoices') };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, version]);

  const rejected = status?.rejected.at(-1)?.message;

  const save = async () => {
    if (!engine || !editing) return;
    const parsed = clientFormSchema.safeParse(editing.form);
    if (!parsed.success) {
      const next: Partial<Record<keyof ClientForm, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof ClientForm] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      const existing = editing.id ? engine.row('clients', editing.id) : undefined;
      await engine.write('clients', {
        ...(existing ?? { created_at: new Date().toISOString() }),
        ...parsed.data,
        id: editing.id ?? crypto.randomUUID(),
      });
      setEditing(null);
      void engine.sync();
    } catch {
      setNotice({ tone: 'error', text: M.saveError });
    }
  };

  const remove = async (client: ClientRow) => {
    if (!engine || !window.confirm(M.confirmDelete)) return;
    const issued = (byClient.invoices.get(client.id) ?? []).some((i) => i.status === 'issued');
    try {
      if (issued) {
        await engine.write('clients', { ...engine.row('clients', client.id)!, archived_at: new Date().toISOString() });
        setNotice({ tone: 'info', text: M.archived });
      } else {
        await engine.remove('clients', client.id);
      }
      void engine.sync();
    } catch {
      setNotice({ tone: 'error', text: M.deleteError });
    }
  };

  const loadFailed = loaded && !clients.length && status?.error && !status.lastSync;

  return (
    <>
      <PageTitle>{M.title}</PageTitle>
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
      {rejected ? <Banner tone="error">{rejected}</Banner> : null}
      {status && status.pending > 0 ? <p aria-live="polite">{M.pendingSync(status.pending)}</p> : null}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end', marginBottom: 16 }}>
        <Field label={M.search} htmlFor="client-search">
          <Input
            id="client-search"
            type="search"
            value={query}
            placeholder={M.searchPlaceholder}
            onChange={(event) => setQuery(event.target.value)}
          />
        </Field>
        <Button
          onClick={() => {
            setErrors({});
            setEditing({ id: null, form: EMPTY_FORM });
          }}
        >
          {M.add}
        </Button>
      </div>
      {loadFailed ? (
        <Banner tone="error">
          {M.loadError}{' '}
          <Button $variant="secondary" onClick={() => void engine?.sync()}>
            {M.retry}
          </Button>
        </Banner>
      ) : !clients.length ? (
        loaded ? (
          <p>{M.empty}</p>
        ) : null
      ) : !shown.length ? (
        <p>{M.noMatch}</p>
      ) : (
        <div
          data-testid="client-grid"
          style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}
        >
          {shown.slice(0, 200).map((client) => (
            <Card key={client.id} data-testid="client-card">
              <h2 style={{ margin: 0 }}>{client.name}</h2>
              <p>
                <a href={`mailto:${client.email}`}>{client.email}</a>
                <br />
                <a href={`tel:${client.phone.replace(/\s+/g, '')}`}>{client.phone}</a>
                <br />
                {client.address}
              </p>
              <h3>{M.quotes}</h3>
              {(byClient.quotes.get(client.id) ?? []).length ? (
                <ul>
                  {(byClient.quotes.get(client.id) ?? []).map((q) => (
                    <li key={q.id}>
                      {String(q.number ?? '')} {String(q.project_title ?? '')} —{' '}
                      {formatEuros(Number(q.total_ttc_cents ?? 0) / 100)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{M.noQuotes}</p>
              )}
              <h3>{M.invoices}</h3>
              {(byClient.invoices.get(client.id) ?? []).length ? (
                <ul>
                  {(byClient.invoices.get(client.id) ?? []).map((i) => (
                    <li key={i.id}>
                      {String(i.number ?? '')} — {formatEuros(Number(i.total_ttc_cents ?? 0) / 100)} —{' '}
                      {M[paymentStatus(i as { is_paid?: unknown; due_date?: unknown })]}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{M.noInvoices}</p>
              )}
              <div style={{ display: 'flex', gap: 8 }}>
                <Button
                  $variant="secondary"
                  onClick={() => {
                    setErrors({});
                    setEditing({
                      id: client.id,
                      form: { name: client.name, email: client.email, phone: client.phone, address: client.address },
                    });
                  }}
                >
                  {M.edit}
                </Button>
                <Button $variant="danger" onClick={() => void remove(client)}>
                  {M.delete}
                </Button>
              </div>
            </Card>
          ))}
        </div>
      )}
      <Modal
        open={editing !== null}
        title={editing?.id ? M.editTitle : M.addTitle}
        onClose={() => setEditing(null)}
        actions={
          <>
            <Button $variant="secondary" onClick={() => setEditing(null)}>
              {M.cancel}
            </Button>
            <Button onClick={() => void save()}>{M.save}</Button>
          </>
        }
      >
        {(['name', 'email', 'phone', 'address'] as const).map((key) => (
          <Field key={key} label={M[key]} htmlFor={`client-${key}`} error={errors[key]}>
            <Input
              id={`client-${key}`}
              type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
              value={editing?.form[key] ?? ''}
              onChange={(event) =>
                setEditing((prev) => (prev ? { ...prev, form: { ...prev.form, [key]: event.target.value } } : prev))
              }
            />
          </Field>
        ))}
      </Modal>
    </>
  );
}
