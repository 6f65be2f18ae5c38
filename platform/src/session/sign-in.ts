import { queryClient } from '../query/query-client';
import { store } from '../state/store';
import { refreshFlagAtom, writeRefreshFlag } from './session-flag';
import { type SessionProfile, sessionKeys } from './session';

/** After the server started a session: tell every tab, and seed the profile the answer carried. */
export function markSignedIn(profile?: SessionProfile): void {
  writeRefreshFlag('true');
  store.set(refreshFlagAtom, 'true');
  if (profile) queryClient.setQueryData(sessionKeys.profile(), profile);
  else void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}
