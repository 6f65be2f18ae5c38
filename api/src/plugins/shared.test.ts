import { describe, expect, it } from 'vitest';
import { createMemoryBus } from './shared';

describe('the message bus of one process', () => {
  it('delivers each message to every subscriber of its channel, and none after unsubscribing', async () => {
    const bus = createMemoryBus();
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    const stopFirst = bus.subscribe('cache', (message) => first.push(message));
    bus.subscribe('cache', (message) => second.push(message));
    bus.subscribe('elsewhere', (message) => other.push(message));
    await bus.publish('cache', 'one');
    stopFirst();
    await bus.publish('cache', 'two');
    expect(first).toEqual(['one']);
    expect(second).toEqual(['one', 'two']);
    expect(other).toEqual([]);
  });
});
