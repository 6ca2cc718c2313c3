// /admin: only the administrator (runtime config ADMIN_EMAIL) gets past the refusal. User management
// comes with its own issue; until then the page shows its title only.
import { isAdmin, useAuth } from '@atelier/platform';
import { Banner, PageTitle } from '@atelier/ui';

import { ADMIN_MESSAGES } from './messages';

export function AdminPage() {
  const { user } = useAuth();
  if (!isAdmin(user)) {
    return (
      <section>
        <PageTitle>{ADMIN_MESSAGES.accessDenied}</PageTitle>
        <Banner tone="error">{ADMIN_MESSAGES.accessDeniedDetail}</Banner>
      </section>
    );
  }
  return (
    <section>
      <PageTitle>{ADMIN_MESSAGES.title}</PageTitle>
    </section>
  );
}
