import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformProviders, type RemoteName } from 'platform';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteArea } from './remote-area';

const { loadRemoteRoutes, measureRemoteLoad, reportBoundaryError } = vi.hoisted(() => ({
  loadRemoteRoutes: vi.fn(),
  // The timing itself is the platform's (its telemetry tests): here, which loads are timed.
  measureRemoteLoad: vi.fn((_name: string, load: () => Promise<unknown>) => load()),
  reportBoundaryError: vi.fn(),
}));
vi.mock('platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('platform')>()),
  loadRemoteRoutes,
  measureRemoteLoad,
  reportBoundaryError,
}));

/** Each test its own remote: a remote's first lazy load (and its failure) lasts for the page. */
function renderArea(name: RemoteName = 'catalog') {
  return render(
    <PlatformProviders>
      <MemoryRouter>
        <p>header stays</p>
        <RemoteArea name={name} />
      </MemoryRouter>
    </PlatformProviders>,
  );
}

beforeEach(() => {
  loadRemoteRoutes.mockReset();
  measureRemoteLoad.mockClear();
  reportBoundaryError.mockReset();
});

describe('RemoteArea', () => {
  it('shows a translated fallback when the remote cannot load, and Retry loads it again', async () => {
    loadRemoteRoutes
      .mockRejectedValueOnce(new Error('manifest 404'))
      .mockResolvedValueOnce({ default: () => <h1>catalog content</h1> });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderArea();

    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.textContent).toContain('Этот раздел сейчас не загрузился');
    expect(screen.getByText('header stays')).toBeTruthy();
    await expectNoAxeViolations(container);

    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'catalog content' })).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenCalledTimes(2);
  });

  it('times every load of the remote, the failed one and the retry, and reports each fallback with its release', async () => {
    const failure = new Error('manifest 404');
    loadRemoteRoutes
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({ default: () => <h1>catalog content</h1> });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea('admin');

    await screen.findByTestId('remote-fallback');
    // No registry registered here: the remote runs no release of the registry's, its version is null.
    expect(reportBoundaryError).toHaveBeenCalledWith('admin', null, failure);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('heading', { name: 'catalog content' });
    expect(measureRemoteLoad.mock.calls.map(([name]) => name)).toEqual(['admin', 'admin']);
    expect(reportBoundaryError).toHaveBeenCalledOnce();
  });

  it('keeps a remote that throws while rendering inside its box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteRoutes.mockResolvedValue({
      default: () => {
        throw new Error('render failure');
      },
    });
    renderArea('auth');
    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();
    expect(screen.getByText('header stays')).toBeTruthy();
    expect(reportBoundaryError).toHaveBeenCalledWith(
      'auth',
      null,
      expect.objectContaining({ message: 'render failure' }),
    );
  });
});
