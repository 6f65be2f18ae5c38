import type { ReleaseGuardBody } from 'contracts/telemetry';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../testing/admin';
import { testAppForFile } from '../../testing/create-test-app';
import { batchOf, errorEvent, loadEvent, newSession, sendBeacon } from '../../testing/telemetry';
import { createRemoteRegistry } from '../releases/repository';
import { exceedsStable, guardReason } from './guard';

const t = testAppForFile();
const registry = () => createRemoteRegistry(t.db);
const pipeline = { name: 'pipeline' };

let made = 0;
/** A remote with a stable release and a canary of another at 50 %, each owning its own route. */
async function remoteWithCanary(remote: string) {
  const versions = [1, 2].map(() => {
    made += 1;
    return `1.${made}.0+${made.toString(16).padStart(12, '0')}`;
  });
  const [stable = '', canary = ''] = versions;
  for (const version of versions) {
    await registry().publish(
      { remote, version, entry: `/mfe/${remote}/${version}/mf-manifest.json`, routes: [`/${remote}`] },
      pipeline,
    );
  }
  await registry().change(remote, { action: 'promote', version: stable, reason: 'first' }, pipeline);
  await registry().change(
    remote,
    { action: 'canary', version: canary, percent: 50, reason: 'try' },
    pipeline,
  );
  return { stable: { remote, version: stable }, canary: { remote, version: canary } };
}

const channelOf = async (remote: string) =>
  (await registry().live()).find((entry) => entry.remote === remote);

/** A session that loaded the release, with an error when `troubled`. */
const session = async (release: { remote: string; version: string }, troubled: boolean) => {
  const events = [loadEvent(release), ...(troubled ? [errorEvent(release)] : [])];
  expect((await sendBeacon(t.app, batchOf(newSession(), ...events))).statusCode).toBe(204);
};

async function setGuard(settings: ReleaseGuardBody) {
  const { agent } = await signedInAdmin(t);
  expect((await agent.put('/api/admin-panel/releases/guard', settings)).statusCode).toBe(200);
}

