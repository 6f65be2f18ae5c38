import type { ModelCard } from 'contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_PHOTO_SIZES, HEAD_PRELOADED_CARDS, listingFirstImages, preloadImages } from './preload-images';

afterEach(() => {
  document.head.innerHTML = '';
});

const card = (id: number, url: string | null) =>
  ({ id, photo: url ? { url } : null }) as unknown as ModelCard;

describe('preloading the first photos', () => {
  it('asks for the file the <img> will use: its srcset and sizes, not the largest file alone', () => {
    preloadImages(
      listingFirstImages([card(1, '/media/u/a/w1280.webp'), card(2, '/media/placeholder/2.svg')], 2),
    );
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/media/u/a/w1280.webp',
      '/media/placeholder/2.svg',
    ]);
    expect(links[0]?.getAttribute('imagesrcset')).toBe(
      '/media/u/a/w320.webp 320w, /media/u/a/w640.webp 640w, /media/u/a/w1280.webp 1280w',
    );
    expect(links[0]?.getAttribute('imagesizes')).toBe(CARD_PHOTO_SIZES);
    expect(links[1]?.hasAttribute('imagesrcset')).toBe(false);
  });

  it('takes the first cards asked for, skips cards without a photo and never adds a link twice', () => {
    const cards = [card(1, null), card(2, '/media/placeholder/2.svg'), card(3, '/media/placeholder/3.svg')];
    expect(listingFirstImages(cards, HEAD_PRELOADED_CARDS).map((image) => image.src)).toEqual([
      '/media/placeholder/2.svg',
    ]);
    preloadImages(listingFirstImages(cards, 3));
    preloadImages(listingFirstImages(cards, 3));
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(2);
  });
});
