import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CANARY_BUCKETS,
  canaryBucket,
  isReleaseVersion,
  matchesRoute,
  ownerOfPath,
  registryChangeBody,
  releaseVersion,
  routeConflicts,
  routeKey,
  runsCanary,
} from './releases';

const ids = (count: number, prefix = 'v') => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('a release version', () => {
  it('is the semver and the first 12 hex digits of the content hash', () => {
    expect(releaseVersion('1.4.0', '3F9A1C2B7D10E0FFAA')).toBe('1.4.0+3f9a1c2b7d10');
    expect(isReleaseVersion('1.4.0+3f9a1c2b7d10')).toBe(true);
  });

  it.each([
    '1.4.0',
    '1.4+3f9a1c2b7d10',
    '01.4.0+3f9a1c2b7d10',
    '1.4.0+3f9a1c2b7d1',
    '1.4.0+3f9a1c2b7d10a',
    '1.4.0+3F9A1C2B7D10',
    '1.4.0-beta+3f9a1c2b7d10',
    '../1.4.0+3f9a1c2b7d10',
    '1.4.0+3f9a1c2b7d10/..',
  ])('refuses %s', (value) => {
    expect(isReleaseVersion(value)).toBe(false);
  });

  it('throws rather than make a malformed one', () => {
    expect(() => releaseVersion('1.4', 'abc')).toThrow(/Not a release version/);
  });
});

describe('the sticky canary assignment', () => {
  it('puts the same visitor in the same bucket every time, per remote', () => {
    for (const id of ids(50)) {
      expect(canaryBucket(id, 'mfe_catalog')).toBe(canaryBucket(id, 'mfe_catalog'));
      expect(runsCanary(id, 'mfe_catalog', 37)).toBe(runsCanary(id, 'mfe_catalog', 37));
    }
  });

  it.each([1, 5, 10, 25, 50, 75, 90, 99])(
    'sends %i % of 10,000 visitors to the canary, within a percent',
    (percent) => {
      const canary = ids(10_000).filter((id) => runsCanary(id, 'mfe_catalog', percent)).length;
      expect(Math.abs(canary / 10_000 - percent / 100)).toBeLessThan(0.01);
    },
  );

  it('spreads ids that differ in one character over every tenth of the buckets', () => {
    const tenths = new Array(10).fill(0);
    for (const id of ids(10_000, 'visitor-'))
      tenths[Math.floor((canaryBucket(id, 'mfe_auth') * 10) / CANARY_BUCKETS)]++;
    for (const count of tenths) expect(Math.abs(count - 1_000)).toBeLessThan(100);
  });

  it('keeps a canary visitor on the canary when the share grows (nobody flips back)', () => {
    const at10 = ids(10_000).filter((id) => runsCanary(id, 'mfe_catalog', 10));
    expect(at10.every((id) => runsCanary(id, 'mfe_catalog', 50))).toBe(true);
  });

  it('sends nobody at 0 % and everybody at 100 %', () => {
    expect(ids(1_000).some((id) => runsCanary(id, 'mfe_catalog', 0))).toBe(false);
    expect(ids(1_000).every((id) => runsCanary(id, 'mfe_catalog', 100))).toBe(true);
  });

  it('splits each remote independently: the catalogue canary does not pick the auth canary’s visitors', () => {
    const catalog = new Set(ids(10_000).filter((id) => runsCanary(id, 'mfe_catalog', 50)));
    const both = ids(10_000).filter((id) => catalog.has(id) && runsCanary(id, 'mfe_auth', 50)).length;
    expect(Math.abs(both / 10_000 - 0.25)).toBeLessThan(0.02);
  });
});

