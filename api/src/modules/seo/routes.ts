import { Readable } from 'node:stream';
import * as v from 'valibot';
import { ApiError } from '../../lib/api-error';
import { defineRoutes, errorResponses, nonJson } from '../../lib/route-schema';
import { createSeoRepository, type ProfilePage } from './repository';
import {
  leadingPages,
  type PublicPage,
  profilePath,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  URLSET_CLOSE,
  URLSET_OPEN,
  URLS_PER_PAGE,
  urlEntries,
} from './site-map';

export interface SeoOptions {
  /**
   * The site's public URL, e.g. https://anketa.example: PUBLIC_URL, else the origin the server
   * listens on. Never the request's Host: the answers are cached `public`, and a Host header
   * would name any origin its sender likes in them.
   */
  publicUrl: string;
  /** `<url>` entries per sitemap file; the protocol's 50,000 unless a test lowers it. */
  urlsPerFile?: number | undefined;
}

/** A sitemap file's number as its name writes it: no sign, no leading zero. */
const FILE_NUMBER = /^[1-9]\d{0,8}$/;

/** The files change with every approval or block; a crawler may keep them this long. */
const SITEMAP_CACHE = 'public, max-age=60';
const ROBOTS_CACHE = 'public, max-age=300';

const XML = 'application/xml; charset=utf-8';

/** The PUBLIC_URL as pages are written under it: no trailing slash, URL-encoded. */
function baseOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * robots.txt and the sitemap (issue 17). Generated on each request from the listing's own
 * visibility rule, so a profile blocked, expired or deleted is gone from the next answer; there
 * is no cache to clear, only the short `max-age` a crawler or CDN may keep.
 */
export const seoRoutes = defineRoutes<SeoOptions>(async (fastify, options) => {
  const repository = createSeoRepository(fastify.db);
  const urlsPerFile = options.urlsPerFile ?? SITEMAP_MAX_URLS;
  if (!Number.isInteger(urlsPerFile) || urlsPerFile < URLS_PER_PAGE || urlsPerFile > SITEMAP_MAX_URLS) {
    throw new Error(`urlsPerFile must be a whole number from ${URLS_PER_PAGE} to ${SITEMAP_MAX_URLS}`);
  }
  /** Pages per file: each gives one `<url>` per language. */
  const pagesPerFile = Math.floor(urlsPerFile / URLS_PER_PAGE);
  const base = baseOf(options.publicUrl);

  fastify.get(
    '/robots.txt',
    {
      schema: {
        summary: 'Crawling rules: public pages allowed, signed-in areas, API and sockets not; the sitemap',
        tags: ['seo'],
        produces: ['text/plain'],
        response: { 200: nonJson('robots.txt') },
      },
    },
    async (_request, reply) => {
      const text = robotsTxt(base);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', ROBOTS_CACHE)
        .send(text);
    },
  );

  fastify.get(
    '/sitemap.xml',
    {
      schema: {
        summary: `Sitemap index: the files /sitemap-1.xml and on, each of at most ${SITEMAP_MAX_URLS} URLs`,
        tags: ['seo'],
        produces: ['application/xml'],
        response: { 200: nonJson('A sitemap index') },
      },
    },
    async (_request, reply) => {
      const [cityPages, profiles] = await Promise.all([repository.cityPages(), repository.countProfiles()]);
      const pages = leadingPages(cityPages).length + profiles;
      const files = Math.max(1, Math.ceil(pages / pagesPerFile));
      return reply
        .header('content-type', XML)
        .header('cache-control', SITEMAP_CACHE)
        .send(sitemapIndex(base, files));
    },
  );

  fastify.get(
    '/sitemap-:file.xml',
    {
      schema: {
        summary:
          'One sitemap file: home, price, category and city listings, then every visible profile, ' +
          'each in Russian and English with hreflang alternates',
        tags: ['seo'],
        // Checked by the handler: any other name is a missing file (404), not bad input.
        params: v.object({ file: v.string() }),
        produces: ['application/xml'],
        response: {
          200: nonJson('A sitemap'),
          ...errorResponses({ 404: 'NOT_FOUND: no such file (past the last one)' }),
        },
      },
    },
    async (request, reply) => {
      if (!FILE_NUMBER.test(request.params.file)) throw new ApiError(404, 'NOT_FOUND');
      const start = (Number(request.params.file) - 1) * pagesPerFile;
      const end = start + pagesPerFile;

      const leading = leadingPages(await repository.cityPages());
      const first = leading.slice(start, end);
      const from = Math.max(start, leading.length);
      const profiles = end > from ? repository.profiles(from - leading.length, end - from) : emptyChunks();
      // The first chunk is read before answering: a file past the last one is a 404, not an empty set.
      const firstChunk = await profiles.next();
      if (first.length === 0 && firstChunk.done) throw new ApiError(404, 'NOT_FOUND');

      async function* body(): AsyncGenerator<string> {
        yield URLSET_OPEN;
        yield first.map((page) => urlEntries(base, page)).join('');
        if (!firstChunk.done) yield profileEntries(base, firstChunk.value);
        for await (const chunk of profiles) yield profileEntries(base, chunk);
        yield URLSET_CLOSE;
      }
      // A stream is sent as it is written; the response schema only describes it for the document.
      const stream = Readable.from(body(), { objectMode: false });
      return reply
        .header('content-type', XML)
        .header('cache-control', SITEMAP_CACHE)
        .send(stream as unknown as string);
    },
  );
});

function profileEntries(base: string, chunk: ProfilePage[]): string {
  return chunk
    .map(({ id, lastmod }) => urlEntries(base, { path: profilePath(id), lastmod } satisfies PublicPage))
    .join('');
}

async function* emptyChunks(): AsyncGenerator<ProfilePage[]> {}
