import { describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
}));

const { ownerInRegistry, registerRegistry, releaseVersionOf, remoteForPath, runningReleases } = await import(
  './remotes'
);

/** A registry as the build ships it: each record with the routes its remote declares (remote.json). */
const registry = {
  mfe_catalog: {
    entry: '/mfe/catalog/1.2.0+aaaaaaaaaaaa/mf-manifest.json',
    version: '1.2.0+aaaaaaaaaaaa',
    routes: ['/', '/category/:category', '/girl/:id', '/stream/:id/:channelId', '/price'],
  },
  mfe_auth: {
    entry: '/mfe/auth/mf-manifest.json',
    routes: ['/login/:type', '/register/:type', '/forgot-password', '/restore-password', '/confirm-email'],
  },
  mfe_model_cabinet: { entry: '/mfe/model-cabinet/mf-manifest.json', routes: ['/profile/*'] },
  mfe_advertiser_office: { entry: '/mfe/advertiser-office/mf-manifest.json', routes: ['/advister/*'] },
  mfe_admin: '/mfe/admin/mf-manifest.json',
};

describe('which remote owns a path (the registry decides)', () => {
  it('owns nothing before a registry is registered', () => {
    expect(remoteForPath('/')).toBeNull();
  });

  it.each([
    ['/', 'catalog'],
    ['/en', 'catalog'],
    ['/category/massage', 'catalog'],
    ['/en/girl/12', 'catalog'],
    ['/price', 'catalog'],
    ['/login/girl', 'auth'],
    ['/register/advister', 'auth'],
    ['/forgot-password', 'auth'],
    ['/restore-password', 'auth'],
    ['/profile', 'modelCabinet'],
    ['/profile/edit/5', 'modelCabinet'],
    ['/advister/ads/completed', 'advertiserOffice'],
  ])('sends %s to %s', (path, remote) => {
    registerRegistry(registry, 'http://site.test/');
    expect(remoteForPath(path)).toBe(remote);
  });

  it('leaves unknown paths, and paths of a record without routes, to the shell', () => {
    registerRegistry(registry, 'http://site.test/');
    expect(remoteForPath('/no/such/place')).toBeNull();
    expect(remoteForPath('/girl')).toBeNull();
    expect(remoteForPath('/admin/accounts')).toBeNull();
  });

  it('follows a release that declares another route, without a change to the shell', () => {
    const next = {
      ...registry,
      mfe_catalog: { ...registry.mfe_catalog, routes: [...registry.mfe_catalog.routes, '/cities/:city'] },
    };
    expect(ownerInRegistry(registry, '/cities/moscow')).toBeNull();
    expect(ownerInRegistry(next, '/cities/moscow')).toBe('catalog');
  });

  it('names the release each remote runs on this page', () => {
    registerRegistry(registry, 'http://site.test/');
    expect(releaseVersionOf('catalog')).toBe('1.2.0+aaaaaaaaaaaa');
    expect(releaseVersionOf('auth')).toBeNull();
    expect(runningReleases()).toEqual({ mfe_catalog: '1.2.0+aaaaaaaaaaaa' });
  });
});
