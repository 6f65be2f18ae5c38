import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformProviders } from 'platform';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteArea } from './remote-area';

const loadRemoteRoutes = vi.hoisted(() => vi.fn());
vi.mock('platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('platform')>()),
  loadRemoteRoutes,
}));

function renderArea() {
  return render(
    <PlatformProviders>
      <MemoryRouter>
        <p>header stays</p>
        <RemoteArea name="catalog" />
      </MemoryRouter>
    </PlatformProviders>,
  );
}

beforeEach(() => {
  loadRemoteRoutes.mockReset();
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

  it('keeps a remote that throws while rendering inside its box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteRoutes.mockResolvedValue({
      default: () => {
        throw new Error('render failure');
      },
    });
    renderArea();
    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();
    expect(screen.getByText('header stays')).toBeTruthy();
  });
});
