import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistryChannels } from '../../modules/releases/registry';
import {
  bytesOf,
  compileTemplate,
  createPageRenderer,
  inProcessResponse,
  queriesJson,
  utf8,
  type PageOutcome,
  type PageRendererOptions,
} from './page-renderer';
import { testAppForFile } from '../../testing/create-test-app';
import { createPageVersions } from './page-versions';
import { integrityOf } from './remote-loader';

/**
 * The renderer around the shell's server build: a stand-in build here (the real one is covered by
 * the e2e journeys), so that what the server does with a page is tested on its own: the head, the
 * status, the inlined styles, the cache, and what happens when a remote or the render fails.
 */

const TEMPLATE =
  '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="description" content="static" />' +
  '<title>Anketa</title><script defer src="/main.1.js"></script><link href="/main.1.css" rel="stylesheet"></head>' +
  '<body><div id="root"></div></body></html>';

/** The shell's server build, reduced to its contract: counts renders, names who rendered the area. */
const SHELL_SERVER = `
let renders = 0;
module.exports = {
  sharedModules: {},
  configure() {},
  ownerOf(pathname) {
    if (pathname.startsWith('/profile')) return 'modelCabinet';
    if (pathname === '/' || pathname === '/en' || pathname.startsWith('/girl') || pathname === '/boom') return 'catalog';
    return null;
  },
  async preparePage({ url, remoteName, remote }) {
    if (url.pathname === '/boom') throw new Error('render failed');
    const en = url.pathname.startsWith('/en');
    const render = renders++;
    return {
      dispose() { globalThis.disposedPages = (globalThis.disposedPages ?? 0) + 1; },
      status: remoteName ? (url.pathname === '/girl/7' ? 410 : 200) : 404,
      locale: en ? 'en' : 'ru',
      head: {
        title: 'Title <b>',
        description: 'Says "hi"',
        canonicalPath: remoteName && url.pathname !== '/girl/7' ? '/' : null,
        images: url.pathname === '/'
          ? [
              { src: '/media/p/1/w900.webp', srcSet: '/media/p/1/w300.webp 300w, /media/p/1/w900.webp 900w', sizes: '50vw' },
              { src: '/media/placeholder/"2".svg', sizes: '50vw' },
            ]
          : [],
      },
      state: {
        // TanStack Query's dehydrated state: the page's data, and a figure the page keeps current itself.
        queries: {
          mutations: [],
          queries: [
            { queryKey: ['note'], state: { data: '</script><script>alert(1)</script>\u2028\u2029', dataUpdatedAt: Date.now() } },
            { queryKey: ['data'], state: { data: globalThis.pageData ?? null, dataUpdatedAt: Date.now() } },
            { queryKey: ['online'], meta: { live: true }, state: { data: globalThis.onlineCount ?? 0, dataUpdatedAt: Date.now() } },
          ],
        },
        texts: {},
        locale: en ? 'en' : 'ru',
      },
      render(options) {
        const body = '<main>' + (remote ? 'server:' + remote.namespace : 'browser') + ' #' + render + '</main>';
        // /girl/22's part threw in the string render: the stream says so.
        if (url.pathname === '/girl/22') options.onError?.(new Error('a part failed'));
        setImmediate(() => options.onAllReady());
        return { pipe(destination) { destination.end(body); return destination; }, abort() {} };
      },
      // A shell build with React's string renderer: whole on /girl/21, a boundary left to the browser on /girl/22.
      ...(url.pathname === '/girl/21' || url.pathname === '/girl/22'
        ? {
            renderToString() {
              globalThis.stringRenders = (globalThis.stringRenders ?? 0) + 1;
              return url.pathname === '/girl/21'
                ? '<main>string:' + remote.namespace + ' #' + render + '</main>'
                : '<main><!--$!--><template></template><!--/$--></main>';
            },
          }
        : {}),
    };
  },
};
`;

