import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyedQueue } from '../../../src/lib/keyedQueue.js';

describe('keyed queue', () => {
  it('runs one key in order, other keys in parallel, and survives a failing task', async () => {
    const queue = createKeyedQueue();
    const order: string[] = [];
    const waits: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a1 = queue.run('a', async () => {
      await gate;
      order.push('a1');
      throw new Error('boom');
    });
    const a2 = queue.run(
      'a',
      async () => order.push('a2'),
      (ahead) => waits.push(ahead),
    );
    const b1 = queue.run('b', async () => order.push('b1'));
    await b1;
    expect(order).toEqual(['b1']);
    expect(queue.depth('a')).toBe(2);
    release();
    await expect(a1).rejects.toThrow('boom');
    await a2;
    expect(order).toEqual(['b1', 'a1', 'a2']);
    expect(waits).toEqual([1]);
    expect(queue.depth('a')).toBe(0);
  });
});

describe('queue positions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells each waiting task its place whenever the line moves, until it starts', async () => {
    const queue = createKeyedQueue();
    const seen: Record<string, number[]> = { b: [], c: [] };
    const releases: (() => void)[] = [];
    const task = () => new Promise<void>((resolve) => releases.push(resolve));
    const a = queue.run('k', task);
    const b = queue.run('k', task, (ahead) => seen.b?.push(ahead));
    const c = queue.run('k', task, (ahead) => seen.c?.push(ahead));
    expect(seen).toEqual({ b: [1], c: [2] });
    await vi.advanceTimersByTimeAsync(0);
    releases.shift()?.();
    await a;
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual({ b: [1], c: [2, 1] });
    releases.shift()?.();
    await b;
    await vi.advanceTimersByTimeAsync(0);
    releases.shift()?.();
    await c;
    expect(seen).toEqual({ b: [1], c: [2, 1] });
    expect(queue.depth('k')).toBe(0);
  });
});