describe('route ownership', () => {
  it('treats parameters of any name, a trailing slash and letter case as one path', () => {
    expect(routeKey('/model/:id')).toBe(routeKey('/Model/:slug/'));
    expect(routeKey('/')).toBe('/');
    expect(routeKey('/cabinet/*')).not.toBe(routeKey('/cabinet'));
  });

  it('refuses two remotes claiming one path, naming the path and both remotes', () => {
    expect(
      routeConflicts([
        { remote: 'mfe_catalog', routes: ['/', '/model/:id', '/price'] },
        { remote: 'mfe_auth', routes: ['/login', '/model/:slug/'] },
        { remote: 'mfe_admin', routes: ['/admin/*', '/PRICE'] },
      ]),
    ).toEqual([
      { route: '/model/:id', remotes: ['mfe_catalog', 'mfe_auth'] },
      { route: '/price', remotes: ['mfe_catalog', 'mfe_admin'] },
    ]);
  });

  it('lets a remote repeat its own route and different paths coexist', () => {
    expect(
      routeConflicts([
        { remote: 'mfe_catalog', routes: ['/model/:id', '/model/:id/'] },
        { remote: 'mfe_auth', routes: ['/login', '/:category'] },
        { remote: 'mfe_admin', routes: ['/admin/*'] },
      ]),
    ).toEqual([]);
  });

  it.each([
    ['/', '/', true],
    ['/', '/girl', false],
    ['/girl/:id', '/girl/12', true],
    ['/girl/:id', '/GIRL/12/', true],
    ['/girl/:id', '/girl', false],
    ['/girl/:id', '/girl/12/photos', false],
    ['/login/:type?', '/login', true],
    ['/login/:type?', '/login/girl', true],
    ['/profile/*', '/profile', true],
    ['/profile/*', '/profile/edit/5', true],
    ['/profile/*', '/profiles', false],
  ])('matches %s against %s: %s', (pattern, path, expected) => {
    expect(matchesRoute(pattern, path)).toBe(expected);
  });

  it('gives a path to the remote with the most specific matching route', () => {
    const claims = [
      { remote: 'mfe_catalog', routes: ['/', '/girl/:id', '/price'] },
      { remote: 'mfe_pages', routes: ['/:page'] },
      { remote: 'mfe_admin', routes: ['/admin/*'] },
      { remote: 'mfe_reports', routes: ['/admin/reports/:id'] },
    ];
    expect(ownerOfPath(claims, '/price')).toBe('mfe_catalog');
    expect(ownerOfPath(claims, '/about')).toBe('mfe_pages');
    expect(ownerOfPath(claims, '/admin/accounts')).toBe('mfe_admin');
    expect(ownerOfPath(claims, '/admin/reports/4')).toBe('mfe_reports');
    expect(ownerOfPath(claims, '/girl/4/extra')).toBeNull();
    expect(ownerOfPath([], '/')).toBeNull();
  });

  it('gives a path two routes match equally to the remote declared first, however often it is asked', () => {
    const claims = [
      { remote: 'mfe_pages', routes: ['/info/:page'] },
      { remote: 'mfe_catalog', routes: ['/info/:slug', '/Info/price'] },
    ];
    for (let round = 0; round < 2; round += 1) {
      expect(ownerOfPath(claims, '/info/about')).toBe('mfe_pages');
      expect(ownerOfPath(claims, '/info/PRICE/')).toBe('mfe_catalog');
      expect(ownerOfPath(claims, '/info')).toBeNull();
    }
    const reversed = [...claims].reverse();
    expect(ownerOfPath(reversed, '/info/about')).toBe('mfe_catalog');
  });
});

describe('a change to the registry', () => {
  const parse = (body: unknown) => v.safeParse(registryChangeBody, body);
  it('takes a promotion, a canary at 0-100 % and a rollback, each with a reason', () => {
    expect(parse({ action: 'promote', version: '1.4.0+3f9a1c2b7d10', reason: 'checked' }).success).toBe(true);
    expect(
      parse({ action: 'canary', version: '1.4.0+3f9a1c2b7d10', percent: 0, reason: 'ready' }).success,
    ).toBe(true);
    expect(
      parse({ action: 'canary', version: '1.4.0+3f9a1c2b7d10', percent: 100, reason: 'all' }).success,
    ).toBe(true);
    expect(parse({ action: 'rollback', reason: 'errors up' }).output).toEqual({
      action: 'rollback',
      reason: 'errors up',
    });
  });

  it.each([
    [
      { action: 'canary', version: '1.4.0+3f9a1c2b7d10', percent: 101, reason: 'ready' },
      'validation.canaryPercent',
    ],
    [
      { action: 'canary', version: '1.4.0+3f9a1c2b7d10', percent: 12.5, reason: 'ready' },
      'validation.canaryPercent',
    ],
    [{ action: 'promote', version: '../../etc', reason: 'checked' }, 'validation.releaseVersion'],
    [{ action: 'rollback', reason: '  x ' }, 'validation.reasonTooShort'],
    [{ action: 'rollback', reason: 'x'.repeat(501) }, 'validation.reasonTooLong'],
  ])('refuses %j with %s', (body, message) => {
    const result = parse(body);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });

  it('refuses an unknown action', () => {
    expect(parse({ action: 'delete', reason: 'because' }).success).toBe(false);
  });
});
