import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerRegistry, resetVersionSkew } from 'platform';
import { ok, stubApi } from 'platform/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter } from 'react-router-dom';
import { useReloadOnWithdrawnRelease } from './use-reload-withdrawn';

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
}));

const RUNNING = '1.4.0+aaaaaaaaaaaa';

function Page({ reload }: { reload: () => void }) {
  useReloadOnWithdrawnRelease(reload);
  return (
    <nav>
      <Link to="/price">price</Link>
      <Link to="/girl/1">profile</Link>
    </nav>
  );
}

function runCatalog(version: string | null) {
  registerRegistry(
    {
      mfe_catalog: version
        ? { entry: `/mfe/catalog/${version}/mf-manifest.json`, version, routes: ['/', '/price', '/girl/:id'] }
        : { entry: '/mfe/catalog/mf-manifest.json', routes: ['/', '/price', '/girl/:id'] },
    },
    'http://site.test/',
  );
}

afterEach(() => {
  resetVersionSkew();
  vi.useRealTimers();
});

describe('a tab whose release was withdrawn', () => {
  it('loads afresh at its next navigation, not before', async () => {
    runCatalog(RUNNING);
    const calls = stubApi({
      'GET /releases/withdrawn': () =>
        ok({ withdrawn: [{ remote: 'mfe_catalog', version: RUNNING, at: '2026-11-27T10:00:00.000Z' }] }),
    });
    const reload = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page reload={reload} />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Seen, but the visitor is reading: nothing happens until they navigate.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'price' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('navigates in the page while its releases stand, asking at most every 15 s', async () => {
    runCatalog(RUNNING);
    const calls = stubApi({
      'GET /releases/withdrawn': () =>
        ok({
          withdrawn: [
            { remote: 'mfe_catalog', version: '1.3.0+bbbbbbbbbbbb', at: '2026-11-27T10:00:00.000Z' },
          ],
        }),
    });
    const reload = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page reload={reload} />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await userEvent.click(screen.getByRole('link', { name: 'price' }));
    await userEvent.click(screen.getByRole('link', { name: 'profile' }));
    expect(reload).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('never asks when the tab runs no release (every remote from the registry file)', async () => {
    runCatalog(null);
    const calls = stubApi({});
    const reload = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page reload={reload} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'price' }));
    expect(calls).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
