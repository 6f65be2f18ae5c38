import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read';

/** A read whose answers the test hands out one by one, and a clock the test moves. */
function fixture() {
  let clock = 0;
  const pending: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  const read = sharedRead(
    1_000,
    () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    () => clock,
  );
  return {
    read,
    pending,
    at: (ms: number) => {
      clock = ms;
    },
  };
}

describe('a shared read', () => {
  it('is read once for every request within its window, the read under way shared too', async () => {
    const { read, pending, at } = fixture();
    const first = read.get();
    const second = read.get();
    expect(pending).toHaveLength(1);
    pending[0]?.resolve(7);
    expect([await first, await second]).toEqual([7, 7]);
    at(999);
    expect(await read.get()).toBe(7);
    expect(pending).toHaveLength(1);
  });

  it('reads again once its window is over', async () => {
    const { read, pending, at } = fixture();
    const first = read.get();
    pending[0]?.resolve(1);
    await first;
    at(1_000);
    const next = read.get();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(2);
    expect(await next).toBe(2);
  });

  it('does not keep a failed read: the next request reads again', async () => {
    const { read, pending } = fixture();
    const failed = read.get();
    pending[0]?.reject(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    const next = read.get();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(3);
    expect(await next).toBe(3);
  });

  it('reads again after clear(), and a read started before it is not kept', async () => {
    const { read, pending } = fixture();
    const old = read.get();
    read.clear();
    const fresh = read.get();
    expect(pending).toHaveLength(2);
    pending[0]?.resolve(1);
    pending[1]?.resolve(2);
    expect([await old, await fresh]).toEqual([1, 2]);
    // The old read's answer came last but one: what is kept is the read made after the change.
    expect(await read.get()).toBe(2);
    expect(pending).toHaveLength(2);
    // A read no longer kept that fails does not drop the one kept.
    read.clear();
    const dropped = read.get();
    read.clear();
    const kept = read.get();
    pending[3]?.resolve(4);
    expect(await kept).toBe(4);
    pending[2]?.reject(new Error('late'));
    await expect(dropped).rejects.toThrow('late');
    expect(await read.get()).toBe(4);
    expect(pending).toHaveLength(4);
  });
});
