import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { CSRF_HEADER, type CookieNames } from '../plugins/auth';

/** Files the media tests upload, made on the spot: nothing binary is kept in the repository. */

/** Noise, so that the encoded file is big enough to truncate inside its pixel data. */
const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

/** A camera's JPEG: GPS position, maker, an ICC profile, XMP, and turned by EXIF orientation 6. */
export function cameraJpeg(width = 1600, height = 900): Promise<Buffer> {
  return noise(width, height)
    .jpeg({ quality: 70 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T-1000', Copyright: 'Somebody' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 45/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '37/1 37/1 6/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Somebody</dc:creator>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

export const png = (width = 200, height = 100) => noise(width, height).png().toBuffer();
export const webp = (width = 700, height = 500) => noise(width, height).webp().toBuffer();

/** The first bytes of an MP4 (an `ftyp` box), then `size` bytes of an `mdat` box: all `file-type` reads. */
export function mp4(size = 64 * 1024): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  ]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(size + 8);
  mdatHeader.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdatHeader, randomBytes(size)]);
}

/** An EBML header whose DocType is `webm`, then some bytes. */
export function webm(size = 32 * 1024): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85,
    0x81, 0x02,
  ]);
  return Buffer.concat([header, randomBytes(size)]);
}

export interface FilePart {
  data: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
}

export const BOUNDARY = '----anketa-test-boundary-7MA4YWxkTrZu0gW';

/** The head and tail of a one-file multipart body, for streaming a large file between them. */
export function multipartEnvelope(part: Omit<FilePart, 'data'>): { head: Buffer; tail: Buffer } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\n` +
      `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'file.bin'}"\r\n` +
      `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  return { head, tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`) };
}

/** A `multipart/form-data` body holding these files, as a browser's FormData sends it. */
export function multipart(...parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const { head } = multipartEnvelope(part);
    chunks.push(head, part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** The chunk names of a WebP file (`VP8 `, `VP8L`, `VP8X`, `ALPH`, `EXIF`, `XMP `, `ICCP`...). */
export function webpChunks(file: Buffer): string[] {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  const names: string[] = [];
  for (let offset = 12; offset + 8 <= file.length; ) {
    const size = file.readUInt32LE(offset + 4);
    names.push(file.toString('latin1', offset, offset + 4));
    offset += 8 + size + (size % 2);
  }
  return names;
}

// --- uploads over real HTTP ------------------------------------------------------------------

export const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isommp41', 'latin1'),
]);
export const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
]);

/** A file of `size` bytes made while it is sent: a chunk of 64 KB reused, never the whole file. */
export async function* generated(size: number, head: Buffer, onSent?: (sent: number) => Promise<void>) {
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  let sent = 0;
  while (sent < size) {
    const length = Math.min(chunk.length, size - sent);
    yield sent === 0 ? Buffer.concat([head, chunk.subarray(head.length, length)]) : chunk.subarray(0, length);
    sent += length;
    await onSent?.(sent);
  }
}

export interface UploadSession {
  cookie: string;
  csrf: string;
  profileId: number;
}

export type Outcome = { status: number; body: string } | { aborted: true };

/**
 * POSTs to `base` a multipart upload whose file is streamed, as a browser does. `abort` may end the
 * request mid-way (the tab closed): it is called after each chunk with the bytes sent so far.
 */
export function streamUpload(
  base: string,
  who: UploadSession,
  file: { size: number; head: Buffer; filename: string } | { size: number; path: string; filename: string },
  abort?: (sent: number) => Promise<boolean>,
): Promise<Outcome> {
  const { head, tail } = multipartEnvelope({ filename: file.filename });
  return new Promise((resolve, reject) => {
    let aborted = false;
    const request = httpRequest(`${base}/api/profiles/${who.profileId}/media`, {
      method: 'POST',
      agent: false,
      headers: {
        cookie: who.cookie,
        [CSRF_HEADER]: who.csrf,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + file.size + tail.length,
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        body += text;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error) => (aborted ? resolve({ aborted: true }) : reject(error)));
    async function* body() {
      yield head;
      if ('path' in file) {
        // A real file from the disk, read a chunk at a time as it is sent.
        for await (const chunk of createReadStream(file.path, { highWaterMark: 64 * 1024 }))
          yield chunk as Buffer;
      } else {
        yield* generated(file.size, file.head, async (sent) => {
          if (abort && (await abort(sent))) {
            aborted = true;
            request.destroy();
          }
        });
      }
      yield tail;
    }
    Readable.from(body()).pipe(request);
  });
}

/** The cookies and CSRF token a browser holds after its first page, for a session's access token. */
export async function signedInOverHttp(
  base: string,
  names: CookieNames,
  accessToken: string,
  profileId: number,
): Promise<UploadSession> {
  const access = `${names.access}=${accessToken}`;
  const health = await fetch(`${base}/api/health`, { headers: { cookie: access } });
  await health.arrayBuffer();
  const csrf = health.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${names.csrf}=`))
    ?.slice(names.csrf.length + 1);
  if (!csrf) throw new Error('no CSRF cookie');
  return { cookie: `${access}; ${names.csrf}=${csrf}`, csrf, profileId };
}
