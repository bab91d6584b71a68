import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from '../../../src/lib/keyedQueue.js';
import { countWaiting } from '../../../src/ops/countedQueue.js';

describe('countWaiting', () => {
  it('counts tasks queued behind another until they start, across channels', async () => {
    const queue = countWaiting(createKeyedQueue());
    let release: () => void = () => {};
    const first = queue.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    expect(queue.waiting()).toBe(0);
    // Once it starts, only the third is still waiting.
    const second = queue.run('a', async () => queue.waiting());
    const third = queue.run('a', async () => {
      throw new Error('fails');
    });
    void queue.run('b', async () => undefined);
    expect(queue.waiting()).toBe(2);
    expect(queue.depth('a')).toBe(3);
    // The first task starts in a microtask; the others still wait behind it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queue.waiting()).toBe(2);
    release();
    await first;
    expect(await second).toBe(1);
    await expect(third).rejects.toThrow('fails');
    expect(queue.waiting()).toBe(0);
  });
});
