/**
 * The renderer's edit cadence against a sink that behaves like one Discord rate-limit bucket
 * (a fixed window, as the fake Discord and Discord's headers describe it): edits as often as the
 * bucket allows, never beyond it, the final edit without waiting for a reset.
 */

import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../src/lib/clock.js';
import {
  editReadyAt,
  finalReadyAt,
  type RateBucket,
  RESERVE_RELEASE_MS,
  RESET_MARGIN_MS,
  readRateBucket,
} from '../../../src/reply/rateBucket.js';
import { createStreamRenderer, type ReplySink } from '../../../src/reply/streamRenderer.js';
import { english } from '../../helpers/english.js';

interface BucketOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly latencyMs: number;
  /** Send rate-limit headers (false: a Discord that says nothing). */
  readonly headers?: boolean;
}

/** One bucket: `limit` requests per window that opens at the first request after a reset. */
function bucketSink({ limit, windowMs, latencyMs, headers = true }: BucketOptions) {
  const starts: number[] = [];
  let windowStart = Number.NEGATIVE_INFINITY;
  let count = 0;
  let refused = 0;
  let failNext = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let bucket: RateBucket | undefined;
  let shown = '';
  const write = async (content: string) => {
    const now = Date.now();
    if (now >= windowStart + windowMs) {
      windowStart = now;
      count = 0;
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    starts.push(now);
    const over = count >= limit;
    if (!over) count += 1;
    const said = {
      remaining: String(limit - count),
      resetAfter: String((windowStart + windowMs - now) / 1000),
    };
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    inFlight -= 1;
    if (over) {
      refused += 1;
      throw new Error('429');
    }
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('502');
    }
    if (headers) {
      const values: Record<string, string> = {
        'x-ratelimit-remaining': said.remaining,
        'x-ratelimit-reset-after': said.resetAfter,
      };
      bucket = readRateBucket({ get: (name) => values[name] ?? null }, Date.now());
    }
    shown = content;
  };
  const sink: ReplySink = {
    rateBucket: () => bucket,
    editOriginal: async (content) => {
      await write(content);
      return 'm';
    },
    sendFollowUp: async () => {
      throw new Error('not used');
    },
    editFollowUp: async () => {
      throw new Error('not used');
    },
    refuse: async () => {
      throw new Error('not used');
    },
  };
  return {
    sink,
    starts,
    shown: () => shown,
    refused: () => refused,
    maxInFlight: () => maxInFlight,
    failNext: () => {
      failNext = 1;
    },
  };
}

