import { type ModelCard, type ModelDetails, type PageImage, pageImage } from 'contracts';

/** How many cards of a listing page load their photo at once (the first screen on a phone or desktop). */
export const EAGER_CARDS = 4;
/**
 * How many card photos a server-rendered page asks for ahead of everything in its head: a phone's
 * first row, so the largest paint does not share the link with photos further down.
 */
export const HEAD_PRELOADED_CARDS = 2;

/** The `sizes` of a listing card's photo: half a phone's width, else a 300 px column. */
export const CARD_PHOTO_SIZES = '(max-width: 768px) 50vw, 300px';
/** The `sizes` of a profile's first photo: a phone's width, else the gallery's column. */
export const PROFILE_PHOTO_SIZES = '(max-width: 768px) 100vw, 45vw';

/** The photos of a listing page's first `count` cards. */
export const listingFirstImages = (cards: readonly ModelCard[], count: number): PageImage[] =>
  cards.slice(0, count).flatMap((card) => (card.photo ? [pageImage(card.photo.url, CARD_PHOTO_SIZES)] : []));

/** The photo a profile page paints first. */
export const profileFirstImages = (model: ModelDetails): PageImage[] =>
  model.photos.slice(0, 1).map((photo) => pageImage(photo.url, PROFILE_PHOTO_SIZES));

/**
 * Starts downloading the photos the first screen will show as soon as the page's data is here,
 * instead of when React has rendered their `<img>` (the first photo is the page's largest
 * paint). The `<img>` later finds them in the browser's memory cache. A page the server rendered
 * already asks for them in its head (the same images, see server.ts).
 */
export function preloadImages(images: readonly PageImage[]): void {
  if (typeof document === 'undefined') return;
  for (const image of images) {
    if (document.head.querySelector(`link[rel="preload"][as="image"][href="${CSS.escape(image.src)}"]`))
      continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = image.src;
    if (image.srcSet) {
      link.setAttribute('imagesrcset', image.srcSet);
      link.setAttribute('imagesizes', image.sizes);
    }
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}
