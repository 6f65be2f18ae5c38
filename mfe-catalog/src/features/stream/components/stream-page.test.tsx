import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StreamPage } from 'contracts/streams';
import { PlatformProviders } from 'platform';
import { nicknameStorageKey } from 'platform/streams';
import { apiError, FakeStreamSocket, ok, stubApi } from 'platform/testing';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { ModelCard } from '../../../components/model-card';
import ru from '../../../locales/ru.json';
import { createModelCard, createModelList } from '../../../testing/builders';
import { renderAt } from '../../../testing/render';

const remote = { id: 'remote-stream' } as unknown as MediaStream;
const media = vi.hoisted(() => ({
  publish: vi.fn(),
  setPaused: vi.fn(),
  onSignal: vi.fn(),
  close: vi.fn(),
  watch: vi.fn(),
}));
vi.mock('platform/streams-media', () => ({ createBrowserStreamMedia: () => media }));

// jsdom's <video> takes only its own MediaStream and cannot play: the test's stand-ins.
Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
  configurable: true,
  get(this: { fakeSource?: unknown }) {
    return this.fakeSource ?? null;
  },
  set(this: { fakeSource?: unknown }, value: unknown) {
    this.fakeSource = value;
  },
});
HTMLMediaElement.prototype.play = async () => undefined;

const page = (overrides: Partial<StreamPage> = {}): StreamPage => ({
  id: 9,
  channelId: 'Ch4nnel_Id-00001',
  profileId: 5,
  status: 'live',
  viewers: 1,
  chatEnabled: true,
  startedAt: '2026-01-01T10:00:00.000Z',
  endedAt: null,
  profile: createModelCard({ id: 5, name: 'Мила' }),
  ...overrides,
});

const welcome = (nickname: string | null = null) => ({
  type: 'welcome',
  role: 'viewer',
  state: { status: 'live', viewers: 2, chatEnabled: true },
  media: { provider: 'embedded', iceServers: [] },
  history: [
    { id: 'a', nickname: 'Мила', text: 'Привет всем', at: '2026-01-01T10:00:01.000Z', fromModel: true },
    {
      id: 'b',
      nickname: 'Гость',
      text: 'смотрите https://example.com',
      at: '2026-01-01T10:00:02.000Z',
      fromModel: false,
    },
  ],
  nickname,
});

async function openStream(answer = page()) {
  stubApi({
    'GET /streams/9/Ch4nnel_Id-00001': () => ok(answer),
    'GET /streams/9/wrong': () => apiError(404, 'NOT_FOUND'),
  });
  const view = renderAt('/stream/9/Ch4nnel_Id-00001', <CatalogRoutes />);
  await screen.findByTestId('stream-page');
  return view;
}

function connect(frame = welcome()) {
  const socket = FakeStreamSocket.latest();
  act(() => {
    socket.open();
    socket.receive(frame);
  });
  return socket;
}

beforeEach(() => {
  FakeStreamSocket.reset();
  sessionStorage.clear();
  vi.stubGlobal('WebSocket', FakeStreamSocket);
  media.watch.mockReset();
  media.watch.mockResolvedValue(remote);
});
afterEach(() => vi.unstubAllGlobals());

