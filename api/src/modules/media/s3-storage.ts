import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { isStorageKey, type MediaStorage, type StoredFile } from './storage';

export interface S3StorageConfig {
  bucket: string;
  /** Any string for most S3-compatible services; AWS needs the bucket's region. */
  region: string;
  /** The service's address (MinIO, R2, a local fake); AWS's own when not set. */
  endpoint?: string | undefined;
  /** Without keys the SDK's usual chain is used (environment, instance role...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (e.g. `media/`), so one bucket can hold other things too. */
  prefix?: string | undefined;
}

const isNotFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket, for several API instances or a CDN in front of the bucket. */
export function createS3Storage(config: S3StorageConfig): MediaStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where the API demands them: many S3-compatible services do not understand
    // the SDK's default trailing checksums (aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = config.prefix ?? '';
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${prefix}${key}`;

  return {
    kind: 's3',

    async put(key, source, contentType) {
      if (!isStorageKey(key)) throw new Error(`not a media storage key: ${key}`);
      // A file is streamed from disk with its length known, never read into memory whole.
      const body = Buffer.isBuffer(source) ? source : createReadStream(source.path);
      const length = Buffer.isBuffer(source) ? source.length : (await stat(source.path)).size;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: body,
          ContentLength: length,
          ContentType: contentType,
          // Keys are never reused: a CDN in front of the bucket may keep a file for good.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async get(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async *list(): AsyncIterable<StoredFile> {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(prefix.length),
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(),
          };
        }
      }
    },
  };
}
