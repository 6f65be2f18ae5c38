import { constants, deflateRawSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPage, type PageBytes, SHARED_MIN } from './page-gzip';
import { pageBytes, type Piece } from './page-renderer';

/** Text that compresses as a page does, different for each seed. */
const text = (seed: number, length: number) => {
  let out = '';
  for (let i = 0; out.length < length; i += 1)
    out += `<div class="card-${(seed * 31 + i) % 97}">Анкета ${seed}-${i}</div>`;
  return out.slice(0, length);
};
const shared = (seed: number, length: number) => Buffer.from(text(seed, length));

async function roundTrip(pieces: Piece[]): Promise<{ bytes: PageBytes; gzipped: Buffer }> {
  const bytes = pageBytes(pieces);
  const gzipped = await gzipPage(bytes);
  expect(gunzipSync(gzipped).equals(bytes.html)).toBe(true);
  return { bytes, gzipped };
}

describe('a page as gzip by its pieces', () => {
  const styles = shared(1, 40_000);
  const texts = shared(2, 14_000);
  const small = Buffer.alloc(SHARED_MIN - 1, 'a');

  it('decodes to the page, byte for byte, whatever its pieces are', async () => {
    await roundTrip(['<!doctype html><head>', styles, text(4, 20_000), texts, '</html>']);
    // Shared pieces first, last, side by side; own text short (stored) or long (compressed) between.
    await roundTrip([styles, texts, 'x', styles]);
    await roundTrip([texts, '"', small, '",', texts, text(5, 255), styles, text(6, 256)]);
    await roundTrip(['only the page’s own text, in Кириллица too']);
    await roundTrip([styles]);
    await roundTrip([]);
  });

  it('keeps pages compressed at the same time apart (their segments share the deflate streams)', async () => {
    const pages = Array.from({ length: 12 }, (_, i) => [
      '<head>',
      styles,
      text(20 + i, 3_000 + i * 700),
      texts,
      text(40 + i, 900),
    ]);
    const made = await Promise.all(pages.map((pieces) => gzipPage(pageBytes(pieces))));
    made.forEach((gzipped, i) => {
      expect(gunzipSync(gzipped).equals(pageBytes(pages[i] as Piece[]).html), `page ${i}`).toBe(true);
    });
  });

  it('copies each shared piece compressed once, the same bytes in every page', async () => {
    const once = deflateRawSync(styles, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    const one = await roundTrip(['<head>', styles, text(7, 9_000)]);
    const two = await roundTrip(['<html lang="en"><head>', styles, text(8, 12_000), texts]);
    expect(one.bytes.shared.map(({ at }) => at)).toEqual([6]);
    expect(two.bytes.shared.map(({ piece }) => piece)).toEqual([styles, texts]);
    expect(one.gzipped.includes(once)).toBe(true);
    expect(two.gzipped.includes(once)).toBe(true);
    // A short shared piece is compressed with the text around it.
    expect(pageBytes(['a', small, 'b']).shared).toEqual([]);
  });

  it('is about as small as the page compressed whole', async () => {
    const pieces: Piece[] = ['<head>', styles, text(9, 24_000), texts, text(10, 11_000)];
    const { bytes, gzipped } = await roundTrip(pieces);
    const whole = deflateRawSync(bytes.html, { level: 6 }).length + 18;
    expect(gzipped.length).toBeLessThan(whole * 1.1);
  });
});
