import { describe, expect, it } from 'vitest';
import { remoteForPath } from './remotes';

describe('remoteForPath', () => {
  it.each([
    ['/', 'catalog'],
    ['/category/massage', 'catalog'],
    ['/girl/12', 'catalog'],
    ['/price', 'catalog'],
    ['/login/girl', 'auth'],
    ['/register/advister', 'auth'],
    ['/forgot-password', 'auth'],
    ['/restore-password', 'auth'],
    ['/profile', 'modelCabinet'],
    ['/profile/edit/5', 'modelCabinet'],
    ['/advister/ads/completed', 'advertiserOffice'],
  ])('sends %s to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('leaves unknown paths to the shell', () => {
    expect(remoteForPath('/no/such/place')).toBeNull();
    expect(remoteForPath('/girl')).toBeNull();
  });
});
