import { render, screen, waitFor } from '@testing-library/react';
import { i18n, PlatformProviders, queryClient, refreshFlagAtom, store } from 'platform';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createProfile, ok, stubApi } from 'platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccessGuard } from './access-guard';

const profile = (accountType: 'girl' | 'advister') => createProfile({ accountType });

function renderAt(path: string) {
  return render(
    <PlatformProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login/:type" element={<p>login page</p>} />
          <Route path="/profile/*" element={<AccessGuard>model cabinet</AccessGuard>} />
          <Route path="/advister/*" element={<AccessGuard>advertiser office</AccessGuard>} />
        </Routes>
      </MemoryRouter>
    </PlatformProviders>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  store.set(refreshFlagAtom, null);
  await i18n.changeLanguage('ru');
});

describe('AccessGuard', () => {
  it('shows a loading text while the session is unknown, then the area for its account type', async () => {
    let answer: (value: Response) => void = () => undefined;
    stubApi({ 'GET /auth/session': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt('/profile/analytics');
    expect(screen.getByRole('status').textContent).toBe('Загрузка…');
    answer(ok({ profile: profile('girl'), canRefresh: false }));
    expect(await screen.findByText('model cabinet')).toBeTruthy();
  });

  it('sends a guest to the login page of the area', async () => {
    stubApi({ 'GET /auth/session': () => ok({ profile: null, canRefresh: false }) });
    renderAt('/advister/ads');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('sends an account of the wrong type to its own area', async () => {
    stubApi({ 'GET /auth/session': () => ok({ profile: profile('girl'), canRefresh: false }) });
    renderAt('/advister/create');
    await waitFor(() => expect(screen.getByText('model cabinet')).toBeTruthy());
  });
});
