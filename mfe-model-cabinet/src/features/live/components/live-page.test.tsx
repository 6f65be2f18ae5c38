import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StreamSummary } from 'contracts/streams';
import { FakeStreamSocket } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { createOwnProfile } from '../../../testing/profiles-builders';
import { apiError, called, ok, renderAt, stubApi } from '../../../testing/render';
import LivePage from './live-page';

const media = vi.hoisted(() => ({
  publish: vi.fn(async () => undefined),
  setPaused: vi.fn(),
  onSignal: vi.fn(),
  close: vi.fn(),
  watch: vi.fn(),
}));
vi.mock('platform/streams-media', () => ({ createBrowserStreamMedia: () => media }));

function fakeStream() {
  const track = (kind: string, deviceId: string) => ({
    kind,
    enabled: true,
    stop: vi.fn(),
    getSettings: () => ({ deviceId }),
  });
  const tracks = [track('video', 'cam-1'), track('audio', 'mic-1')];
  return { getTracks: () => tracks } as unknown as MediaStream;
}

function giveCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(getUserMedia),
      enumerateDevices: async () => [
        { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
        { kind: 'videoinput', deviceId: 'cam-2', label: 'Back camera' },
        { kind: 'audioinput', deviceId: 'mic-1', label: 'Microphone' },
      ],
    },
  });
}

const summary = (overrides: Partial<StreamSummary> = {}): StreamSummary => ({
  id: 5,
  channelId: 'abcdefgh12345678',
  profileId: 1,
  status: 'live',
  viewers: 0,
  chatEnabled: true,
  startedAt: '2026-01-01T10:00:00.000Z',
  endedAt: null,
  ...overrides,
});

const welcome = {
  type: 'welcome',
  role: 'model',
  state: { status: 'live', viewers: 0, chatEnabled: true },
  media: { provider: 'embedded', iceServers: [] },
  history: [
    {
      id: 'l1',
      nickname: 'Гость',
      text: 'https://example.com привет',
      at: '2026-01-01T10:00:01.000Z',
      fromModel: false,
    },
    { id: 'l2', nickname: 'Анна', text: 'Здравствуйте', at: '2026-01-01T10:00:02.000Z', fromModel: true },
  ],
  nickname: null,
};

// jsdom's <video> takes only its own MediaStream; the test's stand-in is kept as given.
Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
  configurable: true,
  get(this: { fakeSource?: unknown }) {
    return this.fakeSource ?? null;
  },
  set(this: { fakeSource?: unknown }, value: unknown) {
    this.fakeSource = value;
  },
});

beforeEach(() => {
  FakeStreamSocket.reset();
  vi.stubGlobal('WebSocket', FakeStreamSocket);
  media.publish.mockClear();
  media.setPaused.mockClear();
  giveCamera(async () => fakeStream());
});
afterEach(() => vi.unstubAllGlobals());

