import type { AccountType } from 'contracts';
import { atom } from 'jotai';

export type SessionDialog =
  | { kind: 'logout'; accountType: AccountType }
  /** A girl pressing the advertiser office, or an advertiser pressing "post a profile". */
  | { kind: 'switch'; to: AccountType };

/** Which session dialog is open; the header, the menus and the footer can all open one. */
export const sessionDialogAtom = atom<SessionDialog | null>(null);
