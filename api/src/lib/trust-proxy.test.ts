import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustNearestHops } from './trust-proxy';

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['32', 32],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%s -> %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each([
    '0',
    '33',
    'yes',
    '10.0.0.300',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/8/1',
    '10.0.0.1,',
    'proxy.local',
  ])('refuses %s', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
  });
});

describe('trustNearestHops', () => {
  it('trusts exactly the given number of hops nearest the server', () => {
    const trust = trustNearestHops(2);
    expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  it('makes Fastify take the client from X-Forwarded-For behind one proxy', async () => {
    const app = Fastify({ trustProxy: trustNearestHops(1) });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const response = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.1',
      // The first entry was made up by the client; the proxy appended the address it saw.
      headers: { 'x-forwarded-for': '192.0.2.66, 198.51.100.9' },
    });
    expect(response.json()).toEqual({ ip: '198.51.100.9' });
    await app.close();
  });
});
