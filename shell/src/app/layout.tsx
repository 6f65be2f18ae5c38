import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { store, useRemoteForPath, watchRefreshFlag } from 'platform';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '../components/footer';
import { Header } from './header';
import { streamingCountKey } from '../features/navigation/api/get-streaming-count';
import { CategoryNav } from '../features/navigation/category-nav';
import { usePresence } from '../features/presence/use-presence';
import { useReloadOnWithdrawnRelease } from '../features/releases/use-reload-withdrawn';
import { sessionDialogAtom } from '../lib/session-dialog';
import { SessionDialogs } from '../features/session/session-dialogs';
import styles from './layout.module.css';

export function Layout() {
  const [dialog, setDialog] = useAtom(sessionDialogAtom);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The header's figure of live streams follows what the presence socket pushes.
  usePresence((count) => queryClient.setQueryData(streamingCountKey, { count }));
  // Signing in or out in another tab reaches this one within a second.
  useEffect(() => watchRefreshFlag(store), []);
  // A tab whose release was rolled back loads afresh at its next navigation.
  useReloadOnWithdrawnRelease();
  const owner = useRemoteForPath(pathname);
  // The sign-in pages bring their own layout (logo, language switch, artwork): no site chrome.
  if (owner === 'auth') {
    return (
      <main id="main">
        <ScrollRestoration />
        <Outlet />
      </main>
    );
  }
  return (
    <div className={styles.page}>
      <ScrollRestoration />
      <Header />
      <CategoryNav />
      <SessionDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
