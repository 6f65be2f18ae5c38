import { PHOTO_WIDTHS } from 'contracts';
import sharp from 'sharp';
import { ApiError } from '../../lib/api-error';
import { processing } from './processing';

export { PHOTO_WIDTHS };

/**
 * Decoded pixels a photo may have (a 50 MP camera's). A small file can claim a huge picture (a
 * decompression bomb); sharp refuses it from the header before it allocates anything.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

// Uploads are read once; libvips' cache of open files would only keep deleted temporary files open.
sharp.cache({ files: 0 });

export interface PhotoVariant {
  /** The file's name inside the medium's folder, e.g. `w640.webp`. */
  name: string;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Decodes an uploaded photo and encodes it again as WebP in each width of `PHOTO_WIDTHS` up to
 * its own: turned upright by its EXIF orientation, and with every metadata block left behind
 * (EXIF with GPS, XMP, IPTC, ICC: sharp writes none unless asked to). A file that does not decode,
 * truncated ones included, or that has too many pixels is 422 IMAGE_PROCESSING_FAILED.
 */
export function processPhoto(file: string): Promise<PhotoVariant[]> {
  // In turn with other photos and videos: each takes a core and tens of MB while it is decoded.
  return processing.run(async () => {
    // `error` refuses truncated and corrupt pixel data, but not the warnings many cameras' and
    // editors' files raise (extraneous bytes between JPEG markers, a PNG's odd sRGB profile),
    // which browsers display without a murmur.
    const open = () => sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    try {
      const { width, height, orientation } = await open().metadata();
      // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
      const uprightWidth = (orientation ?? 1) >= 5 ? height : width;
      const widths = [...new Set(PHOTO_WIDTHS.map((target) => Math.min(target, uprightWidth)))];
      const variants: PhotoVariant[] = [];
      for (const target of widths) {
        const { data, info } = await open()
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ name: `w${info.width}.webp`, width: info.width, height: info.height, data });
      }
      return variants;
    } catch {
      throw new ApiError(422, 'IMAGE_PROCESSING_FAILED');
    }
  });
}
