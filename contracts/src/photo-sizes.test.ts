import { describe, expect, it } from 'vitest';
import { photoSrcSet } from './photo-sizes';

describe('photoSrcSet', () => {
  it('lists every stored width up to the largest', () => {
    expect(photoSrcSet('/media/u/ab12/w1280.webp')).toBe(
      '/media/u/ab12/w320.webp 320w, /media/u/ab12/w640.webp 640w, /media/u/ab12/w1280.webp 1280w',
    );
    // An upload 800 px wide was stored at 320, 640 and 800.
    expect(photoSrcSet('/media/u/ab12/w800.webp')).toBe(
      '/media/u/ab12/w320.webp 320w, /media/u/ab12/w640.webp 640w, /media/u/ab12/w800.webp 800w',
    );
    expect(photoSrcSet('/media/u/ab12/w200.webp')).toBe('/media/u/ab12/w200.webp 200w');
  });

  it('has nothing for pictures without sizes', () => {
    expect(photoSrcSet('/media/placeholder/12.svg')).toBeUndefined();
  });
});
