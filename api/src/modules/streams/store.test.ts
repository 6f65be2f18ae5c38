import { CHAT_HISTORY_LINES } from 'contracts/streams';
import { describe, expect, it } from 'vitest';
import { createMemoryStreamStore } from './store';

const opened = async () => {
  const store = createMemoryStreamStore();
  await store.open(1, { profileId: 5, accountId: 7, profileName: 'Анна', status: 'live', chatEnabled: true });
  return store;
};

const line = (n: number) => ({ id: `l${n}`, nickname: 'Ник', text: `строка ${n}`, at: '', fromModel: false });

describe('the memory stream store', () => {
  it(`keeps the latest ${CHAT_HISTORY_LINES} lines, oldest first, and removes one by id`, async () => {
    const store = await opened();
    for (let n = 1; n <= CHAT_HISTORY_LINES + 5; n++) await store.addLine(1, line(n));
    const history = await store.history(1);
    expect(history).toHaveLength(CHAT_HISTORY_LINES);
    expect(history[0]?.id).toBe('l6');
    expect(history.at(-1)?.id).toBe(`l${CHAT_HISTORY_LINES + 5}`);
    expect(await store.removeLine(1, 'l10')).toBe(true);
    expect(await store.removeLine(1, 'l10')).toBe(false);
    expect((await store.history(1)).map((l) => l.id)).not.toContain('l10');
  });

  it('counts viewer sockets and keeps the peak', async () => {
    const store = await opened();
    await store.addViewer(1, 'a');
    await store.addViewer(1, 'b');
    await store.addViewer(1, 'b');
    expect(await store.removeViewer(1, 'a')).toEqual({ viewers: 1, peakViewers: 2 });
    expect(await store.addViewer(2, 'a')).toBeNull();
    expect(await store.close(1)).toMatchObject({ viewers: 1, peakViewers: 2 });
    expect(await store.get(1)).toBeNull();
  });

  it('gives a nickname to one visitor (any case), lets it change name, and mutes by name', async () => {
    const store = await opened();
    expect(await store.claimNickname(1, 'v1', 'Ник')).toBe(true);
    expect(await store.claimNickname(1, 'v2', 'НИК')).toBe(false);
    expect(await store.claimNickname(1, 'v1', 'Другой')).toBe(true);
    expect(await store.claimNickname(1, 'v2', 'ник')).toBe(true);
    expect(await store.nicknameOf(1, 'v1')).toBe('Другой');
    await store.mute(1, 'другой');
    expect(await store.isMuted(1, 'Другой')).toBe(true);
    expect(await store.isMuted(1, 'ник')).toBe(false);
  });

  it('paces lines per chatter', async () => {
    const store = await opened();
    expect(await store.takeLineSlot(1, 'v1', 1_000, 1_000)).toBe(true);
    expect(await store.takeLineSlot(1, 'v1', 1_999, 1_000)).toBe(false);
    expect(await store.takeLineSlot(1, 'v2', 1_999, 1_000)).toBe(true);
    expect(await store.takeLineSlot(1, 'v1', 2_000, 1_000)).toBe(true);
  });
});
