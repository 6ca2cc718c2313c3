// /admin: the administrator lists, searches and deletes users. The browser check (runtime ADMIN_EMAIL) only
// decides what to draw; the server refuses everyone else on its own (is_admin() in SQL), and a refusal from the
// server also shows 'Accès refusé'. Search and pagination run on the server so 10,000 users stay fast.
import { isAdmin, useAuth } from '@atelier/platform';
import { Banner, Button, Field, Input, Modal, PageTitle, Spinner } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import {
  type AdminDashboard,
  type AdminUser,
  type AdminUserPage,
  NotAdminError,
  USERS_PER_PAGE,
  deleteUser,
  getDashboard,
  listUsers,
} from './api/admin-api';
import { Dashboard } from './components/dashboard';
import { UserCard } from './components/user-card';
import { ADMIN_MESSAGES } from './messages';

/** Pause after the last keystroke before asking the server (keeps a search under the 200 ms budget). */
export const SEARCH_DEBOUNCE_MS = 50;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 1rem;
  > article {
    margin-bottom: 0;
  }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  margin: 1rem 0;
  flex-wrap: wrap;
`;

function AccessDenied() {
  return (
    <section>
      <PageTitle>{ADMIN_MESSAGES.accessDenied}</PageTitle>
      <Banner tone="error">{ADMIN_MESSAGES.accessDeniedDetail}</Banner>
    </section>
  );
}

type LoadState =
  { status: 'loading' } | { status: 'ready'; page: AdminUserPage } | { status: 'error' } | { status: 'denied' };

export function AdminPage() {
  const { user } = useAuth();
  if (!isAdmin(user)) return <AccessDenied />;
  return <AdminConsole />;
}

function AdminConsole() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [figures, setFigures] = useState<AdminDashboard | null>(null);
  const [reload, setReload] = useState(0);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useRef(0);

  // Debounced search: a new query starts again from page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const ticket = ++latest.current;
    listUsers(query, page, USERS_PER_PAGE).then(
      (result) => {
        if (ticket === latest.current) setState({ status: 'ready', page: result });
      },
      (error: unknown) => {
        if (ticket !== latest.current) return;
        setState({ status: error instanceof NotAdminError ? 'denied' : 'error' });
      },
    );
  }, [query, page, reload]);

  useEffect(() => {
    getDashboard().then(setFigures, () => setFigures(null));
  }, [reload]);

  const confirmDelete = useCallback(async () => {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteUser(toDelete.user_email);
      setNotice(ADMIN_MESSAGES.deleted(toDelete.user_email));
      setToDelete(null);
      setReload((n) => n + 1);
    } catch {
      setDeleteError(ADMIN_MESSAGES.deleteError);
    } finally {
      setDeleting(false);
    }
  }, [toDelete]);

  if (state.status === 'denied') return <AccessDenied />;

  const result = state.status === 'ready' ? state.page : null;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;

  return (
    <section>
      <PageTitle>{ADMIN_MESSAGES.title}</PageTitle>
      {figures ? <Dashboard figures={figures} /> : null}
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <Field label={ADMIN_MESSAGES.searchLabel} htmlFor="admin-search">
        <Input
          id="admin-search"
          type="search"
          value={search}
          placeholder={ADMIN_MESSAGES.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>

      {state.status === 'loading' ? <Spinner label={ADMIN_MESSAGES.loading} /> : null}
      {state.status === 'error' ? (
        <Banner tone="error">
          {ADMIN_MESSAGES.loadError}{' '}
          <Button $variant="secondary" onClick={() => setReload((n) => n + 1)}>
            {ADMIN_MESSAGES.retry}
          </Button>
        </Banner>
      ) : null}

      {result ? (
        <>
          <p aria-live="polite" data-testid="admin-user-count">
            {ADMIN_MESSAGES.count(result.total)}
          </p>
          {result.users.length === 0 ? <p>{ADMIN_MESSAGES.noResult}</p> : null}
          <Grid>
            {result.users.map((u) => (
              <UserCard
                key={u.user_id}
                user={u}
                onDelete={(target) => {
                  setDeleteError(null);
                  setToDelete(target);
                }}
              />
            ))}
          </Grid>
          {pages > 1 ? (
            <Pager aria-label="Pagination">
              <Button $variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {ADMIN_MESSAGES.previous}
              </Button>
              <span>{ADMIN_MESSAGES.page(result.page, pages)}</span>
              <Button $variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {ADMIN_MESSAGES.next}
              </Button>
            </Pager>
          ) : null}
        </>
      ) : null}

      <Modal
        open={toDelete !== null}
        title={ADMIN_MESSAGES.confirmTitle}
        onClose={() => {
          if (!deleting) setToDelete(null);
        }}
        actions={
          <>
            <Button $variant="secondary" disabled={deleting} onClick={() => setToDelete(null)}>
              {ADMIN_MESSAGES.cancel}
            </Button>
            <Button $variant="danger" disabled={deleting} onClick={() => void confirmDelete()}>
              {deleting ? ADMIN_MESSAGES.deleting : ADMIN_MESSAGES.delete}
            </Button>
          </>
        }
      >
        {toDelete ? <p>{ADMIN_MESSAGES.confirmText(toDelete.user_email)}</p> : null}
        {deleteError ? <Banner tone="error">{deleteError}</Banner> : null}
      </Modal>
    </section>
  );
}
