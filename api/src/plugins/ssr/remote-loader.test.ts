import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  createRemoteLoader,
  type FetchedFile,
  integrityOf,
  matchesIntegrity,
  runCommonJs,
} from './remote-loader';

const shared = { react: { marker: 'the host react' } };

const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    {
      path: './routes',
      assets: {
        js: { sync: ['__federation_expose_routes.1.js'], async: ['9.js'] },
        css: { sync: ['__federation_expose_routes.1.css'], async: ['9.css'] },
      },
    },
  ],
});

const serverFile = (version: number) =>
  `const react = require('react'); module.exports = { version: ${version}, react };`;

/** A file server whose files and validators the test changes, counting requests. */
function files(initial: Record<string, string>) {
  const contents = { ...initial };
  const requests: string[] = [];
  const fetchFile = async (url: string, headers: Record<string, string>): Promise<FetchedFile> => {
    requests.push(url);
    const body = contents[url];
    if (body === undefined) return { status: 404, body: '', etag: undefined };
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (headers['if-none-match'] === etag) return { status: 304, body: '', etag };
    return { status: 200, body, etag };
  };
  return { contents, requests, fetchFile };
}

const css = (base: string) => ({
  [`${base}__federation_expose_routes.1.css`]: '.a{}',
  [`${base}9.css`]: '.b{}',
});

const check = (module: unknown) => module as { version: number; react: unknown };

