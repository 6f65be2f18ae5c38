import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

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
