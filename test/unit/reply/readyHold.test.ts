/** A renderer that says when it next reads its text (ready), so the text's source can hold it. */

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../src/lib/clock.js';
import { createStreamRenderer, type ReplySink, STREAMING_CURSOR } from '../../../src/reply/streamRenderer.js';
import { english } from '../../helpers/english.js';

function sink(latencyMs = 10) {
  const contents: string[] = [];
  const write = async (content: string) => {
    contents.push(content);
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    return '1';
  };
  const replySink: ReplySink = {
    editOriginal: write,
    sendFollowUp: write,
    editFollowUp: async (_id, content) => {
      await write(content);
    },
    refuse: async () => undefined,
  };
  return { replySink, contents };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a renderer holding its source until the next edit', () => {
  it('asks for no hold while text would be shown at once, and one hold until the next edit', async () => {
    const { replySink } = sink();
    const renderer = createStreamRenderer(replySink, {
      intervalMs: 1000,
      sharedIntervalMs: () => 500,
      clock: systemClock,
      voice: english,
    });
    expect(renderer.ready()).toBeUndefined();
    renderer.push('  ');
    expect(renderer.ready()).toBeUndefined();
    renderer.push('first');
    const hold = renderer.ready();
    expect(hold).toBeInstanceOf(Promise);
    expect(renderer.ready()).toBe(hold);
    // What the shared budget keeps away; not the rest of the wait (a final edit does not wait).
    expect(hold?.msLeft()).toBe(500);
    await vi.advanceTimersByTimeAsync(10);
    expect(hold?.msLeft()).toBe(490);
    let released = false;
    void hold?.then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(980);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(released).toBe(true);
  });

  it('shows what the source pushes when released in the edit that released it', async () => {
    const { replySink, contents } = sink();
    const renderer = createStreamRenderer(replySink, {
      intervalMs: 1000,
      clock: systemClock,
      voice: english,
    });
    renderer.push('a');
    // The source holds 'b' until the renderer is ready, then pushes it (a few promise steps on).
    void renderer
      .ready()
      ?.then(() => Promise.resolve())
      .then(() => renderer.push('b'));
    await vi.advanceTimersByTimeAsync(1100);
    expect(contents).toEqual([`a${STREAMING_CURSOR}`, `ab${STREAMING_CURSOR}`]);
  });

  it('shows text pushed before the hold when the source had nothing more', async () => {
    const { replySink, contents } = sink();
    const renderer = createStreamRenderer(replySink, {
      intervalMs: 1000,
      clock: systemClock,
      voice: english,
    });
    renderer.push('a');
    await vi.advanceTimersByTimeAsync(1);
    renderer.push('b');
    void renderer.ready();
    await vi.advanceTimersByTimeAsync(1100);
    expect(contents).toEqual([`a${STREAMING_CURSOR}`, `ab${STREAMING_CURSOR}`]);
  });

  it('releases a held source when it finishes', async () => {
    const { replySink } = sink();
    const renderer = createStreamRenderer(replySink, {
      intervalMs: 1000,
      clock: systemClock,
      voice: english,
    });
    renderer.push('a');
    const hold = renderer.ready();
    const finished = renderer.finish();
    await vi.advanceTimersByTimeAsync(50);
    await expect(hold).resolves.toBeUndefined();
    await finished;
    expect(renderer.ready()).toBeUndefined();
  });
});
