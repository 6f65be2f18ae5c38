/** Widths stored for `srcset`: a card, a phone screen, a large screen. Never wider than the upload. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** An uploaded photo's largest size: `/media/u/<key>/w<width>.webp`. */
const STORED_PHOTO = /^(.*\/)w(\d+)\.webp$/;

/**
 * The `srcset` of a photo the API names by its largest size. The API stores every width of
 * `PHOTO_WIDTHS` below that one, and the largest itself (a smaller upload is never enlarged), so
 * the smaller files are known from the name. Other pictures (the demo's placeholders, which are
 * vector drawings) have no sizes: undefined.
 */
export function photoSrcSet(url: string): string | undefined {
  const match = STORED_PHOTO.exec(url);
  if (!match) return undefined;
  const [, folder, largest] = match;
  const widths = [...PHOTO_WIDTHS.filter((width) => width < Number(largest)), Number(largest)];
  return widths.map((width) => `${folder}w${width}.webp ${width}w`).join(', ');
}

/**
 * A photo a page paints first (its largest paint), for `<link rel="preload" as="image">`: the
 * server writes it into the head, the browser adds it when the data of a page it renders arrives.
 * `srcSet` and `sizes` are the `<img>`'s own, so the preload fetches the file the `<img>` will use.
 */
export interface PageImage {
  src: string;
  srcSet?: string;
  sizes: string;
}

/** The preload of a stored photo, with its `srcset` when it has one. */
export function pageImage(url: string, sizes: string): PageImage {
  const srcSet = photoSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url, sizes };
}
