// The release store in an S3-compatible bucket behind a CDN (issue 30): the release command
// uploads a release's files under <prefix>/<folder>/<version>/ when RELEASE_S3_BUCKET is set, and
// the registry names them at RELEASE_BASE_URL. Uses the AWS SDK the API already ships for media.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { filesBelow, root } from './lib.mjs';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The bucket settings from the environment, or null when releases stay on the API's disk. */
export function s3StoreOf(env) {
  if (!env.RELEASE_S3_BUCKET) return null;
  if (!env.RELEASE_BASE_URL) {
    throw new Error('RELEASE_S3_BUCKET needs RELEASE_BASE_URL: the CDN origin that serves the bucket');
  }
  return {
    bucket: env.RELEASE_S3_BUCKET,
    prefix: (env.RELEASE_S3_PREFIX ?? 'mfe').replace(/^\/+|\/+$/g, ''),
    endpoint: env.RELEASE_S3_ENDPOINT || env.S3_ENDPOINT || undefined,
    region: env.RELEASE_S3_REGION || env.S3_REGION || 'us-east-1',
    accessKeyId: env.RELEASE_S3_ACCESS_KEY_ID || env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.RELEASE_S3_SECRET_ACCESS_KEY || env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

/**
 * Uploads a release's files (not their .br/.gz copies: the CDN compresses) as immutable objects.
 * A version is never overwritten: each object is written only if absent (If-None-Match: *); one
 * already there with the same bytes (a retried pipeline) is left, one with other bytes refuses
 * the release. Answers how many objects it wrote.
 */
export async function uploadRelease({ dist, folder, version, store }) {
  const { S3Client, PutObjectCommand, HeadObjectCommand } = createRequire(
    path.join(root, 'api', 'package.json'),
  )('@aws-sdk/client-s3');
  const client = new S3Client({
    region: store.region,
    forcePathStyle: Boolean(store.endpoint),
    ...(store.endpoint ? { endpoint: store.endpoint } : {}),
    ...(store.accessKeyId && store.secretAccessKey
      ? { credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey } }
      : {}),
  });
  let written = 0;
  try {
    for (const file of filesBelow(dist)) {
      if (/\.(br|gz)$/.test(file)) continue;
      const body = readFileSync(path.join(dist, file));
      const key = [store.prefix, folder, version, file].filter(Boolean).join('/');
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: store.bucket,
            Key: key,
            Body: body,
            IfNoneMatch: '*',
            ContentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
        written++;
      } catch (error) {
        if (error?.$metadata?.httpStatusCode !== 412) throw error;
        const head = await client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }));
        const md5 = createHash('md5').update(body).digest('hex');
        if (head.ETag?.replaceAll('"', '') !== md5) {
          throw new Error(`${key} holds other bytes: a version is never overwritten`);
        }
      }
    }
  } finally {
    client.destroy();
  }
  return written;
}
