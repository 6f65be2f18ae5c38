import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformProviders } from '../providers';
import { queryClient } from '../query/query-client';
import { store } from '../state/store';
import { createProfile } from '../testing/builders';
import { LOGOUT_RESULT_KEY, logout, takeLogoutResult } from './logout';
import { useSession } from './session';
import { REFRESH_FLAG_KEY, refreshFlagAtom, watchRefreshFlag } from './session-flag';

const profile = createProfile();
const wrapper = ({ children }: { children: ReactNode }) => <PlatformProviders>{children}</PlatformProviders>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  store.set(refreshFlagAtom, null);
  fetchMock = vi.fn(async () => Response.json({ profile, canRefresh: false }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useSession', () => {
  it('is authenticated only when the profile answers with an accountRole', async () => {
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    queryClient.clear();
    fetchMock.mockImplementation(async () =>
      Response.json({ profile: { ...profile, accountRole: undefined }, canRefresh: false }),
    );
    const second = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(second.result.current.status).toBe('guest'));
  });

  it('is a guest after one call that does not fail, when there is no session to refresh', async () => {
    fetchMock.mockImplementation(async () => Response.json({ profile: null, canRefresh: false }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('guest'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/session']);
  });

  it('refreshes a session whose access token ran out, then asks again', async () => {
    let refreshed = false;
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/auth/refresh')) {
        refreshed = true;
        return Response.json({ ok: true });
      }
      return Response.json(refreshed ? { profile, canRefresh: false } : { profile: null, canRefresh: true });
    });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/auth/session',
      '/api/auth/refresh',
      '/api/auth/session',
    ]);
  });

  it('is a guest when the refresh is refused', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/auth/refresh')
        ? Response.json({ code: 'UNAUTHORIZED' }, { status: 401 })
        : Response.json({ profile: null, canRefresh: true }),
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('guest'));
  });

  it('does not ask for the profile while localStorage refresh is "false"', async () => {
    store.set(refreshFlagAtom, 'false');
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('guest');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('watchRefreshFlag', () => {
  it('re-reads the flag every second and on storage events', async () => {
    vi.useFakeTimers();
    const stop = watchRefreshFlag(store, 1000);
    localStorage.setItem(REFRESH_FLAG_KEY, 'false');
    await vi.advanceTimersByTimeAsync(999);
    expect(store.get(refreshFlagAtom)).toBeNull();
    await vi.advanceTimersByTimeAsync(2);
    expect(store.get(refreshFlagAtom)).toBe('false');

    localStorage.setItem(REFRESH_FLAG_KEY, 'true');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_FLAG_KEY }));
    });
    expect(store.get(refreshFlagAtom)).toBe('true');
    stop();
  });
});

describe('logout', () => {
  it('clears everything and navigates even when the logout call fails, then keeps the failure for the next page', async () => {
    localStorage.setItem('lang', 'en');
    localStorage.setItem('promo', 'WELCOME');
    sessionStorage.setItem('visit_tracked', '1');
    queryClient.setQueryData(['models', 'list'], { items: [] });
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const navigate = vi.fn();
    render(<div />, { wrapper });

    await logout('/login/girl', { navigate });

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem(REFRESH_FLAG_KEY)).toBe('false');
    expect(localStorage.getItem('promo')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    // Only the result survives, for the page after the reload, and it is read once.
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem(LOGOUT_RESULT_KEY)).toBe('error');
    expect(queryClient.getQueryData(['models', 'list'])).toBeUndefined();
    expect(store.get(refreshFlagAtom)).toBe('false');
    expect(navigate).toHaveBeenCalledWith('/login/girl');
    expect(takeLogoutResult()).toBe('error');
    expect(takeLogoutResult()).toBeNull();
  });

  it('reports success when the server ended the session', async () => {
    fetchMock.mockImplementation(async () => Response.json({ ok: true }));
    const navigate = vi.fn();
    await logout('/', { navigate });
    expect(takeLogoutResult()).toBe('success');
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