describe('the release guard', () => {
  it('does nothing while off (the default), however bad the canary', async () => {
    const { canary } = await remoteWithCanary('mfe_guard_off');
    for (let i = 0; i < 60; i++) await session(canary, true);
    expect((await channelOf('mfe_guard_off'))?.canary?.version).toBe(canary.version);
  });

  it('on, rolls the canary back at its Nth troubled session and not before, recording why as `guard`', async () => {
    await setGuard({ enabled: true, sessions: 3, marginPercent: 5 });
    const { stable, canary } = await remoteWithCanary('mfe_guard_on');
    for (let i = 0; i < 3; i++) await session(stable, false);

    await session(canary, true);
    // A tab's second beacon is the same session: still one troubled session of the three needed.
    const tab = newSession();
    await sendBeacon(t.app, batchOf(tab, loadEvent(canary, { ok: false })));
    await sendBeacon(t.app, batchOf(tab, errorEvent(canary, { source: 'boundary' })));
    expect((await channelOf('mfe_guard_on'))?.canary?.version).toBe(canary.version);

    await session(canary, true);
    const channel = await channelOf('mfe_guard_on');
    expect(channel).toMatchObject({ canary: null, canaryPercent: 0 });
    expect(channel?.stable.version).toBe(stable.version);

    const { changes } = await registry().history('mfe_guard_on');
    expect(changes[0]).toMatchObject({
      action: 'rollback',
      fromVersion: canary.version,
      toVersion: stable.version,
      actor: 'guard',
      adminId: null,
      reason: 'guard: 3 of 3 sessions with errors (100 %) against stable 0 of 3 (0 %), margin 5 points',
    });
    // The releases screen's history names the guard too.
    const { agent } = await signedInAdmin(t);
    const view = (await agent.get('/api/admin-panel/releases'))
      .json()
      .remotes.find((entry: { remote: string }) => entry.remote === 'mfe_guard_on');
    expect(view.changes[0]).toMatchObject({ action: 'rollback', actor: 'guard' });
    // With the canary ended, the screen shows stable's figures and, beside them, those of the
    // release it rolled back: why it went.
    expect(
      view.figures.map((day: { version: string; sessions: number }) => [day.version, day.sessions]),
    ).toEqual([
      [stable.version, 3],
      [canary.version, 3],
    ]);

    // Past the rollback, the old canary's errors change nothing more: stable stays.
    await session(canary, true);
    expect((await channelOf('mfe_guard_on'))?.stable.version).toBe(stable.version);
    expect(
      (await registry().history('mfe_guard_on')).changes.filter((c) => c.actor === 'guard'),
    ).toHaveLength(1);
  });

  it('counts a failed load as trouble, as an error is', async () => {
    const { canary } = await remoteWithCanary('mfe_guard_loads');
    for (let i = 0; i < 3; i++) {
      await sendBeacon(t.app, batchOf(newSession(), loadEvent(canary, { ok: false })));
    }
    expect((await channelOf('mfe_guard_loads'))?.canary).toBeNull();
  });

  it('leaves a canary no worse than stable by more than the margin', async () => {
    const { stable, canary } = await remoteWithCanary('mfe_guard_even');
    for (let i = 0; i < 3; i++) await session(stable, true);
    for (let i = 0; i < 3; i++) await session(canary, true);
    expect((await channelOf('mfe_guard_even'))?.canary?.version).toBe(canary.version);
  });

  it('judges only the current canary: stable’s errors and an ended canary’s roll nothing back', async () => {
    const { stable, canary } = await remoteWithCanary('mfe_guard_stable');
    for (let i = 0; i < 5; i++) await session(stable, true);
    expect((await channelOf('mfe_guard_stable'))?.canary?.version).toBe(canary.version);

    // The administrator ends the canary first; the guard's late rollback of it is a no-op.
    await registry().change('mfe_guard_stable', { action: 'rollback', reason: 'by hand' }, pipeline);
    expect(
      await registry().rollbackCanary('mfe_guard_stable', canary.version, 'guard: late', { name: 'guard' }),
    ).toBe(false);
    const { changes } = await registry().history('mfe_guard_stable');
    expect(changes[0]).toMatchObject({ action: 'rollback', actor: 'pipeline' });
    expect((await channelOf('mfe_guard_stable'))?.stable.version).toBe(stable.version);
  });

  it('rolls a canary back once when its troubled beacons arrive together', async () => {
    const { canary } = await remoteWithCanary('mfe_guard_race');
    await session(canary, true);
    await session(canary, true);
    const answers = await Promise.all(
      [1, 2, 3].map(() => sendBeacon(t.app, batchOf(newSession(), errorEvent(canary)))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    const { changes } = await registry().history('mfe_guard_race');
    expect(changes.filter((change) => change.action === 'rollback')).toHaveLength(1);
  });
});

describe('the guard’s rule', () => {
  it.each([
    // canary troubled/sessions, stable troubled/sessions, margin, rolls back
    [3, 3, 0, 3, 5, true],
    [1, 3, 1, 3, 0, false],
    [2, 4, 1, 4, 25, false], // 50 % against 25 % + 25: equal is not more
    [2, 4, 1, 4, 24, true],
    [1, 20, 0, 0, 5, false], // 5 % against no stable sessions (0 %) + 5
    [2, 20, 0, 0, 5, true],
    [0, 0, 0, 0, 0, false],
  ])('canary %i of %i against stable %i of %i, margin %i: %s', (ct, cs, st, ss, margin, expected) => {
    expect(exceedsStable({ troubled: ct, sessions: cs }, { troubled: st, sessions: ss }, margin)).toBe(
      expected,
    );
  });

  it('writes a reason the registry accepts', () => {
    expect(guardReason({ troubled: 4, sessions: 4 }, { troubled: 0, sessions: 3 }, 5)).toBe(
      'guard: 4 of 4 sessions with errors (100 %) against stable 0 of 3 (0 %), margin 5 points',
    );
  });
});
