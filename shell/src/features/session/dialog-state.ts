import { atom } from 'jotai';
import type { SessionDialog } from './session-dialogs';

/** Which session dialog is open; the header, the menus and the footer can all open one. */
export const sessionDialogAtom = atom<SessionDialog | null>(null);
