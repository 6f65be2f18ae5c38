// The release store in an S3-compatible bucket (scripts/release-s3.mjs), against a bucket served
// by this test: objects are written once, immutable, and a version is never overwritten.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3StoreOf, uploadRelease } from '../scripts/release-s3.mjs';

/** A bucket: PUT (with If-None-Match: *) and HEAD of path-style keys, nothing else. */
const objects = new Map();
let server;
let endpoint;
let dir;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const key = decodeURIComponent(new URL(request.url, 'http://bucket').pathname);
      const stored = objects.get(key);
      if (request.method === 'PUT') {
        if (request.headers['if-none-match'] === '*' && stored) {
          response.writeHead(412, { 'content-type': 'application/xml' });
          response.end('<Error><Code>PreconditionFailed</Code></Error>');
          return;
        }
        const body = Buffer.concat(chunks);
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          etag,
          type: request.headers['content-type'],
          cache: request.headers['cache-control'],
        });
        response.writeHead(200, { etag });
        response.end();
      } else if (request.method === 'HEAD' && stored) {
        response.writeHead(200, { etag: stored.etag, 'content-length': stored.body.length });
        response.end();
      } else {
        response.writeHead(404);
        response.end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${server.address().port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'release-s3-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"mfe_catalog"}');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'entry');
  writeFileSync(path.join(dir, 'remoteEntry.js.br'), 'compressed');
  writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), 'server');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({
  RELEASE_S3_BUCKET: 'releases',
  RELEASE_BASE_URL: 'https://cdn.example',
  RELEASE_S3_ENDPOINT: endpoint,
  RELEASE_S3_ACCESS_KEY_ID: 'key',
  RELEASE_S3_SECRET_ACCESS_KEY: 'secret',
});

describe('releases in an S3-compatible bucket', () => {
  it('stays on disk unless a bucket is named, and wants the CDN that serves it', () => {
    expect(s3StoreOf({})).toBeNull();
    expect(() => s3StoreOf({ RELEASE_S3_BUCKET: 'releases' })).toThrow(/RELEASE_BASE_URL/);
  });

  it('uploads every file but the compressed copies, immutable, under mfe/<name>/<version>/', async () => {
    const store = s3StoreOf(env());
    expect(await uploadRelease({ dist: dir, folder: 'catalog', version: '1.0.0+aaaaaaaaaaaa', store })).toBe(
      3,
    );
    expect([...objects.keys()].sort()).toEqual([
      '/releases/mfe/catalog/1.0.0+aaaaaaaaaaaa/mf-manifest.json',
      '/releases/mfe/catalog/1.0.0+aaaaaaaaaaaa/remoteEntry.js',
      '/releases/mfe/catalog/1.0.0+aaaaaaaaaaaa/server/remoteEntry.js',
    ]);
    const manifest = objects.get('/releases/mfe/catalog/1.0.0+aaaaaaaaaaaa/mf-manifest.json');
    expect(manifest.body.toString()).toBe('{"name":"mfe_catalog"}');
    expect(manifest.type).toBe('application/json; charset=utf-8');
    expect(manifest.cache).toBe('public, max-age=31536000, immutable');
  });

  it('leaves a version already there with the same bytes, and refuses one with other bytes', async () => {
    const store = s3StoreOf(env());
    expect(await uploadRelease({ dist: dir, folder: 'catalog', version: '1.0.0+aaaaaaaaaaaa', store })).toBe(
      0,
    );
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'tampered');
    await expect(
      uploadRelease({ dist: dir, folder: 'catalog', version: '1.0.0+aaaaaaaaaaaa', store }),
    ).rejects.toThrow(/never overwritten/);
    expect(objects.get('/releases/mfe/catalog/1.0.0+aaaaaaaaaaaa/remoteEntry.js').body.toString()).toBe(
      'entry',
    );
  });
});
