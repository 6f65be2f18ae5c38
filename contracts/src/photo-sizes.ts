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
