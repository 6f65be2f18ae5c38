import { photoSrcSet } from 'contracts';
import type { PageImage } from 'platform';

/** The `sizes` of a listing card's photo: half a phone's width, else a 300 px column. */
export const CARD_PHOTO_SIZES = '(max-width: 768px) 50vw, 300px';
/** The `sizes` of a profile's first photo: a phone's width, else the gallery's column. */
export const PROFILE_PHOTO_SIZES = '(max-width: 768px) 100vw, 45vw';
/** How many card photos the server asks the browser to fetch before anything else (a phone's first row). */
export const PRELOADED_CARDS = 2;

/** An image the page paints first, for a `<link rel="preload" as="image">` in the head. */
export function firstImage(url: string, sizes: string): PageImage {
  const srcSet = photoSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url, sizes };
}