describe('remote server builds', () => {
  it('run with the host’s shared modules and nothing else', () => {
    const exported = runCommonJs(serverFile(1), 'remote.js', shared) as { react: unknown };
    expect(exported.react).toBe(shared.react);
    expect(() => runCommonJs("require('node:fs')", 'remote.js', shared)).toThrow(/does not share/);
    expect(() => runCommonJs('throw new Error("broken")', 'remote.js', shared)).toThrow('broken');
  });

  it('are loaded once, revalidated after the interval, and run again only when changed', async () => {
    const server = files({
      '/mfe/c/server/remoteEntry.js': serverFile(1),
      '/mfe/c/mf-manifest.json': manifest,
      ...css('/mfe/c/'),
    });
    let now = 0;
    const loader = createRemoteLoader({ fetchFile: server.fetchFile, shared, revalidateMs: 1_000, check });
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const first = await loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json');
      expect(first.module.version).toBe(1);
      expect(first.styles).toEqual([
        {
          file: '__federation_expose_routes.1.css',
          url: '/mfe/c/__federation_expose_routes.1.css',
          text: '.a{}',
        },
        { file: '9.css', url: '/mfe/c/9.css', text: '.b{}' },
      ]);
      expect(first.scripts).toEqual(['/mfe/c/remoteEntry.js', '/mfe/c/__federation_expose_routes.1.js']);
      expect(server.requests).toHaveLength(4);
      server.requests.length = 0;

      // Within the interval: from memory.
      now = 500;
      await loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json');
      expect(server.requests).toHaveLength(0);

      // After it, unchanged (304): the same module object.
      now = 1_600;
      const again = await loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json');
      expect(again.module).toBe(first.module);
      expect(server.requests).toHaveLength(2);

      // A deploy: the new build runs.
      server.contents['/mfe/c/server/remoteEntry.js'] = serverFile(2);
      now = 3_000;
      const deployed = await loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json');
      expect(deployed.module.version).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('fail when the file is missing or throws, and concurrent requests share one load', async () => {
    const server = files({
      '/mfe/c/mf-manifest.json': manifest,
      '/broken.js': 'throw new Error("boom")',
      ...css('/mfe/c/'),
    });
    const loader = createRemoteLoader({ fetchFile: server.fetchFile, shared, revalidateMs: 1_000, check });
    await expect(loader.get('/missing.js', '/mfe/c/mf-manifest.json')).rejects.toThrow(/404/);
    await expect(loader.get('/broken.js', '/mfe/c/mf-manifest.json')).rejects.toThrow('boom');

    server.contents['/ok.js'] = serverFile(3);
    server.requests.length = 0;
    const loads = await Promise.all(
      Array.from({ length: 5 }, () => loader.get('/ok.js', '/mfe/c/mf-manifest.json')),
    );
    expect(new Set(loads.map((loaded) => loaded.module)).size).toBe(1);
    expect(server.requests).toHaveLength(4);
  });

  it('find a remote’s assets on another origin next to its manifest', async () => {
    const server = files({
      'https://cdn.example/catalog/server/remoteEntry.js': serverFile(1),
      'https://cdn.example/catalog/mf-manifest.json': manifest,
      ...css('https://cdn.example/catalog/'),
    });
    const loader = createRemoteLoader({ fetchFile: server.fetchFile, shared, revalidateMs: 1_000, check });
    const loaded = await loader.get(
      'https://cdn.example/catalog/server/remoteEntry.js',
      'https://cdn.example/catalog/mf-manifest.json',
    );
    expect(loaded.styles[0]?.url).toBe('https://cdn.example/catalog/__federation_expose_routes.1.css');
    expect(loaded.scripts[0]).toBe('https://cdn.example/catalog/remoteEntry.js');
  });

  it('run a file only when its bytes match the hash the registry pins, and none unpinned where pins are required', async () => {
    const ran: number[] = [];
    const pinnedFile = `globalThis.__ranRemote = (globalThis.__ranRemote || 0) + 1; module.exports = { version: 1 };`;
    const server = files({
      '/mfe/c/server/remoteEntry.js': pinnedFile,
      '/mfe/c/mf-manifest.json': manifest,
      ...css('/mfe/c/'),
    });
    const pin = integrityOf(pinnedFile);
    expect(pin).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const counted = () => (globalThis as { __ranRemote?: number }).__ranRemote ?? 0;
    const before = counted();
    const loader = createRemoteLoader({ fetchFile: server.fetchFile, shared, revalidateMs: 0, check });
    expect(
      (await loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json', pin)).module.version,
    ).toBe(1);
    ran.push(counted() - before);

    // One byte changed on the server (a tampered copy): refused before it runs.
    server.contents['/mfe/c/server/remoteEntry.js'] = `${pinnedFile} `;
    await expect(loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json', pin)).rejects.toThrow(
      /integrity/,
    );
    await expect(
      loader.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json', 'sha384-not+a+hash'),
    ).rejects.toThrow(/integrity/);
    ran.push(counted() - before);
    expect(ran).toEqual([1, 1]);

    // Where pins are required (production), an unpinned file is not even fetched.
    const strict = createRemoteLoader({
      fetchFile: server.fetchFile,
      shared,
      revalidateMs: 0,
      check,
      requireIntegrity: true,
    });
    server.requests.length = 0;
    await expect(strict.get('/mfe/c/server/remoteEntry.js', '/mfe/c/mf-manifest.json')).rejects.toThrow(
      /no integrity/,
    );
    expect(server.requests).toEqual([]);
  });

  it('compare pins in any SRI algorithm and refuse malformed ones', () => {
    expect(matchesIntegrity('x', integrityOf('x', 'sha256'))).toBe(true);
    expect(matchesIntegrity('x', integrityOf('x', 'sha512'))).toBe(true);
    expect(matchesIntegrity('y', integrityOf('x'))).toBe(false);
    expect(matchesIntegrity('x', integrityOf('x').replace('sha384', 'md5'))).toBe(false);
    expect(matchesIntegrity('x', '')).toBe(false);
  });

  it('let go of releases no page asks for, and of the least recently asked for past the cap', async () => {
    // Releases 1 to 4 of a remote, each under its own path, as deploys publish them.
    const release = (n: number) => ({
      server: `/mfe/c/${n}/server/remoteEntry.js`,
      manifest: `/mfe/c/${n}/mf-manifest.json`,
    });
    const server = files(
      Object.fromEntries(
        [1, 2, 3, 4].flatMap((n) => [
          [release(n).server, serverFile(n)],
          [release(n).manifest, manifest],
          ...Object.entries(css(`/mfe/c/${n}/`)),
        ]),
      ),
    );
    let now = 0;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      let ran = 0;
      const loader = createRemoteLoader({
        fetchFile: server.fetchFile,
        shared,
        revalidateMs: 1_000,
        check: (module) => {
          ran += 1;
          return check(module);
        },
        keepIdleMs: 60_000,
        maxLoaded: 2,
      });
      const get = (n: number) => loader.get(release(n).server, release(n).manifest);
      // How many times a server file was run (a revalidation answered 304 runs nothing).
      const runs = () => ran;

      await get(1);
      now = 30_000;
      await get(2);
      expect(loader.size()).toBe(2);
      // Release 1 is asked for again (a visitor of its channel): it is the more recently used.
      now = 40_000;
      await get(1);
      // Past the cap, release 2 (least recently asked for) goes; 1 and 3 stay.
      now = 50_000;
      await get(3);
      expect(loader.size()).toBe(2);
      const before = runs();
      await get(1);
      expect(runs()).toBe(before);
      await get(2);
      expect(runs()).toBe(before + 1);

      // Nobody asks for 1 or 3 for longer than keepIdleMs: loading 4 lets them go.
      now = 200_000;
      await get(4);
      expect(loader.size()).toBe(1);
      const dropped = runs();
      expect((await get(3)).module.version).toBe(3);
      expect(runs()).toBe(dropped + 1);
    } finally {
      Date.now = realNow;
    }
  });

  it('hold nothing of a release it let go, so its code can be collected', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const server = files({
      '/mfe/c/1/server/remoteEntry.js': serverFile(1),
      '/mfe/c/1/mf-manifest.json': manifest,
      ...css('/mfe/c/1/'),
      '/mfe/c/2/server/remoteEntry.js': serverFile(2),
      '/mfe/c/2/mf-manifest.json': manifest,
      ...css('/mfe/c/2/'),
    });
    const loader = createRemoteLoader({
      fetchFile: server.fetchFile,
      shared,
      revalidateMs: 0,
      check,
      maxLoaded: 1,
    });
    const loaded = async (n: number) =>
      new WeakRef(
        (await loader.get(`/mfe/c/${n}/server/remoteEntry.js`, `/mfe/c/${n}/mf-manifest.json`)).module,
      );
    const first = await loaded(1);
    const second = await loaded(2);
    // deref() keeps its object alive to the end of the current job: each look is followed by a
    // tick before the next collection.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
    let gone = false;
    for (let attempt = 0; attempt < 5 && !gone; attempt++) {
      await tick();
      collect();
      await tick();
      gone = first.deref() === undefined;
    }
    expect(gone).toBe(true);
    expect(second.deref()?.version).toBe(2);
  });
});
