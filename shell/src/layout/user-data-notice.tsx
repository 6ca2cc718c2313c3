// What the import of this browser's data into the account told the user (issue 8), above every page.
import { dismissUserDataNotice, userDataNotice$, type UserDataNotice as Notice } from '@atelier/platform';
import { Banner, Button } from '@atelier/ui';
import { useEffect, useState } from 'react';

import { SHELL_MESSAGES } from '../messages';

export function UserDataNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const sub = userDataNotice$.subscribe(setNotice);
    return () => sub.unsubscribe();
  }, []);
  if (!notice) return null;
  return (
    <Banner tone={notice.tone}>
      {notice.text}{' '}
      <Button $variant="secondary" onClick={dismissUserDataNotice}>
        {SHELL_MESSAGES.dismiss}
      </Button>
    </Banner>
  );
}
