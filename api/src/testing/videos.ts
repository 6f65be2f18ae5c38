import { execFile } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/** Videos the media tests upload, recorded on the spot by the same ffmpeg the server runs. */

const run = promisify(execFile);

/** Where the test phone stood: Red Square, as ISO 6709 and as the decimal digits any copy would hold. */
export const RECORDED_AT = '+55.7558+037.6173/';
export const RECORDED_TRACES = ['55.7558', '37.6173', 'TestPhone', 'TP-1000', 'Somebody'];

/** An XMP packet as Adobe's tools put it at the top level of an MP4, in a `uuid` box. */
function xmpBox(): Buffer {
  const packet = Buffer.from(
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
      'exif:GPSLatitude="55,45.348N" exif:GPSLongitude="37,37.038E"><dc:creator>Somebody</dc:creator>' +
      '</rdf:Description></rdf:RDF></x:xmpmeta>',
  );
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + 16 + packet.length);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([header, Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), packet]);
}

/**
 * A 1-second clip with sound as a phone records it: its location (`©xyz` in a MOV, `loci` and
 * QuickTime keys in an MP4), recording time, maker and model in the file's tags, a model and an author in the
 * picture track's, and an XMP packet with the GPS position appended to an MP4 or a MOV.
 */
export async function recordedVideo(format: 'mp4' | 'mov' | 'webm'): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'recorded-video-'));
  const file = path.join(folder, `clip.${format}`);
  try {
    const codecs =
      format === 'webm'
        ? ['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
    await run(ffmpeg.path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      ...codecs,
      '-shortest',
      '-metadata',
      `location=${RECORDED_AT}`,
      '-metadata',
      `location-eng=${RECORDED_AT}`,
      '-metadata',
      'creation_time=2026-05-01T12:34:56Z',
      '-metadata',
      'make=TestPhone',
      '-metadata',
      'model=TP-1000',
      '-metadata',
      `com.apple.quicktime.location.ISO6709=${RECORDED_AT}`,
      '-metadata:s:v:0',
      'model=TP-1000',
      '-metadata:s:v:0',
      'artist=Somebody',
      // MP4: every tag as a QuickTime key in `udta/meta` (a MOV has them in `udta` anyway).
      ...(format === 'mp4' ? ['-movflags', 'use_metadata_tags'] : []),
      '-f',
      format,
      file,
    ]);
    const data = await readFile(file);
    return format === 'webm' ? data : Buffer.concat([data, xmpBox()]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A video of exactly `size` bytes at `file`, made in well under a second: uncompressed frames of
 * a test picture in a MOV (as much of `size` as whole frames fill), then a `free` box, which
 * players skip, for the rest.
 */
export async function largeVideo(file: string, size: number): Promise<void> {
  const frameBytes = 1280 * 720 * 2;
  const frames = Math.floor((size - 64 * 1024) / frameBytes);
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-frames:v',
    String(frames),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'uyvy422',
    '-f',
    'mov',
    '-y',
    file,
  ]);
  const handle = await open(file, 'a');
  try {
    const { size: written } = await handle.stat();
    const padding = Buffer.alloc(size - written);
    padding.writeUInt32BE(padding.length);
    padding.write('free', 4, 'latin1');
    await handle.write(padding);
  } finally {
    await handle.close();
  }
}

/**
 * The boxes of an MP4 or MOV file as paths (`moov/udta/©xyz`), through every box that holds
 * others, metadata's included: what a reader of the file finds, not only what ffprobe reports.
 */
export function movieBoxes(file: Buffer): string[] {
  const containers = new Set([
    'moov',
    'trak',
    'mdia',
    'minf',
    'stbl',
    'edts',
    'dinf',
    'udta',
    'meta',
    'ilst',
    'mvex',
  ]);
  const paths: string[] = [];
  const walk = (start: number, end: number, parent: string) => {
    for (let offset = start; offset + 8 <= end; ) {
      let size = file.readUInt32BE(offset);
      let header = 8;
      if (size === 1) {
        size = Number(file.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end)
        throw new Error(`broken box at ${offset} in ${parent || 'the file'}`);
      const type = file.toString('latin1', offset + 4, offset + 8);
      const here = parent ? `${parent}/${type}` : type;
      paths.push(here);
      if (containers.has(type)) {
        // An ISO `meta` starts with a version and flags; a QuickTime one with its first box.
        const skip = type === 'meta' && file.readUInt32BE(offset + header) === 0 ? 4 : 0;
        walk(offset + header + skip, offset + size, here);
      }
      offset += size;
    }
  };
  walk(0, file.length, '');
  return paths;
}

export interface Probe {
  /** ffmpeg's name for the container it read (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`). */
  container: string;
  /** In seconds, as the container says. */
  duration: number;
  /** `video h264`, `audio aac`... */
  streams: string[];
  /** Everything ffmpeg prints about the file: its tags and every stream's. */
  header: string;
}

/**
 * What ffmpeg reads of a file, having decoded every frame of every stream (a file that does not
 * play fails): its container, duration, streams and every tag it finds.
 */
export async function probe(file: string): Promise<Probe> {
  const { stderr } = await run(ffmpeg.path, [
    '-hide_banner',
    '-nostdin',
    '-xerror',
    '-i',
    file,
    '-map',
    '0',
    '-f',
    'null',
    '-',
  ]);
  const header = stderr.slice(stderr.indexOf('Input #0'), stderr.indexOf('Stream mapping:'));
  const [, hours = '0', minutes = '0', seconds = 'NaN'] = /Duration: (\d+):(\d+):([\d.]+)/.exec(header) ?? [];
  return {
    container: /Input #0, (\S+), from/.exec(header)?.[1] ?? '',
    duration: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds),
    streams: [...header.matchAll(/Stream #0:\d+.*?: (Video|Audio|Data|Subtitle|Attachment): (\w+)/g)].map(
      ([, type = '', codec = '']) => `${type.toLowerCase()} ${codec}`,
    ),
    header,
  };
}
