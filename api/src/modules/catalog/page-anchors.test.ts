import { describe, expect, it } from 'vitest';
import { createPageAnchors, MAX_SKIP_PAGES } from './page-anchors';

const KEY = { bumpKey: '-infinity', publishedAt: '2026-10-03 02:59:09.545123+00', id: '360' };
const OTHER = { bumpKey: '2026-11-25 13:28:36.545+00', publishedAt: '2026-10-05 04:50:00+00', id: 75_601 };

/** A clock the test moves by hand. */
function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('page anchors', () => {
  it('give back where a page starts, for those filters and that offset only', () => {
    const anchors = createPageAnchors(60_000);
    anchors.remember('city(city,) ["moscow"]', 24, KEY, anchors.mark());
    anchors.remember('city(city,) ["moscow"]', 48, OTHER, anchors.mark());

    expect(anchors.find('city(city,) ["moscow"]', 24)).toEqual({ key: KEY, skip: 0 });
    expect(anchors.find('city(city,) ["moscow"]', 48)).toEqual({ key: OTHER, skip: 0 });
    expect(anchors.find('city(city,) ["sochi"]', 24)).toBeUndefined();
    expect(anchors.find('city(city,) ["sochi"]', 48)).toBeUndefined();
  });

  it('start a page after the nearest page end before it, skipping the pages between', () => {
    const anchors = createPageAnchors(60_000);
    anchors.remember('a', 24, KEY, anchors.mark());
    anchors.remember('a', 5 * 24, OTHER, anchors.mark());

    expect(anchors.find('a', 2 * 24)).toEqual({ key: KEY, skip: 24 });
    expect(anchors.find('a', 4 * 24)).toEqual({ key: KEY, skip: 3 * 24 });
    expect(anchors.find('a', 7 * 24)).toEqual({ key: OTHER, skip: 2 * 24 });
    // At most MAX_SKIP_PAGES pages back; page 1 (offset 0) never has a start.
    expect(anchors.find('a', (5 + MAX_SKIP_PAGES) * 24)).toEqual({ key: OTHER, skip: MAX_SKIP_PAGES * 24 });
    expect(anchors.find('a', (6 + MAX_SKIP_PAGES) * 24)).toBeUndefined();
    expect(anchors.find('a', 0)).toBeUndefined();
  });

  it('forget every anchor on clear', () => {
    const anchors = createPageAnchors(60_000);
    anchors.remember('a', 24, KEY, anchors.mark());
    anchors.clear();
    expect(anchors.find('a', 24)).toBeUndefined();
  });

  it('keep nothing a read saw before a clear, even if it ends after it', () => {
    const anchors = createPageAnchors(60_000);
    const before = anchors.mark();
    anchors.clear();
    anchors.remember('a', 24, KEY, before);
    expect(anchors.find('a', 24)).toBeUndefined();

    // A read started after the clear is kept.
    anchors.remember('a', 24, OTHER, anchors.mark());
    expect(anchors.find('a', 24)).toEqual({ key: OTHER, skip: 0 });
  });

  it('expire after their time', () => {
    const time = clock();
    const anchors = createPageAnchors(60_000, { now: time.now });
    anchors.remember('a', 24, KEY, anchors.mark());
    time.advance(59_000);
    expect(anchors.find('a', 24)).toEqual({ key: KEY, skip: 0 });
    time.advance(2_000);
    expect(anchors.find('a', 24)).toBeUndefined();
  });

  it('keep the latest pages when there are more than they hold', () => {
    const anchors = createPageAnchors(60_000, { max: 2 });
    anchors.remember('a', 24, KEY, anchors.mark());
    anchors.remember('b', 24, KEY, anchors.mark());
    anchors.remember('c', 24, OTHER, anchors.mark());
    expect(anchors.find('a', 24)).toBeUndefined();
    expect(anchors.find('c', 24)).toEqual({ key: OTHER, skip: 0 });
  });

  it('keep nothing when off (0 ms)', () => {
    const anchors = createPageAnchors(0);
    anchors.remember('a', 24, KEY, anchors.mark());
    expect(anchors.find('a', 24)).toBeUndefined();
  });
});
