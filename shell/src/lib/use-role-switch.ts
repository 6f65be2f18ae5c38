import { useQueryClient } from '@tanstack/react-query';
import type { AccountType } from 'contracts';
import { useSetAtom } from 'jotai';
import { homeOf, profileQueryOptions, useSession } from 'platform';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionDialogAtom } from './session-dialog';

/**
 * For every link into an account area (header, menus, footer, 404 page): a signed-in account
 * of the other type is asked before switching accounts instead of being bounced back. A click
 * while the session is still being asked for waits for its answer (the same request, not a
 * second one), then asks or follows the link, so a quick click on a fresh page is no exception.
 */
export function useRoleSwitch(): {
  accountType: AccountType | null;
  guard: (target: AccountType, then?: () => void) => (event: MouseEvent) => void;
} {
  const session = useSession();
  const setDialog = useSetAtom(sessionDialogAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accountType = session.status === 'authenticated' ? session.profile.accountType : null;
  const guard = (target: AccountType, then?: () => void) => (event: MouseEvent) => {
    if (session.status === 'loading') {
      event.preventDefault();
      then?.();
      void queryClient
        .fetchQuery(profileQueryOptions())
        .catch(() => null)
        .then((profile) => {
          if (profile?.accountRole && profile.accountType !== target)
            setDialog({ kind: 'switch', to: target });
          else navigate(homeOf(target));
        });
      return;
    }
    if (accountType && accountType !== target) {
      event.preventDefault();
      setDialog({ kind: 'switch', to: target });
    }
    then?.();
  };
  return { accountType, guard };
}