let remoteServer = '';
const REMOTE_SERVER = `module.exports = { namespace: 'catalog', locales: { ru: {} }, Routes: function Routes() { return null; } };`;
const MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    {
      path: './routes',
      assets: { js: { sync: ['routes.2.js'], async: [] }, css: { sync: ['routes.2.css'], async: [] } },
    },
  ],
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp(
  options: Partial<PageRendererOptions> = {},
  ssr = '/mfe/catalog/server/remoteEntry.js',
  integrity?: string,
) {
  remoteServer = REMOTE_SERVER;
  (globalThis as { pageData?: unknown; onlineCount?: unknown }).pageData = undefined;
  (globalThis as { onlineCount?: unknown }).onlineCount = undefined;
  const root = mkdtempSync(path.join(tmpdir(), 'page-renderer-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'shell', 'dist-server'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), TEMPLATE);
  writeFileSync(path.join(root, 'shell', 'dist', 'main.1.css'), '.shell{color:red}');
  writeFileSync(path.join(root, 'shell', 'dist', 'boot.0123abcd.js'), '// boot');
  writeFileSync(path.join(root, 'shell', 'dist', 'ssr-assets.json'), JSON.stringify({ css: ['main.1.css'] }));
  writeFileSync(path.join(root, 'shell', 'dist-server', 'server.cjs'), SHELL_SERVER);
  const registryFile = path.join(root, 'remotes.json');
  writeFileSync(
    registryFile,
    JSON.stringify({
      mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', ssr, ...(integrity ? { integrity } : {}) },
      mfe_auth: '/mfe/auth/mf-manifest.json',
    }),
  );

  const instance = Fastify();
  app = instance;
  instance.get('/mfe/catalog/server/remoteEntry.js', (_request, reply) =>
    reply.type('text/javascript').send(remoteServer),
  );
  instance.get('/mfe/catalog/broken.js', (_request, reply) =>
    reply.type('text/javascript').send('throw new Error("x")'),
  );
  instance.get('/mfe/catalog/mf-manifest.json', (_request, reply) =>
    reply.type('application/json').send(MANIFEST),
  );
  instance.get('/mfe/catalog/routes.2.css', (_request, reply) =>
    reply.type('text/css').send('.remote{color:blue}</style>'),
  );
  const renderer = createPageRenderer(instance, { root, registryFile, cacheMs: 0, ...options });
  if (!renderer) throw new Error('no renderer');
  instance.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!(await renderer.handle(request, reply, pathname))) return reply.send('client-rendered');
    return reply;
  });
  return {
    renderer,
    inject: (url: string, headers: Record<string, string> = {}) =>
      instance.inject({ url, headers: { host: 'example.test:8080', ...headers } }),
  };
}

