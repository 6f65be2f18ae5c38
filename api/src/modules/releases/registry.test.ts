import type { RemoteChannelsView } from 'contracts/releases';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { remoteChannelChanges } from '../../db/schema';
import { createAccount } from '../../testing/builders';
import { signedInAdmin } from '../../testing/admin';
import { createAgent } from '../../testing/agent';
import { testAppForFile } from '../../testing/create-test-app';
import { registryForVisitor } from './registry';

const TOKEN = 'a-release-token-of-at-least-32-characters';
const t = testAppForFile({ releaseToken: TOKEN });

const hex = (n: number) => n.toString(16).padStart(12, '0');
let made = 0;
/** A new version of `remote`, with its files under /mfe/<remote>/<version>/. */
function releaseOf(remote: string, routes: string[], extra: Record<string, unknown> = {}) {
  made += 1;
  const version = `1.${made}.0+${hex(made)}`;
  return {
    remote,
    version,
    entry: `/mfe/${remote}/${version}/mf-manifest.json`,
    routes,
    ...extra,
  };
}

const asPipeline = { authorization: `Bearer ${TOKEN}` };
const publish = (body: unknown, headers: Record<string, string> = asPipeline) =>
  t.app.inject({ method: 'POST', url: '/api/releases', headers, payload: body as object });
