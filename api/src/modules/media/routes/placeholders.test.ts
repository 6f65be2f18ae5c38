import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../../plugins/errors';
import { PLACEHOLDER_COUNT, placeholderSvg } from '../placeholder';
import { mediaRoutes } from './placeholders';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(mediaRoutes);
});

afterAll(async () => {
  await app?.close();
});

describe('GET /media/placeholder/:n.svg', () => {
  it('serves a 600x800 SVG that browsers may cache for good', async () => {
    const response = await app.inject('/media/placeholder/17.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toMatch(/^<svg [^>]*width="600" height="800"/);
  });

  it('draws the same picture for the same number and different ones for different numbers', () => {
    expect(placeholderSvg(5)).toBe(placeholderSvg(5));
    expect(placeholderSvg(5)).not.toBe(placeholderSvg(6));
  });

  it('draws only abstract shapes: no images, scripts or text', () => {
    for (let n = 1; n <= PLACEHOLDER_COUNT; n += 37) {
      const svg = placeholderSvg(n);
      expect(svg).not.toMatch(/<(image|script|text|foreignObject)\b/);
      expect(svg).not.toMatch(/href=/);
    }
  });

  it.each(['0.svg', `${PLACEHOLDER_COUNT + 1}.svg`, '12.png', 'abc.svg', '012.svg'])(
    'answers 404 for %s',
    async (file) => {
      const response = await app.inject(`/media/placeholder/${file}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );
});