describe('the page renderer', () => {
  it('answers a page with its language, escaped head, canonical and alternate links, inlined styles and state', async () => {
    const { inject } = await setUp({ publicUrl: 'https://anketa.example/' });
    const page = await inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('<title>Title &lt;b&gt;</title>');
    expect(html).toContain('<meta name="description" content="Says &quot;hi&quot;" />');
    expect(html).toContain('<link rel="canonical" href="https://anketa.example/" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://anketa.example/en" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://anketa.example/" />');
    // Styles are in the page (the shell's and the remote's), the template's link is gone.
    expect(html).toContain('<style data-href="main.1.css">.shell{color:red}</style>');
    expect(html).toContain('<style data-href="routes.2.css">.remote{color:blue}<\\/style></style>');
    expect(html).not.toContain('<link href="/main.1.css" rel="stylesheet">');
    // The scripts (the template's and the remote's) start from boot.js, after the page's photos;
    // it is named by its content hash, as the shell build copies it.
    expect(html).toContain(
      '<script defer src="/boot.0123abcd.js" data-scripts="/main.1.js" data-preload="/mfe/catalog/remoteEntry.js /mfe/catalog/routes.2.js"></script></head>',
    );
    expect(html.match(/<script[^>]* src=/g)).toHaveLength(1);
    // The state cannot close its script block.
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u2028\\u2029');
    expect(html).not.toContain('</script><script>alert(1)');
    // Rendered by the remote's server build, inside the root element.
    expect(html).toMatch(/<div id="root"><main>server:catalog #\d+<\/main><\/div><\/body><\/html>$/);

    // The first photos are asked for ahead of every script (a browser has six connections per origin).
    const preloads =
      '<link rel="preload" as="image" href="/media/p/1/w900.webp" imagesrcset="/media/p/1/w300.webp 300w, ' +
      '/media/p/1/w900.webp 900w" imagesizes="50vw" fetchpriority="high" />' +
      '<link rel="preload" as="image" href="/media/placeholder/&quot;2&quot;.svg" fetchpriority="high" />';
    expect(html).toContain(`</title>${preloads}`);
    expect(html.indexOf(preloads)).toBeLessThan(html.indexOf('<script'));

    const english = await inject('/en');
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).not.toContain('as="image"');
    expect(english.body).toContain('<link rel="canonical" href="https://anketa.example/en" />');
  });

  it('names the configured origin in its links, never the Host a request sent, which a shared page would keep', async () => {
    const { inject } = await setUp({ cacheMs: 60_000 });
    const page = await app?.inject({
      url: '/',
      headers: { host: 'attacker.test', 'x-forwarded-host': 'attacker.test', 'x-forwarded-proto': 'https' },
    });
    expect(page?.statusCode).toBe(200);
    expect(page?.body).toContain('<link rel="canonical" href="http://localhost:8080/" />');
    expect(page?.body).not.toContain('attacker.test');
    // The next visitor's copy names the site too.
    expect((await inject('/')).body).toContain(
      '<link rel="alternate" hreflang="en" href="http://localhost:8080/en" />',
    );
    const odd = await app?.inject({ url: '/en', headers: { host: 'bad host/<x>' } });
    expect(odd?.statusCode).toBe(200);
    expect(odd?.body).toContain('<link rel="canonical" href="http://localhost:8080/en" />');
  });

  it('gives missing and gone pages their status and keeps them out of search engines', async () => {
    const { inject } = await setUp();
    const missing = await inject('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    expect(missing.body).not.toContain('rel="canonical"');
    const gone = await inject('/girl/7');
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('leaves the signed-in areas to the browser', async () => {
    const { inject } = await setUp();
    expect((await inject('/profile/settings')).body).toBe('client-rendered');
  });

  it('renders with the releases chosen for the visitor, and never shares a page rendered for another choice', async () => {
    // The visitor's choice as the registry makes it (modules/releases/registry.ts), by a header here.
    const channels: RegistryChannels = {
      async forRequest(base, request, page) {
        expect(page).toBe(true);
        const canary = request.headers['x-visitor'] === 'canary';
        const version = canary ? '1.1.0+bbbbbbbbbbbb' : '1.0.0+aaaaaaaaaaaa';
        const record = base.mfe_catalog;
        if (typeof record !== 'object')
          throw new Error('the fixture names the catalogue with its server entry');
        return { registry: { ...base, mfe_catalog: { ...record, version } }, key: `mfe_catalog@${version}` };
      },
    };
    await setUp({ cacheMs: 60_000, channels });
    const load = async (visitor: string) => {
      const page = await app?.inject({ url: '/', headers: { 'x-visitor': visitor } });
      expect(page?.statusCode).toBe(200);
      const state = JSON.parse(
        page?.body.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}',
      );
      return { version: state.registry?.mfe_catalog?.version, render: page?.body.match(/#(\d+)/)?.[1] };
    };
    const stable = await load('stable');
    expect(stable.version).toBe('1.0.0+aaaaaaaaaaaa');
    const canary = await load('canary');
    expect(canary.version).toBe('1.1.0+bbbbbbbbbbbb');
    // Rendered again for the other choice, then each choice's copy is shared within it.
    expect(canary.render).not.toBe(stable.render);
    expect(await load('stable')).toEqual(stable);
    expect(await load('canary')).toEqual(canary);
  });

  it('shares a rendered page for the cache time, until a write clears it', async () => {
    const { inject, renderer } = await setUp({ cacheMs: 60_000 });
    const first = (await inject('/?page=1')).body;
    expect((await inject('/?page=1')).body).toBe(first);
    // Another address is another page.
    expect((await inject('/?page=2')).body).not.toBe(first);
    // A shared page is compressed once and sent compressed to those who accept it.
    const compressed = await app?.inject({
      url: '/?page=1',
      headers: { host: 'example.test:8080', 'accept-encoding': 'gzip, br' },
    });
    expect(compressed?.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed?.rawPayload ?? Buffer.alloc(0)).toString('utf8')).toBe(first);
    const gzipped = await app?.inject({
      url: '/?page=1',
      headers: { host: 'example.test:8080', 'accept-encoding': 'gzip' },
    });
    expect(gzipped?.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped?.rawPayload ?? Buffer.alloc(0)).toString('utf8')).toBe(first);
    renderer.clear();
    expect((await inject('/?page=1')).body).not.toBe(first);
  });

  it('keys a shared page on the parameters it reads, in order, so made-up ones neither miss nor fill the cache', async () => {
    const { inject, renderer } = await setUp({ cacheMs: 60_000 });
    const home = (await inject('/')).body;
    const listing = (await inject('/?page=2&city=moscow')).body;
    const profile = (await inject('/girl/1?tab=data')).body;
    const size = renderer.size();
    expect(size).toBe(3);

    for (let index = 0; index < 1_000; index++) {
      const x = Math.random().toString(36).slice(2);
      const answer = await inject(`/?x=${x}`);
      expect(answer.statusCode).toBe(200);
      // The page rendered for `/`, never rendered again.
      expect(answer.body).toBe(home);
    }
    expect(renderer.size()).toBe(size);
    // The same parameters in another order, among made-up ones, are the same page.
    expect((await inject('/?utm_source=mail&city=moscow&x=1&page=2')).body).toBe(listing);
    expect((await inject('/girl/1?page=9&tab=data')).body).toBe(profile);
    expect(renderer.size()).toBe(size);
    // The page is rendered for the query it reads: nothing it does not read reaches it.
    expect(home).not.toContain('x=');
  });

  it('does not keep 404 pages, which any made-up path is', async () => {
    const { inject, renderer } = await setUp({ cacheMs: 60_000 });
    for (let index = 0; index < 20; index++) {
      expect((await inject(`/no-such-page-${index}`)).statusCode).toBe(404);
    }
    expect(renderer.size()).toBe(0);
  });

  it('renders the page without the remote when its server build is missing or throws, and does not keep that page', async () => {
    for (const ssr of ['/mfe/catalog/server/missing.js', '/mfe/catalog/broken.js']) {
      const { inject } = await setUp({ cacheMs: 60_000 }, ssr);
      const page = await inject('/');
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<main>browser #\d+<\/main>/);
      // The shell's styles are there; the remote's are not (its browser build brings them).
      expect(page.body).toContain('data-href="main.1.css"');
      expect(page.body).not.toContain('data-href="routes.2.css"');
      // Not cached: the next request tries the remote again.
      expect((await inject('/')).body).not.toBe(page.body);
      await app?.close();
      app = undefined;
    }
  });

  it('runs a remote server build in production only from this server or https, and only as the registry pins it', async () => {
    const strict = { strictRemotes: true };
    const pinned = await setUp(strict, undefined, integrityOf(REMOTE_SERVER));
    expect((await pinned.inject('/')).body).toMatch(/<main>server:catalog #\d+<\/main>/);
    await app?.close();

    // The file on the server is not the one the registry pinned (a tampered copy): not run.
    const tampered = await setUp(strict, undefined, integrityOf(`${REMOTE_SERVER}\n// changed`));
    const page = await tampered.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<main>browser #\d+<\/main>/);
    await app?.close();

    // No pin at all: not run in production; elsewhere it still is.
    const unpinned = await setUp(strict);
    expect((await unpinned.inject('/')).body).toMatch(/<main>browser #\d+<\/main>/);
    await app?.close();
    const development = await setUp();
    expect((await development.inject('/')).body).toMatch(/<main>server:catalog #\d+<\/main>/);
    await app?.close();

    // Plain http from another origin is not even fetched, pinned or not.
    const network = vi.spyOn(globalThis, 'fetch');
    try {
      const insecure = await setUp(
        strict,
        'http://cdn.example/catalog/server/remoteEntry.js',
        integrityOf(REMOTE_SERVER),
      );
      expect((await insecure.inject('/')).body).toMatch(/<main>browser #\d+<\/main>/);
      expect(network).not.toHaveBeenCalled();
    } finally {
      network.mockRestore();
    }
  });

  it("uses React's string renderer when the shell build has it, and the stream for a page it could not write whole", async () => {
    const { inject } = await setUp();
    const whole = await inject('/girl/21');
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toMatch(/<div id="root"><main>string:catalog #\d+<\/main><\/div>/);
    // The stream waits for what is pending and reports what failed.
    expect((await inject('/girl/22')).body).toMatch(
      /<div id="root"><main>server:catalog #\d+<\/main><\/div>/,
    );
  });

  it("lets go of each rendered page's data once it is written, by string or stream, and a shared page's once", async () => {
    const { inject } = await setUp({ cacheMs: 60_000 });
    const disposed = () => (globalThis as { disposedPages?: number }).disposedPages ?? 0;
    const before = disposed();
    await inject('/girl/21');
    expect(disposed()).toBe(before + 1);
    // Written by the string renderer, then again by the stream: let go once.
    await inject('/girl/22');
    expect(disposed()).toBe(before + 2);
    await inject('/');
    expect(disposed()).toBe(before + 3);
    // Sent from the shared copy: nothing was prepared.
    await inject('/');
    expect(disposed()).toBe(before + 3);
  });

  it('sends a page compressed as the browser accepts it: a page rendered for it as gzip by pieces where it may', async () => {
    const { inject } = await setUp();
    const plain = await inject('/');
    // The same page but for its render's number and the times its data was read at.
    const same = (html: string) => html.replace(/#\d+/, '#n').replace(/"dataUpdatedAt":\d+/g, '');
    const decoded = { gzip: gunzipSync, br: brotliDecompressSync };
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['br, gzip', 'gzip'],
      ['br', 'br'],
      ['br, gzip;q=0', 'br'],
      ['gzip;q=0.5, br', 'br'],
      ['*', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const compressed = await app?.inject({ url: '/', headers: { 'accept-encoding': accepted } });
      expect(compressed?.headers['content-encoding'], accepted).toBe(encoding);
      expect(compressed?.headers.vary).toContain('accept-encoding');
      const bytes = compressed?.rawPayload ?? Buffer.alloc(0);
      const text = (encoding ? decoded[encoding](bytes) : bytes).toString('utf8');
      expect(same(text), accepted).toBe(same(plain.body));
      if (encoding) expect(bytes.length, accepted).toBeLessThan(Buffer.byteLength(plain.body) / 2);
    }
  });

  it('answers a request naming the page it holds with a 304: the data read, the page not rendered', async () => {
    const { inject } = await setUp({ remoteRevalidateMs: 0 });
    const data = globalThis as { pageData?: unknown; stringRenders?: number; disposedPages?: number };
    const renders = () => data.stringRenders ?? 0;
    const first = await inject('/girl/21');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // The same page again, whoever asks: the same validator.
    expect((await inject('/girl/21')).headers.etag).toBe(etag);

    const rendered = renders();
    const disposed = data.disposedPages ?? 0;
    const again = await inject('/girl/21', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers).toMatchObject({
      etag,
      'cache-control': 'no-cache',
      'content-language': 'ru',
      vary: 'accept-encoding',
    });
    expect(renders()).toBe(rendered);
    // Its data is let go as a rendered page's is.
    expect(data.disposedPages).toBe(disposed + 1);
    // The tag in a list, as the strong tag a proxy may pass on, or *: the same.
    expect((await inject('/girl/21', { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await inject('/girl/21', { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
    expect((await inject('/girl/21', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // The data the page reads changed: the whole page, under a new tag; the old one names nothing.
    data.pageData = { price: 5000 };
    const changed = await inject('/girl/21', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('5000');
    expect(changed.headers.etag).not.toBe(etag);
    expect((await inject('/girl/21', { 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(
      304,
    );

    // The header's online count moved: the page keeps it current itself, so the page is the same.
    (globalThis as { onlineCount?: number }).onlineCount = 64;
    const counted = await inject('/girl/21', { 'if-none-match': String(changed.headers.etag) });
    expect(counted.statusCode).toBe(304);
    expect((await inject('/girl/21')).body).toContain('"data":64');

    // Another release of the remote's server code (the same address, registry and styles) writes
    // the body: another tag.
    remoteServer = `${REMOTE_SERVER}\n// another release`;
    const released = await inject('/girl/21', { 'if-none-match': String(changed.headers.etag) });
    expect(released.statusCode).toBe(200);
    expect(released.headers.etag).not.toBe(changed.headers.etag);
  });

  it('gives each address and language its own validator, and none to a missing or gone page', async () => {
    const { inject } = await setUp();
    const ru = await inject('/');
    const en = await inject('/en');
    const other = await inject('/girl/21');
    const second = await inject('/?page=2');
    const tags = [ru, en, other, second].map((page) => page.headers.etag);
    expect(new Set(tags).size).toBe(4);
    expect((await inject('/en', { 'if-none-match': String(ru.headers.etag) })).statusCode).toBe(200);

    // A page with a part left to the browser because its render threw is sent without one: the
    // part may render next time, and that copy is not to stay current.
    const partial = await inject('/girl/22');
    expect(partial.statusCode).toBe(200);
    expect(partial.body).toContain('<main>');
    expect(partial.headers.etag).toBeUndefined();

    for (const pathname of ['/nowhere', '/girl/7']) {
      const page = await inject(pathname);
      expect(page.statusCode).not.toBe(200);
      expect(page.headers.etag).toBeUndefined();
      expect((await inject(pathname, { 'if-none-match': '*' })).statusCode).toBe(page.statusCode);
    }
  });

  it('gives a page the same validator on every instance of a build, so a crawler behind a balancer gets its 304 anywhere', async () => {
    const one = await setUp();
    const tag = (await one.inject('/girl/21')).headers.etag;
    await app?.close();
    // Another process on the same files: the tag is made of content, not of the instance.
    const other = await setUp();
    expect((await other.inject('/girl/21')).headers.etag).toBe(tag);
    expect((await other.inject('/girl/21', { 'if-none-match': String(tag) })).statusCode).toBe(304);
  });

  it('answers a 304 from a shared page under the tag it was sent with', async () => {
    const { inject, renderer } = await setUp({ cacheMs: 60_000 });
    const first = await inject('/?page=1');
    const etag = String(first.headers.etag);
    const shared = await inject('/?page=1');
    expect(shared.body).toBe(first.body);
    expect(shared.headers.etag).toBe(etag);
    const again = await inject('/?page=1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Cleared by a write and read again unchanged: still the same page, so still a 304.
    renderer.clear();
    expect((await inject('/?page=1', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('falls back to the page the browser renders when rendering fails', async () => {
    const { inject } = await setUp();
    const page = await inject('/boom');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(TEMPLATE);
  });

  it('tells how each page it answers was made, and how long a render took', async () => {
    const outcomes: PageOutcome[] = [];
    const { inject } = await setUp({ cacheMs: 60_000, onPage: (outcome) => outcomes.push(outcome) });
    const first = await inject('/girl/21');
    await inject('/girl/21');
    await inject('/girl/21', { 'if-none-match': String(first.headers.etag) });
    await inject('/girl/22');
    await inject('/nowhere');
    await inject('/boom');
    await inject('/profile/settings');
    expect(outcomes.map(({ remote, result }) => `${remote} ${result}`)).toEqual([
      'catalog rendered',
      'catalog cache',
      'catalog not_modified',
      'catalog rerendered',
      'null rendered',
      'catalog failed',
    ]);
    const rendered = outcomes.filter(({ result }) => !['cache', 'failed', 'not_modified'].includes(result));
    for (const { seconds } of rendered) expect(seconds).toBeGreaterThan(0);
    expect(outcomes.find(({ result }) => result === 'cache')?.seconds).toBeUndefined();
    // A 304 is not a render: the renders' time is theirs alone.
    expect(outcomes.find(({ result }) => result === 'not_modified')?.seconds).toBeUndefined();
    await app?.close();

    // Without the remote's server code (here one that throws as it loads), its area is left to the browser.
    const unavailable: PageOutcome[] = [];
    const broken = await setUp({ onPage: (outcome) => unavailable.push(outcome) }, '/mfe/catalog/broken.js');
    await broken.inject('/');
    expect(unavailable).toEqual([
      { remote: 'catalog', result: 'area_in_browser', seconds: expect.any(Number) },
    ]);
  });
});

/**
 * Last-Modified and If-Modified-Since, on the real table of pages' dates (PGlite, or PostgreSQL
 * with DATABASE_URL): Yandex's crawler asks with a date, not a tag.
 */
describe("a page's date", () => {
  const t = testAppForFile();
  const versions = () => createPageVersions(t.db, t.app.dbKind);
  const data = globalThis as { pageData?: unknown; stringRenders?: number };
  const renders = () => data.stringRenders ?? 0;
  /** Until the page's date is a whole second in the past (a page first sent is dated the second it was seen in). */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1000)));

  it('sends a page with the date its content has been the same since, and answers that date with a 304 without rendering', async () => {
    const { inject } = await setUp({ versions: versions() });
    const first = await inject('/girl/21');
    const date = String(first.headers['last-modified']);
    expect(date).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Date.parse(date)).toBeLessThanOrEqual(Date.now());
    await nextSecond();
    // The same page again: the same date, whoever asks and whenever.
    expect((await inject('/girl/21')).headers['last-modified']).toBe(date);

    const rendered = renders();
    const again = await inject('/girl/21', { 'if-modified-since': date });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers).toMatchObject({
      etag: first.headers.etag,
      'last-modified': date,
      'cache-control': 'no-cache',
      'content-language': 'ru',
    });
    expect(renders()).toBe(rendered);
    // A later date names the page too; an earlier one, a date from the future, a date that is not
    // one, and a date beside a tag that names another page (the tag decides) do not.
    const later = new Date(Date.parse(date) + 500).toUTCString();
    expect((await inject('/girl/21', { 'if-modified-since': later })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(date) - 1000).toUTCString();
    expect((await inject('/girl/21', { 'if-modified-since': earlier })).statusCode).toBe(200);
    const future = new Date(Date.now() + 3_600_000).toUTCString();
    expect((await inject('/girl/21', { 'if-modified-since': future })).statusCode).toBe(200);
    expect((await inject('/girl/21', { 'if-modified-since': 'yesterday' })).statusCode).toBe(200);
    expect(
      (await inject('/girl/21', { 'if-modified-since': date, 'if-none-match': '"other"' })).statusCode,
    ).toBe(200);
    expect(
      (
        await inject('/girl/21', {
          'if-modified-since': earlier,
          'if-none-match': String(first.headers.etag),
        })
      ).statusCode,
    ).toBe(304);
  });

  it('dates changed content after every copy sent before, even when it changes back', async () => {
    const { inject } = await setUp({ versions: versions() });
    data.pageData = { price: 1000 };
    const a = await inject('/girl/21?page=2');
    await nextSecond();
    const aDate = String((await inject('/girl/21?page=2')).headers['last-modified']);
    expect((await inject('/girl/21?page=2', { 'if-modified-since': aDate })).statusCode).toBe(304);

    // Changed: the copy dated before is not the page any more.
    data.pageData = { price: 2000 };
    const b = await inject('/girl/21?page=2', { 'if-modified-since': aDate });
    expect(b.statusCode).toBe(200);
    expect(b.body).toContain('2000');
    const bDate = String(b.headers['last-modified']);
    // Never later than the answer (its content is dated the next second).
    expect(Date.parse(bDate)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(bDate)).toBeGreaterThanOrEqual(Date.parse(aDate));
    // Sent the second it changed, its copy is dated a little before the change: asked with that
    // date, the whole page once more (never a 304 for another page's copy).
    expect((await inject('/girl/21?page=2', { 'if-modified-since': bDate })).statusCode).toBe(200);

    // And back, within the same second: neither copy dated before stands for it.
    data.pageData = { price: 1000 };
    const back = await inject('/girl/21?page=2', { 'if-modified-since': bDate });
    expect(back.statusCode).toBe(200);
    expect(back.headers.etag).toBe(a.headers.etag);
    expect((await inject('/girl/21?page=2', { 'if-modified-since': aDate })).statusCode).toBe(200);
    await nextSecond();
    await nextSecond();
    await nextSecond();
    const settled = String((await inject('/girl/21?page=2')).headers['last-modified']);
    expect(Date.parse(settled)).toBeGreaterThan(Date.parse(bDate));
    expect((await inject('/girl/21?page=2', { 'if-modified-since': settled })).statusCode).toBe(304);
    // A figure the page keeps current itself moved: the same page, the same date.
    (globalThis as { onlineCount?: number }).onlineCount = 65;
    const counted = await inject('/girl/21?page=2', { 'if-modified-since': settled });
    expect(counted.statusCode).toBe(304);
    expect(counted.headers['last-modified']).toBe(settled);
  });

  it('answers a date from another instance, and from a shared page', async () => {
    const one = await setUp({ versions: versions() });
    await one.inject('/girl/21?page=3');
    await nextSecond();
    const date = String((await one.inject('/girl/21?page=3')).headers['last-modified']);
    await app?.close();
    const other = await setUp({ versions: versions(), cacheMs: 60_000 });
    expect((await other.inject('/girl/21?page=3', { 'if-modified-since': date })).statusCode).toBe(304);
    // Now shared from the page cache: the same date, the same 304.
    const shared = await other.inject('/girl/21?page=3');
    expect(shared.headers['last-modified']).toBe(date);
    const rendered = renders();
    expect((await other.inject('/girl/21?page=3', { 'if-modified-since': date })).statusCode).toBe(304);
    expect(renders()).toBe(rendered);
  });

  it('gives no date to a missing or gone page, a page with a failed part, or when the dates cannot be read', async () => {
    const { inject } = await setUp({ versions: versions() });
    for (const pathname of ['/nowhere', '/girl/7', '/girl/22']) {
      const page = await inject(pathname);
      expect(page.headers['last-modified']).toBeUndefined();
    }
    await app?.close();
    const failing = await setUp({
      versions: { since: () => Promise.reject(new Error('database gone')) },
    });
    const page = await failing.inject('/girl/21', { 'if-modified-since': new Date().toUTCString() });
    expect(page.statusCode).toBe(200);
    expect(page.headers.etag).toBeDefined();
    expect(page.headers['last-modified']).toBeUndefined();
  });
});

describe("the handed-over queries' JSON", () => {
  it("is JSON.stringify's, script-safe, with each live query a piece of its own", () => {
    const live = new Set<string>();
    const state = {
      mutations: [],
      queries: [
        { queryKey: ['a'], state: { data: '</script>\u2028', dataUpdatedAt: 1 } },
        { queryKey: ['online'], meta: { live: true }, state: { data: { count: 7 } } },
        { queryKey: ['b'], meta: { other: true }, state: { data: null }, skipped: undefined },
        { queryKey: ['streams'], meta: { live: true }, state: { data: [1, 2] } },
      ],
      gone: undefined,
    };
    const pieces = queriesJson(state, live);
    expect(pieces.join('')).toBe(
      JSON.stringify(state)
        .replace(/</g, '\\u003c')
        .replace(/\u2028/g, '\\u2028'),
    );
    expect([...live]).toEqual([
      JSON.stringify(state.queries[1]),
      `,${JSON.stringify(state.queries[3])}`.slice(1),
    ]);
    expect(pieces.filter((piece) => live.has(piece))).toHaveLength(2);
    for (const other of [null, 'text', [1, 2], { queries: 'not a list' }, {}]) {
      const none = new Set<string>();
      expect(queriesJson(other, none).join('')).toBe(JSON.stringify(other));
      expect(none.size).toBe(0);
    }
  });
});

describe('an in-process API answer', () => {
  it("reads as the pages' client reads a fetch response", async () => {
    const found = inProcessResponse(200, '{"items":[1,2]}', 'application/json; charset=utf-8');
    expect(found.ok).toBe(true);
    expect(await found.json()).toEqual({ items: [1, 2] });
    expect(found.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const missing = inProcessResponse(410, '{"code":"PROFILE_GONE"}', 'application/json');
    expect(missing.ok).toBe(false);
    expect(missing.status).toBe(410);
    expect(await missing.text()).toBe('{"code":"PROFILE_GONE"}');
    expect(new TextDecoder().decode(await inProcessResponse(200, 'мир', 'text/plain').arrayBuffer())).toBe(
      'мир',
    );
    await expect(inProcessResponse(204, '', 'application/json').json()).rejects.toThrow();
  });
});

describe('the page template, cut once', () => {
  const fill = {
    lang: 'en',
    title: 'T',
    preloads: '<link rel="preload" />',
    description: 'D',
    head: ['<style>', Buffer.from('</style>')],
    state: [Buffer.from('{"a":'), '1}'],
  };
  const text = (pieces: Parameters<typeof bytesOf>[0]) => bytesOf(pieces).toString('utf8');

  it('writes each part where the template has it, in whatever order, around the root', () => {
    const [before, after] = compileTemplate(TEMPLATE)(fill);
    expect(text([...before, '<main></main>', ...after])).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="D" />' +
        '<title>T</title><link rel="preload" /><script defer src="/main.1.js"></script>' +
        '<link href="/main.1.css" rel="stylesheet"><style></style></head><body>' +
        '<script type="application/json" id="page-state">{"a":1}</script><div id="root"><main></main></div></body></html>',
    );
  });

  it('leaves out a part the template has no place for, and refuses a template without a root', () => {
    const [before, after] = compileTemplate(
      '<html lang="ru"><head></head><body><div id="root"></div></body></html>',
    )(fill);
    expect(text(before)).toBe(
      '<html lang="en"><head><style></style></head><body><script type="application/json" id="page-state">{"a":1}</script><div id="root">',
    );
    expect(text(after)).toBe('</div></body></html>');
    expect(() => compileTemplate('<html><body></body></html>')).toThrow(/root/);
  });
});

describe("a page's bytes", () => {
  const texts = [
    '',
    'plain ascii',
    'Каталог моделей'.repeat(40),
    `${'a'.repeat(300)}é中😀`,
    `${'ж'.repeat(300)}\uD800 lone high`,
    `${'x'.repeat(300)}\uDC00 lone low`,
    `${'y'.repeat(300)}\uD83D`,
  ];

  it('are the UTF-8 Node writes, for any text, lone surrogates too', () => {
    for (const value of texts) expect(utf8(value).equals(Buffer.from(value, 'utf8'))).toBe(true);
  });

  it('join texts and shared bytes in order', () => {
    const shared = Buffer.from('<style>ж</style>');
    const pieces = ['<p>', texts[2] as string, shared, '', shared, texts[4] as string, '</p>'];
    const joined = pieces.map((piece) => (typeof piece === 'string' ? piece : piece.toString())).join('');
    expect(bytesOf(pieces).equals(Buffer.from(joined))).toBe(true);
    expect(bytesOf([]).length).toBe(0);
    expect(bytesOf([shared])).toBe(shared);
  });
});
