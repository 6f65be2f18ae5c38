import { describe, expect, it } from 'vitest';
import { visiblePages } from './pagination';

describe('visiblePages', () => {
  it('lists every page of a short list', () => {
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first and last page and collapses the rest into gaps', () => {
    expect(visiblePages(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });
});
