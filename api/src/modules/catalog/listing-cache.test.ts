import type { ModelListQuery } from 'contracts';
import { describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createListingCache, type ListingPage } from './listing-cache';

const text = (page: ListingPage) => page.body.toString('utf8');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('listing cache', () => {
  it('reads a page once while it is fresh, whatever order the query fields came in', async () => {
    const cache = createListingCache(60_000);
    const compute = vi.fn(async () => ({ items: [1, 2] }));
    const a = await cache.get({ category: 'elite', page: 2 } as ModelListQuery, 'ru', compute);
    const b = await cache.get({ page: 2, category: 'elite' } as ModelListQuery, 'ru', compute);
    expect(text(a)).toBe('{"items":[1,2]}');
    expect(b).toBe(a);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps pages of other queries and other languages apart', async () => {
    const cache = createListingCache(60_000);
    const compute = vi.fn(async () => ({}));
    await cache.get({ category: 'elite' } as ModelListQuery, 'ru', compute);
    await cache.get({ category: 'elite' } as ModelListQuery, 'en', compute);
    await cache.get({ category: 'bdsm' } as ModelListQuery, 'ru', compute);
    await cache.get({ category: 'elite', page: 2 } as ModelListQuery, 'ru', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('lets requests arriving during a read share it', async () => {
    const cache = createListingCache(60_000);
    let release: (value: unknown) => void = () => undefined;
    const compute = vi.fn(() => new Promise((resolve) => (release = resolve)));
    const pending = Array.from({ length: 20 }, () => cache.get({} as ModelListQuery, 'ru', compute));
    release({ total: 3 });
    expect(new Set((await Promise.all(pending)).map(text))).toEqual(new Set(['{"total":3}']));
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('reads again once a page is older than its lifetime, or after clear()', async () => {
    const cache = createListingCache(40);
    let n = 0;
    const compute = async () => ({ n: ++n });
    expect(text(await cache.get({} as ModelListQuery, 'ru', compute))).toBe('{"n":1}');
    await wait(80);
    expect(text(await cache.get({} as ModelListQuery, 'ru', compute))).toBe('{"n":2}');
    cache.clear();
    expect(text(await cache.get({} as ModelListQuery, 'ru', compute))).toBe('{"n":3}');
  });

  it('does not keep a failed read', async () => {
    const cache = createListingCache(60_000);
    await expect(
      cache.get({} as ModelListQuery, 'ru', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(text(await cache.get({} as ModelListQuery, 'ru', async () => ({ ok: true })))).toBe('{"ok":true}');
  });

  it('answers a read cleared while under way (a write meanwhile) with a read made after it', async () => {
    const cache = createListingCache(60_000);
    let release: (value: unknown) => void = () => undefined;
    let n = 0;
    const compute = vi.fn(() => {
      n += 1;
      return n === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve({ n });
    });
    const pending = Promise.all([1, 2].map(() => cache.get({} as ModelListQuery, 'ru', compute)));
    cache.clear();
    release({ n: 1 });
    const pages = (await pending).map(text);
    expect(pages.every((page) => page !== '{"n":1}')).toBe(true);
    expect(text(await cache.get({} as ModelListQuery, 'ru', compute))).not.toBe('{"n":1}');
  });

  it('answers reads whose entries are evicted while under way (more distinct pages than it keeps)', async () => {
    const cache = createListingCache(60_000);
    const compute = (page: number) => async () => {
      await wait(5);
      return { page };
    };
    const pages = await Promise.all(
      Array.from({ length: 1_500 }, (_, i) =>
        cache.get({ page: i + 1 } as ModelListQuery, 'ru', compute(i + 1)),
      ),
    );
    expect(pages.map(text)).toEqual(Array.from({ length: 1_500 }, (_, i) => `{"page":${i + 1}}`));
  });

  it('reads every time with a lifetime of 0, and leaves compression to the plugin', async () => {
    const cache = createListingCache(0);
    const compute = vi.fn(async () => ({}));
    await cache.get({} as ModelListQuery, 'ru', compute);
    const page = await cache.get({} as ModelListQuery, 'ru', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(page.encoded).toBeNull();
  });

  it('keeps a page written as JSON as it is', async () => {
    const cache = createListingCache(60_000);
    expect(text(await cache.get({} as ModelListQuery, 'ru', async () => '{"items":[]}'))).toBe(
      '{"items":[]}',
    );
  });

  it('compresses a shared page once per encoding', async () => {
    const cache = createListingCache(60_000);
    const page = await cache.get({} as ModelListQuery, 'ru', async () => ({ text: 'страница '.repeat(200) }));
    const [br, again, gzip] = await Promise.all([
      page.encoded?.('br'),
      page.encoded?.('br'),
      page.encoded?.('gzip'),
    ]);
    expect(again).toBe(br);
    expect(brotliDecompressSync(br ?? Buffer.alloc(0))).toEqual(page.body);
    expect(gunzipSync(gzip ?? Buffer.alloc(0))).toEqual(page.body);
    expect(br?.length).toBeLessThan(page.body.length / 4);
  });

  it('tells its listeners of every read, served from memory or not', async () => {
    const cache = createListingCache(60_000);
    const reads: boolean[] = [];
    cache.onRead((hit) => reads.push(hit));
    await cache.get({ page: 1 } as ModelListQuery, 'ru', async () => ({}));
    await cache.get({ page: 1 } as ModelListQuery, 'ru', async () => ({}));
    await cache.get({ page: 2 } as ModelListQuery, 'ru', async () => ({}));
    expect(reads).toEqual([false, true, false]);
  });
});
