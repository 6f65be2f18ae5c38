// A rendered page as gzip, compressed piece by piece: the parts every page shares once, its own
// parts for it. See gzipPage.
import { promisify } from 'node:util';
import {
  crc32,
  createDeflateRaw,
  type DeflateRaw,
  deflateRaw,
  gzip,
  constants as zlibConstants,
} from 'node:zlib';

/**
 * A page's bytes, and where in them the pieces every page shares are (the inlined styles, a
 * language's texts): each at its offset, as the very buffer every page holds.
 */
export interface PageBytes {
  readonly html: Buffer;
  readonly shared: readonly { readonly at: number; readonly piece: Buffer }[];
}

/** A shared piece shorter than this is compressed with the page's own text around it. */
export const SHARED_MIN = 2_048;
/** Own text shorter than this (between two shared pieces) is stored as it is: 5 bytes more, no call to zlib. */
const STORED_MAX = 256;
/** The page's own text: level 4 gave within 1 % of level 6's bytes for 10 % less CPU. */
const OWN_LEVEL = 4;
/** The shared pieces, compressed once for every page: the smallest deflate makes. */
const SHARED_LEVEL = 9;
/** As many as libuv's pool has threads (4 unless UV_THREADPOOL_SIZE says otherwise). */
const DEFLATERS = Math.max(1, Number(process.env.UV_THREADPOOL_SIZE) || 4);

const raw = promisify(deflateRaw);
const gzipped = promisify(gzip);

/**
 * Deflate streams kept open, one per thread of libuv's pool, that compress pages' own text one
 * segment after another. Each segment ends with a full flush: byte-aligned, and nothing after it
 * points back into it, so it stands alone in its page. A stream made per segment (three a page)
 * cost about 40 us of the main thread each, and their garbage grew the heap under a crawler.
 */
class SegmentDeflater {
  private stream: DeflateRaw | null = null;
  private chunks: Buffer[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  private open(): DeflateRaw {
    if (this.stream) return this.stream;
    // Every write ends with a full flush: one call into zlib a segment.
    const stream = createDeflateRaw({ level: OWN_LEVEL, flush: zlibConstants.Z_FULL_FLUSH });
    stream.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    // A stream that failed is dropped: the next segment opens another.
    stream.on('error', () => {
      if (this.stream === stream) this.stream = null;
    });
    this.stream = stream;
    return stream;
  }

  segment(bytes: Buffer): Promise<Buffer> {
    const made = this.queue.then(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          const stream = this.open();
          this.chunks = [];
          stream.write(bytes, (error) => {
            const out = Buffer.concat(this.chunks);
            this.chunks = [];
            if (error) reject(error);
            else resolve(out);
          });
        }),
    );
    this.queue = made.catch(() => undefined);
    return made;
  }
}

const deflaters = Array.from({ length: DEFLATERS }, () => new SegmentDeflater());
let next = 0;
const ownDeflate = (bytes: Buffer) => {
  next = (next + 1) % deflaters.length;
  return (deflaters[next] as SegmentDeflater).segment(bytes);
};

/** gzip's header: deflate, no name or time, made on Unix. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last block: final, fixed codes, holding only its end. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** Own text as a stored block (the stream is byte-aligned here): its length, its complement, the bytes. */
function stored(bytes: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + bytes.length);
  block[0] = 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** Each shared piece's deflate, made once (off the main thread) and kept while the piece is. */
const compressedShared = new WeakMap<Buffer, Promise<Buffer>>();
function sharedSegment(piece: Buffer): Promise<Buffer> {
  let compressed = compressedShared.get(piece);
  if (!compressed) {
    // Ends byte-aligned and leaves the stream open, so that the page's next segment can follow.
    const made = raw(piece, { level: SHARED_LEVEL, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    // A failed compression is not kept: the next page tries again.
    made.catch(() => {
      if (compressedShared.get(piece) === made) compressedShared.delete(piece);
    });
    compressedShared.set(piece, made);
    compressed = made;
  }
  return compressed;
}

const ownSegment = (bytes: Buffer): Promise<Buffer> | Buffer =>
  bytes.length < STORED_MAX ? stored(bytes) : ownDeflate(bytes);

/**
 * The page as one gzip member. Deflate lets a stream go on after a flush with blocks compressed
 * apart: each shared piece's blocks are made once and copied into every page, and only the page's
 * own text (its markup and data, about a third of it) is compressed for it, in libuv's pool.
 * Issue 31: on an 86 KB page, a quarter of brotli 3's CPU for bytes within 3 % of it (the pieces
 * cannot point back into one another, which costs about what brotli's better coding gains). The
 * checksum is over the whole page (about 30 us on the main thread).
 */
export async function gzipPage({ html, shared }: PageBytes): Promise<Buffer> {
  if (typeof crc32 !== 'function') return gzipped(html);
  const segments: (Promise<Buffer> | Buffer)[] = [HEADER];
  let at = 0;
  for (const { at: start, piece } of shared) {
    if (start > at) segments.push(ownSegment(html.subarray(at, start)));
    segments.push(sharedSegment(piece));
    at = start + piece.length;
  }
  if (at < html.length) segments.push(ownSegment(html.subarray(at)));
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc32(html) >>> 0, 0);
  trailer.writeUInt32LE(html.length >>> 0, 4);
  segments.push(LAST_BLOCK, trailer);
  return Buffer.concat(await Promise.all(segments));
}