const change = (remote: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/releases/${remote}`,
    headers: asPipeline,
    payload: body as object,
  });
const rowsOf = async (table: string) =>
  (
    (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;

describe('publishing a release', () => {
  it('refuses a pipeline without this server’s token, and records nothing', async () => {
    const release = releaseOf('mfe_news', ['/news']);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await publish(release, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await rowsOf('remote_releases')).toBe(0);
  });

  it('refuses every pipeline when the server has no token', async () => {
    const { createTestApp } = await import('../../testing/create-test-app');
    const other = await createTestApp();
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/releases',
        headers: { authorization: 'Bearer ' },
        payload: releaseOf('mfe_news', ['/news']),
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('records a version once: the same again is answered as before, other files under it are refused', async () => {
    const release = releaseOf('mfe_news', ['/news', '/news/:slug']);
    const first = await publish(release);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      remote: 'mfe_news',
      created: true,
      release: { version: release.version, routes: ['/news', '/news/:slug'], publishedBy: 'pipeline' },
    });
    const again = await publish(release);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, release: { version: release.version } });

    const overwrite = await publish({ ...release, entry: `/mfe/mfe_news/other/mf-manifest.json` });
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json()).toMatchObject({ code: 'RELEASE_EXISTS' });
    const view = (
      await change('mfe_news', { action: 'promote', version: release.version, reason: 'first' })
    ).json();
    expect(view.releases).toHaveLength(1);
    expect(view.releases[0].entry).toBe(release.entry);
  });

  it.each([
    [{ version: '1.0.0' }, 'version', 'validation.releaseVersion'],
    [{ entry: 'http://cdn.example/m.json' }, 'entry', 'validation.releaseFile'],
    [{ routes: ['model/:id'] }, 'routes.0', 'validation.releaseRoute'],
    [{ remote: '../etc' }, 'remote', 'validation.remoteName'],
    [{ ssr: '/mfe/x/server/remoteEntry.js' }, 'integrity', 'validation.releaseIntegrity'],
  ])(
    'refuses %j with the message key of its field (translated by the screens)',
    async (override, field, message) => {
      const before = await rowsOf('remote_releases');
      const response = await publish({ ...releaseOf('mfe_bad', ['/bad']), ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
      expect(await rowsOf('remote_releases')).toBe(before);
    },
  );
});

describe('the channels of a remote', () => {
  it('promote, canary, rollback of the canary, promote, rollback of stable: each one change with its history', async () => {
    const v1 = releaseOf('mfe_shop', ['/shop']);
    const v2 = releaseOf('mfe_shop', ['/shop', '/shop/:item']);
    const v3 = releaseOf('mfe_shop', ['/shop']);
    for (const release of [v1, v2, v3]) expect((await publish(release)).statusCode).toBe(200);

    // A canary needs a stable version to be measured against.
    const early = await change('mfe_shop', {
      action: 'canary',
      version: v2.version,
      percent: 10,
      reason: 'try',
    });
    expect(early.statusCode).toBe(409);

    let view: RemoteChannelsView = (
      await change('mfe_shop', { action: 'promote', version: v1.version, reason: 'first release' })
    ).json();
    expect(view).toMatchObject({ stable: v1.version, canary: null, canaryPercent: 0 });

    view = (
      await change('mfe_shop', { action: 'canary', version: v2.version, percent: 50, reason: 'new page' })
    ).json();
    expect(view).toMatchObject({ stable: v1.version, canary: v2.version, canaryPercent: 50 });
    const same = await change('mfe_shop', {
      action: 'canary',
      version: v1.version,
      percent: 5,
      reason: 'same',
    });
    expect(same.json()).toMatchObject({ code: 'ALREADY_STABLE' });

    view = (await change('mfe_shop', { action: 'rollback', reason: 'errors went up' })).json();
    expect(view).toMatchObject({ stable: v1.version, canary: null, canaryPercent: 0 });

    view = (await change('mfe_shop', { action: 'promote', version: v3.version, reason: 'checked' })).json();
    expect(view.stable).toBe(v3.version);
    view = (await change('mfe_shop', { action: 'rollback', reason: 'a bad day' })).json();
    expect(view.stable).toBe(v1.version);
    // Rolled back once, there is no earlier stable to go to: nothing is changed.
    const none = await change('mfe_shop', { action: 'rollback', reason: 'again' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NOTHING_TO_ROLL_BACK' });

    const history = (
      await t.app.inject({ method: 'GET', url: '/api/releases/mfe_shop', headers: asPipeline })
    ).json();
    expect(
      history.changes.map(
        (line: { action: string; fromVersion: string | null; toVersion: string | null }) => [
          line.action,
          line.fromVersion,
          line.toVersion,
        ],
      ),
    ).toEqual([
      ['rollback', v3.version, v1.version],
      ['promote', v1.version, v3.version],
      ['rollback', v2.version, v1.version],
      ['canary', null, v2.version],
      ['promote', null, v1.version],
      ['publish', null, v3.version],
      ['publish', null, v2.version],
      ['publish', null, v1.version],
    ]);
    expect(history.changes[0]).toMatchObject({ reason: 'a bad day', actor: 'pipeline' });
  });

  it('refuses an unknown version and a version of another remote', async () => {
    const own = releaseOf('mfe_blog', ['/blog']);
    const other = releaseOf('mfe_wiki', ['/wiki']);
    await publish(own);
    await publish(other);
    for (const version of ['9.9.9+aaaaaaaaaaaa', other.version]) {
      const response = await change('mfe_blog', { action: 'promote', version, reason: 'try' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'RELEASE_NOT_FOUND',
        message: 'Такой версии нет среди опубликованных',
      });
    }
  });

  it('refuses a release claiming a path another remote’s live release owns, naming the path and the owner', async () => {
    const news = releaseOf('mfe_press', ['/press', '/press/:id']);
    await publish(news);
    await change('mfe_press', { action: 'promote', version: news.version, reason: 'live' });

    const clash = await publish(releaseOf('mfe_media', ['/media-room', '/Press/:slug']));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'ROUTE_CONFLICT',
      message: 'Адрес /Press/:slug уже принадлежит модулю mfe_press',
      params: { route: '/Press/:slug', remote: 'mfe_press' },
    });
  });

  it('checks again at promotion: of two releases published before either was live, the second cannot go live', async () => {
    const first = releaseOf('mfe_left', ['/zone']);
    const second = releaseOf('mfe_right', ['/ZONE']);
    expect((await publish(first)).statusCode).toBe(200);
    expect((await publish(second)).statusCode).toBe(200);
    expect(
      (await change('mfe_left', { action: 'promote', version: first.version, reason: 'live' })).statusCode,
    ).toBe(200);
    const refused = await change('mfe_right', { action: 'promote', version: second.version, reason: 'live' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ROUTE_CONFLICT', params: { remote: 'mfe_left' } });
    const view = (
      await t.app.inject({ method: 'GET', url: '/api/releases/mfe_right', headers: asPipeline })
    ).json();
    expect(view).toMatchObject({ stable: null, canary: null });
  });

  it('serialises changes made at once: each is recorded, and the channels end as the last left them', async () => {
    const releases = [
      releaseOf('mfe_race', ['/race']),
      releaseOf('mfe_race', ['/race']),
      releaseOf('mfe_race', ['/race']),
    ];
    for (const release of releases) await publish(release);
    await change('mfe_race', { action: 'promote', version: releases[0]?.version, reason: 'base' });
    const answers = await Promise.all(
      [1, 2].map((i) =>
        change('mfe_race', {
          action: 'canary',
          version: releases[i]?.version,
          percent: i * 10,
          reason: `canary ${i}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const view = (
      await t.app.inject({ method: 'GET', url: '/api/releases/mfe_race', headers: asPipeline })
    ).json();
    const canaries = view.changes.filter((line: { action: string }) => line.action === 'canary');
    expect(canaries).toHaveLength(2);
    // The later of the two changes is what the channels show.
    expect(view.canary).toBe(canaries[0].toVersion);
    expect(view.canaryPercent).toBe(canaries[0].canaryPercent);
  });
});

