import { type FileHandle, open } from 'node:fs/promises';

/**
 * Boxes of an MP4 or QuickTime file that hold metadata rather than the movie: user data (`udta`,
 * with a phone's `©xyz` location, `loci`, maker and model), `meta` (iTunes and QuickTime keys),
 * `uuid` (XMP among others) and Adobe's `XMP_`.
 */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid', 'XMP_']);
/** Boxes that hold other boxes on the way to a track's metadata. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'dinf', 'mvex']);
/** A `moov` larger than this is not one of a 50 MB upload's. */
const MAX_MOVIE_BOX = 16 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

function boxAt(data: Buffer, offset: number, end: number): Box | null {
  if (offset + 8 > end) return null;
  let size = data.readUInt32BE(offset);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return null;
    size = Number(data.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize || offset + size > end) return null;
  return { type: data.toString('latin1', offset + 4, offset + 8), start: offset, headerSize, size };
}

/** Turns every metadata box under `[start, end)` into `free` padding of the same size. */
function blankMetadata(data: Buffer, start: number, end: number): number {
  let blanked = 0;
  for (let offset = start; offset < end; ) {
    const box = boxAt(data, offset, end);
    if (!box) throw new Error(`broken box at ${offset}`);
    if (METADATA_BOXES.has(box.type)) {
      // Same size, so every offset into the file (the chunk tables') still holds.
      data.write('free', box.start + 4, 'latin1');
      data.fill(0, box.start + box.headerSize, box.start + box.size);
      blanked++;
    } else if (CONTAINERS.has(box.type)) {
      blanked += blankMetadata(data, box.start + box.headerSize, box.start + box.size);
    }
    offset += box.size;
  }
  return blanked;
}

/** The top-level box at `offset`, from its header. */
async function topLevelBox(handle: FileHandle, offset: number, fileSize: number): Promise<Box> {
  const header = Buffer.alloc(16);
  const { bytesRead } = await handle.read(header, 0, 16, offset);
  const declared = bytesRead >= 8 ? header.readUInt32BE(0) : 0;
  const headerSize = declared === 1 ? 16 : 8;
  let size = declared;
  if (declared === 1 && bytesRead >= 16) size = Number(header.readBigUInt64BE(8));
  // Size 0: the box runs to the end of the file.
  if (declared === 0) size = fileSize - offset;
  if (bytesRead < headerSize || size < headerSize || offset + size > fileSize) {
    throw new Error(`broken box at ${offset}`);
  }
  return { type: header.toString('latin1', 4, 8), start: offset, headerSize, size };
}

/**
 * Blanks, in place, what metadata boxes ffmpeg's MP4 writer leaves even without metadata (an
 * empty iTunes `udta/meta`), and any it did not know to drop: the movie box is read, its
 * metadata boxes become zeroed `free` boxes of the same size, and it is written back. Returns
 * how many it blanked.
 */
export async function blankMovieMetadata(file: string): Promise<number> {
  const handle = await open(file, 'r+');
  try {
    const { size: fileSize } = await handle.stat();
    let blanked = 0;
    for (let offset = 0; offset < fileSize; ) {
      const box = await topLevelBox(handle, offset, fileSize);
      if (box.type === 'moov' || METADATA_BOXES.has(box.type)) {
        if (box.size > MAX_MOVIE_BOX) throw new Error(`a ${box.type} box of ${box.size} bytes`);
        const data = Buffer.alloc(box.size);
        await handle.read(data, 0, box.size, offset);
        const count =
          box.type === 'moov'
            ? blankMetadata(data, box.headerSize, box.size)
            : blankMetadata(data, 0, box.size);
        if (count > 0) await handle.write(data, 0, box.size, offset);
        blanked += count;
      }
      offset += box.size;
    }
    return blanked;
  } finally {
    await handle.close();
  }
}
