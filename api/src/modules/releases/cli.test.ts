import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

// `pnpm release:*` (scripts/release.mjs) as a deploy pipeline runs it, against a listening API.
const TOKEN = 'a-release-token-of-at-least-32-characters';
const script = path.resolve(import.meta.dirname, '../../../../scripts/release.mjs');
const v1 = '2.0.0+cccccccccccc';
const v2 = '2.1.0+dddddddddddd';

let t: TestApp;
let api: string;

beforeAll(async () => {
  t = await createTestApp({ releaseToken: TOKEN });
  api = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

/** Runs the command; answers its exit code and output. */
async function release(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', RELEASE_API: api, RELEASE_TOKEN: TOKEN, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the release commands', () => {
  it('publish, canary, promote, roll back and show a remote, named by its package', async () => {
    const published = await release([
      'publish',
      'mfe-gallery',
      v1,
      '--entry',
      `/mfe/gallery/${v1}/mf-manifest.json`,
      '--routes',
      '/gallery,/gallery/:id',
    ]);
    expect(published.code).toBe(0);
    expect(JSON.parse(published.stdout)).toMatchObject({
      remote: 'mfe_gallery',
      created: true,
      release: { version: v1, routes: ['/gallery', '/gallery/:id'] },
    });
    await release([
      'publish',
      'mfe-gallery',
      v2,
      '--entry',
      `/mfe/gallery/${v2}/mf-manifest.json`,
      '--routes',
      '/gallery',
    ]);

    expect((await release(['promote', 'mfe-gallery', v1, 'first', 'release'])).code).toBe(0);
    const canary = await release(['canary', 'mfe_gallery', v2, '25', 'new', 'grid']);
    expect(canary.code).toBe(0);
    expect(JSON.parse(canary.stdout)).toMatchObject({ stable: v1, canary: v2, canaryPercent: 25 });
    expect((await release(['promote', 'mfe-gallery', v2, 'clean', 'for', 'a', 'day'])).code).toBe(0);
    const back = await release(['rollback', 'mfe-gallery', 'errors', 'up']);
    expect(JSON.parse(back.stdout)).toMatchObject({ stable: v1, canary: null });

    const status = JSON.parse((await release(['status', 'mfe-gallery'])).stdout);
    expect(status.changes[0]).toMatchObject({ action: 'rollback', reason: 'errors up', actor: 'pipeline' });
  });

  it('says why the server refused, translated, the fields included, and exits 1', async () => {
    const unknown = await release(['promote', 'mfe-gallery', '9.9.9+eeeeeeeeeeee', 'try']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('404 RELEASE_NOT_FOUND: No such published version');
    const short = await release(['rollback', 'mfe-gallery', 'x'], { RELEASE_LANG: 'ru' });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('400 VALIDATION_FAILED');
    expect(short.stderr).toContain('reason: Причина должна содержать не менее 3 символов');
    const wrongToken = await release(['status', 'mfe-gallery'], { RELEASE_TOKEN: 'not-the-token' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('401 UNAUTHORIZED');
  });

  it('refuses bad usage before calling the server (exit 2)', async () => {
    for (const args of [
      [],
      ['dance', 'mfe-gallery'],
      ['canary', 'mfe-gallery', v2, 'ten', 'why'],
      ['promote', '../x'],
    ]) {
      const result = await release(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('usage:');
    }
    expect((await release(['status', 'mfe-gallery'], { RELEASE_TOKEN: '' })).code).toBe(2);
  });
});