describe('the stream page', () => {
  it('plays the stream muted without a click, with the profile, viewers and a way to unmute', async () => {
    const { container } = await openStream();
    expect(screen.getByRole('heading', { level: 1, name: 'Мила: эфир' })).toBeTruthy();
    expect(within(screen.getByTestId('model-card')).getByText(/Мила/)).toBeTruthy();
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    expect(FakeStreamSocket.latest().url).toContain('/ws/stream?stream=9&channel=Ch4nnel_Id-00001');
    connect();
    const video = screen.getByTestId('stream-video') as HTMLVideoElement;
    await waitFor(() => expect(video.srcObject).toBe(remote));
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(screen.getByTestId('stream-viewers').textContent).toBe('2 зрителя');
    await userEvent.click(screen.getByRole('button', { name: ru.stream.unmute }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: ru.stream.mute }).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('shows the paused card while the model pauses, and clears it when she resumes', async () => {
    await openStream();
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    const socket = connect();
    act(() => socket.receive({ type: 'state', state: { status: 'paused', viewers: 2, chatEnabled: true } }));
    expect(screen.getByTestId('stream-paused').textContent).toBe(ru.stream.pausedCard);
    act(() => socket.receive({ type: 'state', state: { status: 'live', viewers: 3, chatEnabled: true } }));
    expect(screen.queryByTestId('stream-paused')).toBeNull();
  });

  it('lets a guest read, asks a nickname before the first line, keeps it for the session and sends', async () => {
    await openStream();
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    const socket = connect();
    const lines = screen.getAllByTestId('stream-chat-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Мила · модель Привет всем',
      'Гость смотрите https://example.com',
    ]);
    // Links are text.
    expect(within(screen.getByTestId('stream-chat')).queryByRole('link')).toBeNull();
    // The lines scroll in their box, which a keyboard reaches to scroll back through them.
    expect(screen.getByRole('list', { name: ru.stream.chat.lines }).tabIndex).toBe(0);

    const message = screen.getByRole('textbox', { name: ru.stream.chat.message });
    await userEvent.type(message, 'Добрый вечер');
    expect(screen.getByText('12 / 300')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: ru.stream.chat.send }));
    // No nickname yet: asked for one, nothing sent.
    expect(socket.sent).toEqual([]);
    const nickname = screen.getByRole('textbox', { name: ru.stream.chat.nickname });
    await userEvent.type(nickname, 'x');
    await userEvent.click(screen.getByRole('button', { name: ru.stream.chat.nicknameSave }));
    expect(await screen.findByText(ru.stream.errors.NICKNAME_INVALID)).toBeTruthy();
    await userEvent.type(nickname, 'ena');
    await userEvent.click(screen.getByRole('button', { name: ru.stream.chat.nicknameSave }));
    expect(socket.sent).toEqual([{ type: 'nickname', name: 'xena' }]);
    act(() => socket.receive({ type: 'nickname', name: 'xena' }));
    expect(sessionStorage.getItem(nicknameStorageKey(9))).toBe('xena');

    const again = screen.getByRole('textbox', { name: 'Сообщение от xena' });
    expect((again as HTMLInputElement).value).toBe('Добрый вечер');
    await userEvent.click(screen.getByRole('button', { name: ru.stream.chat.send }));
    expect(socket.sent.at(-1)).toEqual({ type: 'chat', text: 'Добрый вечер' });
    act(() => socket.receive({ type: 'error', code: 'CHAT_TOO_FAST' }));
    expect(screen.getByRole('alert').textContent).toBe(ru.stream.errors.CHAT_TOO_FAST);
    act(() => socket.receive({ type: 'error', code: 'MUTED' }));
    expect(screen.getByRole('alert').textContent).toBe(ru.stream.errors.MUTED);
  });

  it('says the stream ended when the server ends it, and opens no socket for one already over', async () => {
    await openStream();
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    const socket = connect();
    act(() => socket.receive({ type: 'ended', reason: 'blocked' }));
    expect(within(screen.getByTestId('stream-ended')).getByText(ru.stream.ended)).toBeTruthy();
    expect(screen.queryByTestId('stream-chat')).toBeNull();

    FakeStreamSocket.reset();
    await openStream(page({ status: 'ended', endedAt: '2026-01-01T11:00:00.000Z' }));
    expect(within(screen.getByTestId('stream-ended')).getByText(ru.stream.ended)).toBeTruthy();
    expect(FakeStreamSocket.all).toHaveLength(0);
  });

  it('answers a stream that never existed with the catalogue’s not-found page', async () => {
    stubApi({ 'GET /streams/9/wrong': () => apiError(404, 'NOT_FOUND') });
    renderAt('/stream/9/wrong', <CatalogRoutes />);
    expect(await screen.findByText(ru.notFound)).toBeTruthy();
    expect(FakeStreamSocket.all).toHaveLength(0);
  });
});

describe('the live-now strip', () => {
  it('shows who streams in this city and category, each leading to her stream', async () => {
    const calls = stubApi({
      'GET /model': () => ok(createModelList([createModelCard({ id: 1 })])),
      'GET /ads': () => ok({ ads: [] }),
      'GET /streams/live': () =>
        ok({ items: [{ ...page({ viewers: 4 }), profile: createModelCard({ id: 5, name: 'Мила' }) }] }),
    });
    renderAt('/category/massage?page=1&city=kazan', <CatalogRoutes />);
    const strip = await screen.findByTestId('live-strip');
    expect(strip.id).toBe('live');
    expect(within(strip).getByRole('heading', { name: ru.stream.strip.title })).toBeTruthy();
    const link = within(strip).getByRole('link', { name: /Мила/ });
    expect(link.getAttribute('href')).toBe('/stream/9/Ch4nnel_Id-00001');
    expect(link.textContent).toContain('4 зрителя');
    const asked = calls.find((call) => call.path === '/streams/live')?.url.searchParams;
    expect(asked?.get('city')).toBe('kazan');
    expect(asked?.get('category')).toBe('massage');
  });

  it('is not there when nobody streams', async () => {
    stubApi({
      'GET /model': () => ok(createModelList([createModelCard({ id: 1 })])),
      'GET /ads': () => ok({ ads: [] }),
      'GET /streams/live': () => ok({ items: [] }),
    });
    renderAt('/category/massage?page=1', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');
    await waitFor(() => expect(screen.queryByTestId('live-strip')).toBeNull());
  });
});

describe('the live badge', () => {
  it('marks a card whose model is live, and only that one', () => {
    render(
      <PlatformProviders>
        <MemoryRouter>
          <ModelCard model={createModelCard({ id: 1, liveStream: { id: 3, channelId: 'c' } })} />
          <ModelCard model={createModelCard({ id: 2, liveStream: null })} />
        </MemoryRouter>
      </PlatformProviders>,
    );
    const [live, quiet] = screen.getAllByTestId('model-card');
    expect(within(live as HTMLElement).getByTestId('live-badge').textContent).toBe(ru.card.live);
    expect(within(quiet as HTMLElement).queryByTestId('live-badge')).toBeNull();
  });
});
