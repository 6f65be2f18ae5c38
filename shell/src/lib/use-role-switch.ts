import type { AccountType } from 'contracts';
import { useSetAtom } from 'jotai';
import { useSession } from 'platform';
import type { MouseEvent } from 'react';
import { sessionDialogAtom } from './session-dialog';

/**
 * For every link into an account area (header, menus, footer, 404 page): a signed-in account
 * of the other type is asked before switching accounts instead of being bounced back.
 */
export function useRoleSwitch(): {
  accountType: AccountType | null;
  guard: (target: AccountType, then?: () => void) => (event: MouseEvent) => void;
} {
  const session = useSession();
  const setDialog = useSetAtom(sessionDialogAtom);
  const accountType = session.status === 'authenticated' ? session.profile.accountType : null;
  const guard = (target: AccountType, then?: () => void) => (event: MouseEvent) => {
    if (accountType && accountType !== target) {
      event.preventDefault();
      setDialog({ kind: 'switch', to: target });
    }
    then?.();
  };
  return { accountType, guard };
}
