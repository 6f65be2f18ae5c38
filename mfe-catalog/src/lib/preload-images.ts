/** How many cards of a listing page load their photo at once (the first screen on a phone or desktop). */
export const EAGER_CARDS = 4;

/**
 * Starts downloading the photos the first screen will show as soon as the page's data is here,
 * instead of when React has rendered their `<img>` (the first photo is the page's largest
 * paint). The `<img>` later finds them in the browser's memory cache.
 */
export function preloadImages(urls: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const url of urls) {
    if (document.head.querySelector(`link[rel="preload"][as="image"][href="${CSS.escape(url)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}
