import { act, render, screen, waitFor } from '@testing-library/react';
import { i18n, PlatformProviders, queryClient } from 'platform';
import { ok, stubApi } from 'platform/testing';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { streamingCountKey } from './api/get-streaming-count';
import { StreamingCounter } from './streaming-counter';

i18n.addResourceBundle('ru', 'shell', ru);
i18n.addResourceBundle('en', 'shell', en);

function renderAt(address: string) {
  return render(
    <PlatformProviders>
      <MemoryRouter initialEntries={[address]}>
        <StreamingCounter />
      </MemoryRouter>
    </PlatformProviders>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('ru');
});

describe('the header’s figure of live streams', () => {
  it('reads the first value, then follows what the presence socket pushes', async () => {
    stubApi({ 'GET /model/streaming-count': () => ok({ count: 2 }) });
    const { container } = renderAt('/');
    const counter = screen.getByTestId('streaming-counter');
    expect(await screen.findByText('2')).toBeTruthy();
    // The visible text ("2 в эфире") is part of the accessible name.
    expect(counter.getAttribute('aria-label')).toBe('2 в эфире: смотреть трансляции');
    act(() => queryClient.setQueryData(streamingCountKey, { count: 1 }));
    await waitFor(() => expect(counter.textContent).toBe('1 в эфире'));
    await expectNoAxeViolations(container);
  });

  it('leads to the live strip of the listing it is on, else of the home page', () => {
    stubApi({ 'GET /model/streaming-count': () => ok({ count: 0 }) });
    const { unmount } = renderAt('/category/massage?page=2&city=kazan');
    expect(screen.getByTestId('streaming-counter').getAttribute('href')).toBe(
      '/category/massage?page=2&city=kazan#live',
    );
    unmount();
    const off = renderAt('/price');
    expect(screen.getByTestId('streaming-counter').getAttribute('href')).toBe('/#live');
    off.unmount();
    renderAt('/category/unknown?city=spb');
    expect(screen.getByTestId('streaming-counter').getAttribute('href')).toBe('/#live');
  });
});