describe('the releases screen’s API', () => {
  it('gives a remote’s history 50 changes at a time, the earlier ones before a change, for administrators only', async () => {
    // A long history: 120 changes (written as the registry writes them, without 120 requests).
    const release = releaseOf('mfe_paged', ['/paged']);
    expect((await publish(release)).statusCode).toBe(200);
    await t.db.insert(remoteChannelChanges).values(
      Array.from({ length: 119 }, (_, i) => ({
        remote: 'mfe_paged',
        action: 'promote' as const,
        fromVersion: null,
        toVersion: release.version,
        reason: `turn ${i}`,
        actor: 'pipeline',
      })),
    );
    const { agent } = await signedInAdmin(t);
    const screen = (await agent.get('/api/admin-panel/releases')).json();
    const view = screen.remotes.find((remote: { remote: string }) => remote.remote === 'mfe_paged');
    const total = await rowsOf("remote_channel_changes where remote = 'mfe_paged'");
    expect(total).toBe(120);
    expect(view.changes).toHaveLength(50);
    expect(view.moreChanges).toBe(true);

    const ids: number[] = view.changes.map((line: { id: number }) => line.id);
    let before = ids.at(-1);
    for (let more = true; more; ) {
      const page = await agent.get(`/api/admin-panel/releases/mfe_paged/changes?before=${before}`);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      ids.push(...body.changes.map((line: { id: number }) => line.id));
      more = body.more;
      before = ids.at(-1);
    }
    // Every change once, newest first, the first published last.
    expect(ids).toHaveLength(total ?? 0);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);

    const bad = await agent.get('/api/admin-panel/releases/mfe_paged/changes?before=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { before: 'validation.invalidQuery' },
    });
    const model = createAgent(t.app);
    await model.signInAs((await createAccount(t.db, { accountType: 'girl' })).id);
    expect((await model.get(`/api/admin-panel/releases/mfe_paged/changes?before=${ids[0]}`)).statusCode).toBe(
      403,
    );
  });

  it('lists every remote of the platform, with channels where it has releases, for administrators only', async () => {
    const model = createAgent(t.app);
    await model.signInAs((await createAccount(t.db, { accountType: 'girl' })).id);
    expect((await model.get('/api/admin-panel/releases')).statusCode).toBe(403);

    const { agent, account } = await signedInAdmin(t);
    const body = (await agent.get('/api/admin-panel/releases')).json();
    const names = body.remotes.map((remote: { remote: string }) => remote.remote);
    // The platform's remotes, and those pipelines published (mfe_news has releases and no channel).
    expect(names).toEqual(
      expect.arrayContaining(['mfe_catalog', 'mfe_auth', 'mfe_admin', 'mfe_shop', 'mfe_news', 'mfe_blog']),
    );
    expect(body.remotes.find((remote: { remote: string }) => remote.remote === 'mfe_catalog')).toMatchObject({
      stable: null,
      releases: [],
    });

    const release = releaseOf('mfe_catalog', ['/']);
    await publish(release);
    const promoted = await agent.post('/api/admin-panel/releases/mfe_catalog', {
      action: 'promote',
      version: release.version,
      reason: 'first versioned catalogue',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ stable: release.version });
    expect(promoted.json().changes[0]).toMatchObject({
      actor: `admin:${account.id}`,
      reason: 'first versioned catalogue',
    });

    const short = await agent.post('/api/admin-panel/releases/mfe_catalog', {
      action: 'rollback',
      reason: 'x',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      fields: { reason: 'validation.reasonTooShort' },
    });
  });
});

describe('the registry a visitor loads', () => {
  const stable = {
    remote: 'mfe_catalog',
    version: '1.0.0+aaaaaaaaaaaa',
    entry: '/s.json',
    ssr: '/s.js',
    integrity: 'sha384-s',
    routes: ['/'],
  };
  const canary = {
    ...stable,
    version: '1.1.0+bbbbbbbbbbbb',
    entry: '/c.json',
    ssr: '/c.js',
    integrity: 'sha384-c',
  };
  const row = (fields: typeof stable) => ({
    ...fields,
    id: 1,
    publishedBy: 'pipeline',
    createdAt: new Date(),
  });
  const live = (percent: number) => [
    { remote: 'mfe_catalog', stable: row(stable), canary: row(canary), canaryPercent: percent },
  ];

  it('keeps the file’s records of remotes without channels, and names the chosen release with its version and routes', () => {
    const registry = registryForVisitor({ mfe_auth: '/mfe/auth/mf-manifest.json' }, live(0), 'visitor-1');
    expect(registry).toEqual({
      mfe_auth: '/mfe/auth/mf-manifest.json',
      mfe_catalog: {
        entry: '/s.json',
        ssr: '/s.js',
        integrity: 'sha384-s',
        version: stable.version,
        routes: ['/'],
      },
    });
  });

  it('sends about the canary’s share of visitors to it, each always to the same one', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => `visitor-${i}`);
    const onCanary = ids.filter((id) => {
      const record = registryForVisitor({}, live(30), id).mfe_catalog;
      const again = registryForVisitor({}, live(30), id).mfe_catalog;
      expect(again).toEqual(record);
      return typeof record === 'object' && record.version === canary.version;
    });
    expect(Math.abs(onCanary.length / ids.length - 0.3)).toBeLessThan(0.03);
    // A canary visitor's record names the canary's server entry and hash, not stable's.
    expect(registryForVisitor({}, live(100), 'anyone').mfe_catalog).toMatchObject({
      ssr: '/c.js',
      integrity: 'sha384-c',
    });
  });
});
