import { describe, expect, it } from 'vitest';
import { turns } from './repository';

describe('listing statements at once (turns)', () => {
  it('lets `limit` start at once and the others in the order they came, one per statement ended', async () => {
    const { turn, done } = turns(2);
    const started: number[] = [];
    const start = async (n: number) => {
      const wait = turn();
      if (wait) await wait;
      started.push(n);
    };
    const all = [1, 2, 3, 4, 5].map(start);
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    done();
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3]);
    done();
    done();
    await Promise.all(all);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    // The two still running end: both turns are free again.
    done();
    done();
    expect(turn()).toBeUndefined();
    expect(turn()).toBeUndefined();
    expect(turn()).toBeInstanceOf(Promise);
  });
});
