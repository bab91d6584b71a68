import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotice } from '../../../src/reply/notice.js';

describe('notice (latest wins)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes at most one at a time, skips stale texts, and writes nothing after close', async () => {
    const written: string[] = [];
    let inFlight = 0;
    let most = 0;
    const notice = createNotice(
      async (text) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        written.push(text);
        inFlight -= 1;
      },
      () => {},
    );
    for (const text of ['1', '2', '3', '4']) notice.show(text);
    await vi.advanceTimersByTimeAsync(10);
    // The first write finished; only the newest of the texts shown meanwhile is written next.
    expect(written).toEqual(['1']);
    await vi.advanceTimersByTimeAsync(40);
    expect(written).toEqual(['1', '4']);
    notice.show('5');
    notice.show('6');
    const closing = notice.close();
    await vi.advanceTimersByTimeAsync(10);
    await closing;
    notice.show('7');
    await vi.advanceTimersByTimeAsync(30);
    expect(written).toEqual(['1', '4', '5']);
    expect(most).toBe(1);
  });
});