/** Pushes a word every `everyMs` for `forMs`, then finishes; resolves when the final text shows. */
async function stream(sink: ReplySink, forMs: number, options: { sharedIntervalMs?: () => number } = {}) {
  const renderer = createStreamRenderer(sink, {
    intervalMs: 1000,
    clock: systemClock,
    voice: english,
    ...options,
  });
  for (let t = 0; t < forMs; t += 20) {
    renderer.push(`${(t / 20) % 10} `);
    await vi.advanceTimersByTimeAsync(20);
  }
  const finishedAt = Date.now();
  const done = renderer.finish();
  await vi.runAllTimersAsync();
  await done;
  return { text: renderer.text(), finishedAt };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('edit cadence from Discord’s rate-limit headers', () => {
  it('edits as often as the bucket allows, evenly, never beyond it, one edit in flight', async () => {
    const discord = bucketSink({ limit: 5, windowMs: 2000, latencyMs: 25 });
    const { text } = await stream(discord.sink, 10_000);
    expect(discord.refused()).toBe(0);
    expect(discord.maxInFlight()).toBe(1);
    expect(discord.shown()).toBe(text);
    // All five per ~2 s window (the last only just before the reset), not the fixed 1 per second.
    const streamed = discord.starts.slice(0, -1);
    expect(streamed.length).toBeGreaterThanOrEqual(23);
    const gaps = streamed.slice(1).map((at, i) => at - (streamed[i] ?? at));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(600);
  });

  it('writes the final text at once when the upstream ends, without waiting for the reset', async () => {
    // Ends at every phase of a window: the final edit never waits on a spent bucket.
    for (const forMs of [1000, 1500, 1700, 1900, 1960, 2100, 2300, 3900, 3960]) {
      const discord = bucketSink({ limit: 5, windowMs: 2000, latencyMs: 25 });
      const { finishedAt } = await stream(discord.sink, forMs);
      expect(discord.refused()).toBe(0);
      // The final edit lands within the round trip + 100 ms (the bound), at any phase.
      expect((discord.starts.at(-1) ?? 0) + 25 - finishedAt).toBeLessThanOrEqual(25 + 100);
    }
  });

  it('keeps the fixed interval when Discord’s headers say nothing', async () => {
    const discord = bucketSink({ limit: 5, windowMs: 2000, latencyMs: 25, headers: false });
    await stream(discord.sink, 5000);
    const streamed = discord.starts.slice(0, -1);
    const gaps = streamed.slice(1).map((at, i) => at - (streamed[i] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
    expect(discord.refused()).toBe(0);
  });

  it('after a failed edit waits the fixed interval rather than trying again at once', async () => {
    const discord = bucketSink({ limit: 5, windowMs: 2000, latencyMs: 25 });
    const renderer = createStreamRenderer(discord.sink, {
      intervalMs: 1000,
      clock: systemClock,
      voice: english,
    });
    renderer.push('a');
    await vi.advanceTimersByTimeAsync(600);
    discord.failNext();
    renderer.push('b');
    await vi.advanceTimersByTimeAsync(100);
    renderer.push('c');
    await vi.advanceTimersByTimeAsync(2000);
    const [, failedAt, retryAt] = discord.starts;
    expect((retryAt ?? 0) - (failedAt ?? 0)).toBeGreaterThanOrEqual(1000);
    await renderer.cancel();
  });

  it('bot-token replies also keep their share of the global limit', async () => {
    const discord = bucketSink({ limit: 5, windowMs: 2000, latencyMs: 25 });
    await stream(discord.sink, 6000, { sharedIntervalMs: () => 1250 });
    const streamed = discord.starts.slice(0, -1);
    const gaps = streamed.slice(1).map((at, i) => at - (streamed[i] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1250);
  });
});

describe('rate bucket', () => {
  it('reads the headers, and nothing from missing or garbled ones', () => {
    const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
    expect(
      readRateBucket(headers({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset-after': '1.5' }), 1000),
    ).toEqual({ remaining: 3, resetAt: 2500, observedAt: 1000 });
    expect(readRateBucket(headers({ 'x-ratelimit-remaining': '3' }), 0)).toBeUndefined();
    expect(
      readRateBucket(headers({ 'x-ratelimit-remaining': 'x', 'x-ratelimit-reset-after': '1' }), 0),
    ).toBeUndefined();
    expect(
      readRateBucket(headers({ 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset-after': '1' }), 0),
    ).toBeUndefined();
  });

  it('spreads what is left up to the reset and keeps the last for the final edit until just before it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 1e9 }),
        (remaining, resetAfterMs, observedAt) => {
          const bucket = { remaining, resetAt: observedAt + resetAfterMs, observedAt };
          const readyAt = editReadyAt(bucket);
          expect(readyAt).toBeGreaterThanOrEqual(observedAt);
          if (remaining === 0) {
            expect(readyAt).toBe(bucket.resetAt + RESET_MARGIN_MS);
            expect(finalReadyAt(bucket)).toBe(readyAt);
          } else {
            expect(finalReadyAt(bucket)).toBe(observedAt);
            // The edits left, spaced this far apart, spend the last no sooner than its release.
            const spacing = readyAt - observedAt;
            const releaseAt = Math.max(observedAt, bucket.resetAt - RESERVE_RELEASE_MS);
            expect(Math.abs(observedAt + spacing * remaining - releaseAt)).toBeLessThan(1e-3);
          }
        },
      ),
    );
  });
});