describe('the live screen', () => {
  it('tells a model with no listed profile why, and leads to her profiles', async () => {
    stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile({ status: 'pending' })] }),
      'GET /own-profiles/streams/current': () => ok({ stream: null }),
    });
    const { container } = renderAt('/profile/live', <LivePage />);
    const card = await screen.findByTestId('live-no-profile');
    expect(within(card).getByText(ru.live.empty.text)).toBeTruthy();
    expect(within(card).getByRole('link', { name: ru.live.empty.link }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('says the camera is not available, with what to do, when the browser refuses it', async () => {
    giveCamera(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile()] }),
      'GET /own-profiles/streams/current': () => ok({ stream: null }),
    });
    const { container } = renderAt('/profile/live', <LivePage />);
    const problem = await screen.findByTestId('camera-unavailable');
    expect(within(problem).getByRole('heading', { name: ru.live.camera.unavailable })).toBeTruthy();
    expect(within(problem).getByText(ru.live.camera.help.denied)).toBeTruthy();
    expect((screen.getByRole('button', { name: ru.live.setup.start }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await expectNoAxeViolations(container);
    // Allowed now: "try again" asks once more and shows the preview.
    giveCamera(async () => fakeStream());
    await userEvent.click(within(problem).getByRole('button', { name: ru.live.camera.retry }));
    await screen.findByTestId('camera-preview');
  });

  it('starts the chosen profile with the chat switch, then publishes her camera and runs the chat', async () => {
    const calls = stubApi({
      'GET /profiles': () =>
        ok({
          items: [
            createOwnProfile({ id: 1, draft: { name: 'Анна' } }),
            createOwnProfile({ id: 2, draft: { name: 'Вера' } }),
            createOwnProfile({ id: 3, status: 'saved', draft: { name: 'Черновик' } }),
          ],
        }),
      'GET /own-profiles/streams/current': () => ok({ stream: null }),
      'POST /own-profiles/2/stream': () => ok(summary({ profileId: 2, chatEnabled: false }), { status: 201 }),
    });
    renderAt('/profile/live', <LivePage />);
    const profile = await screen.findByRole('combobox', { name: ru.live.setup.profile });
    // Only listed profiles can go live.
    expect(
      within(profile)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Анна', 'Вера']);
    await userEvent.selectOptions(profile, '2');
    await screen.findByRole('combobox', { name: ru.live.devices.camera });
    await userEvent.click(screen.getByRole('switch', { name: ru.live.chatSwitch }));
    await userEvent.click(screen.getByRole('button', { name: ru.live.setup.start }));
    await waitFor(() => expect(called(calls, '/own-profiles/2/stream')).toBe(true));
    expect(calls.find((call) => call.path === '/own-profiles/2/stream')?.body).toEqual({
      chatEnabled: false,
    });

    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    const socket = FakeStreamSocket.latest();
    expect(socket.url).toContain('/ws/stream?stream=5&channel=abcdefgh12345678');
    act(() => {
      socket.open();
      socket.receive(welcome);
    });
    await waitFor(() => expect(media.publish).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(ru.live.broadcast.on)).toBeTruthy();

    act(() => socket.receive({ type: 'state', state: { status: 'live', viewers: 3, chatEnabled: true } }));
    expect(screen.getByTestId('viewer-count').textContent).toBe('3 зрителя');

    const lines = screen.getAllByTestId('chat-line');
    // The lines scroll in their box, which a keyboard reaches to scroll back through them.
    expect(screen.getByRole('list', { name: ru.live.chat.lines }).tabIndex).toBe(0);
    // A link is shown as text.
    expect(within(lines[0] as HTMLElement).queryByRole('link')).toBeNull();
    // Her own line is marked and has nothing to remove or mute.
    expect(within(lines[1] as HTMLElement).getByText('Анна (вы)')).toBeTruthy();
    expect(within(lines[1] as HTMLElement).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Удалить сообщение Гость' }));
    await userEvent.click(screen.getByRole('button', { name: 'Заглушить Гость до конца эфира' }));
    await userEvent.type(screen.getByRole('textbox', { name: ru.live.chat.message }), 'Спасибо всем');
    await userEvent.click(screen.getByRole('button', { name: ru.live.chat.send }));
    expect(socket.sent).toEqual([
      { type: 'remove', lineId: 'l1' },
      { type: 'mute', nickname: 'Гость' },
      { type: 'chat', text: 'Спасибо всем' },
    ]);
    act(() => socket.receive({ type: 'removed', lineId: 'l1' }));
    expect(screen.getAllByTestId('chat-line')).toHaveLength(1);
    // A refusal of her own line is said, in her language.
    act(() => socket.receive({ type: 'error', code: 'CHAT_TOO_FAST' }));
    expect(screen.getByRole('alert').textContent).toBe(ru.live.chat.errors.CHAT_TOO_FAST);
  });

  it('says "failed to create stream" when starting fails for no reason the API gives', async () => {
    stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile()] }),
      'GET /own-profiles/streams/current': () => ok({ stream: null }),
      'POST /own-profiles/1/stream': () => apiError(500, 'INTERNAL'),
    });
    renderAt('/profile/live', <LivePage />);
    await screen.findByTestId('camera-preview');
    await userEvent.click(screen.getByRole('button', { name: ru.live.setup.start }));
    expect((await screen.findByRole('alert')).textContent).toBe(ru.live.errors.create);
    expect(FakeStreamSocket.all).toHaveLength(0);
  });

  it('finds her stream after a reload, pauses and resumes it, and says "error stopping stream"', async () => {
    const calls = stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile()] }),
      'GET /own-profiles/streams/current': () => ok({ stream: summary({ viewers: 1 }) }),
      'POST /streams/5/pause': () => ok(summary({ status: 'paused' })),
      'POST /streams/5/resume': () => ok(summary()),
      'POST /streams/5/stop': () => apiError(500, 'INTERNAL'),
    });
    const { container } = renderAt('/profile/live', <LivePage />);
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    act(() => {
      FakeStreamSocket.latest().open();
      FakeStreamSocket.latest().receive(welcome);
    });
    await waitFor(() => expect(media.publish).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: ru.live.actions.pause }));
    await screen.findByTestId('paused-card');
    expect(media.setPaused).toHaveBeenLastCalledWith(true);
    // The server's broadcast of the same state keeps it paused.
    act(() =>
      FakeStreamSocket.latest().receive({
        type: 'state',
        state: { status: 'paused', viewers: 1, chatEnabled: true },
      }),
    );
    expect(screen.getByTestId('paused-card')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: ru.live.actions.resume }));
    await waitFor(() => expect(screen.queryByTestId('paused-card')).toBeNull());
    expect(media.setPaused).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: ru.live.actions.stop }));
    expect((await screen.findByRole('alert')).textContent).toBe(ru.live.errors.stop);
    expect(called(calls, '/streams/5/stop')).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('shows why the stream ended when the server ends it (a block)', async () => {
    stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile()] }),
      'GET /own-profiles/streams/current': () => ok({ stream: summary() }),
    });
    renderAt('/profile/live', <LivePage />);
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    act(() => {
      FakeStreamSocket.latest().open();
      FakeStreamSocket.latest().receive(welcome);
      FakeStreamSocket.latest().receive({ type: 'ended', reason: 'blocked' });
    });
    expect(
      within(await screen.findByTestId('stream-over')).getByText(ru.live.ended.reason.blocked),
    ).toBeTruthy();
  });

  it('asks for the camera she picks, by its device id', async () => {
    stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile()] }),
      'GET /own-profiles/streams/current': () => ok({ stream: null }),
    });
    renderAt('/profile/live', <LivePage />);
    const camera = await screen.findByRole('combobox', { name: ru.live.devices.camera });
    expect(
      within(camera)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Front camera', 'Back camera']);
    await userEvent.selectOptions(camera, 'cam-2');
    await waitFor(() =>
      expect(navigator.mediaDevices.getUserMedia).toHaveBeenLastCalledWith({
        video: { deviceId: { exact: 'cam-2' } },
        audio: true,
      }),
    );
  });

  it('switches the chat off during the stream', async () => {
    const calls = stubApi({
      'GET /profiles': () => ok({ items: [createOwnProfile()] }),
      'GET /own-profiles/streams/current': () => ok({ stream: summary() }),
      'PATCH /streams/5': () => ok(summary({ chatEnabled: false })),
    });
    renderAt('/profile/live', <LivePage />);
    await waitFor(() => expect(FakeStreamSocket.all).toHaveLength(1));
    act(() => {
      FakeStreamSocket.latest().open();
      FakeStreamSocket.latest().receive(welcome);
    });
    const chatSwitch = await screen.findByRole('switch', { name: ru.live.chatSwitch });
    expect((chatSwitch as HTMLInputElement).checked).toBe(true);
    await userEvent.click(chatSwitch);
    await waitFor(() => expect((chatSwitch as HTMLInputElement).checked).toBe(false));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ chatEnabled: false });
    expect(screen.getByText(ru.live.chat.off)).toBeTruthy();
  });
});
