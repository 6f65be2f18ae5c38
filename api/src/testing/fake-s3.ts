import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeObject {
  data: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  lastModified: Date;
}

/** Objects per page of a listing: small, so that tests walk several pages. */
const PAGE_SIZE = 3;

const xmlEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * A tiny S3 for tests, path-style (`/<bucket>/<key>`): PUT, GET (with a byte range), HEAD and
 * DELETE of objects, and ListObjectsV2 in pages. It checks no signatures; it keeps objects in
 * memory, where a test can look at them or plant some.
 */
export async function startFakeS3(bucket: string): Promise<{
  endpoint: string;
  objects: Map<string, FakeObject>;
  requests: string[];
  close(): Promise<void>;
}> {
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];

  function error(response: ServerResponse, status: number, code: string): void {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  }

  function list(url: URL, response: ServerResponse): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    // Like S3's, the token names where the last page ended, so deleting while listing skips nothing.
    const after = url.searchParams.get('continuation-token');
    const rest = after === null ? keys : keys.filter((key) => key > after);
    const page = rest.slice(0, PAGE_SIZE);
    const truncated = rest.length > PAGE_SIZE;
    const contents = page
      .map((key) => {
        const object = objects.get(key) as FakeObject;
        return (
          `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
          `<ETag>"${createHash('md5').update(object.data).digest('hex')}"</ETag><Size>${object.data.length}</Size>` +
          '<StorageClass>STANDARD</StorageClass></Contents>'
        );
      })
      .join('');
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<MaxKeys>${PAGE_SIZE}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated
          ? `<NextContinuationToken>${xmlEscape(page[page.length - 1] ?? '')}</NextContinuationToken>`
          : '') +
        `${contents}</ListBucketResult>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) return error(response, 404, 'NoSuchBucket');
    const key = decodeURIComponent(rest.join('/'));
    if (!key) {
      if (request.method === 'GET' && url.searchParams.get('list-type') === '2') return list(url, response);
      return error(response, 400, 'InvalidRequest');
    }
    switch (request.method) {
      case 'PUT': {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        objects.set(key, {
          data,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          cacheControl: request.headers['cache-control'],
          lastModified: new Date(),
        });
        response.writeHead(200, { etag: `"${createHash('md5').update(data).digest('hex')}"` });
        return void response.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) {
          if (request.method === 'HEAD') return void response.writeHead(404).end();
          return error(response, 404, 'NoSuchKey');
        }
        const headers = {
          'content-type': object.contentType,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        };
        const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(Number(range[2]), object.data.length - 1);
          response.writeHead(206, {
            ...headers,
            'content-length': end - start + 1,
            'content-range': `bytes ${start}-${end}/${object.data.length}`,
          });
          return void response.end(
            request.method === 'HEAD' ? undefined : object.data.subarray(start, end + 1),
          );
        }
        response.writeHead(200, { ...headers, 'content-length': object.data.length });
        return void response.end(request.method === 'HEAD' ? undefined : object.data);
      }
      case 'DELETE':
        objects.delete(key);
        return void response.writeHead(204).end();
      default:
        return error(response, 405, 'MethodNotAllowed');
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => error(response, 500, 'InternalError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake S3 has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
