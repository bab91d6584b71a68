/**
 * When a streamed reply may edit again, from what Discord last said about the route's rate-limit
 * bucket. Discord does not document its per-message limits (5 edits per few seconds, varying),
 * but tells them in every response's `X-RateLimit-Remaining` and `X-RateLimit-Reset-After`
 * headers, so the cadence comes from those rather than from a constant.
 *
 * The requests left in the window are spread evenly up to its reset, so the message never lags
 * far behind the text (bursting them would leave it frozen until the reset). The last one is
 * kept for the final edit until just before the reset, so the exact text lands as soon as the
 * upstream ends instead of waiting for the next window; a final edit that finds the bucket spent
 * waits for the reset itself (rather than inside discord.js, which adds its offset twice).
 */

export interface RateBucket {
  /** Requests Discord will still take before the window resets. */
  readonly remaining: number;
  /** When the window resets (clock ms). */
  readonly resetAt: number;
  /** When Discord said so (clock ms): the spread starts there. */
  readonly observedAt: number;
}

/**
 * The last request of a window is kept for the final edit until this close to the reset: an
 * upstream that ends after that waits at most this long plus the margin for the next window.
 */
export const RESERVE_RELEASE_MS = 50;

/**
 * discord.js waits this long past a window's reset before sending into it (its `offset`
 * option's default): an edit started sooner would only wait inside discord.js with old text.
 */
export const RESET_MARGIN_MS = 50;

/** What the headers say, or undefined when they say nothing usable (then callers use a fixed pace). */
export function readRateBucket(
  headers: { get(name: string): string | null },
  now: number,
): RateBucket | undefined {
  const remaining = Number(headers.get('x-ratelimit-remaining') ?? Number.NaN);
  const resetAfter = Number(headers.get('x-ratelimit-reset-after') ?? Number.NaN);
  if (!Number.isFinite(remaining) || !Number.isFinite(resetAfter) || remaining < 0 || resetAfter < 0)
    return undefined;
  return { remaining: Math.floor(remaining), resetAt: now + resetAfter * 1000, observedAt: now };
}

/** The earliest time an intermediate edit may start, given the bucket's last known state. */
export function editReadyAt(bucket: RateBucket): number {
  if (bucket.remaining <= 0) return finalReadyAt(bucket);
  // The requests left, evenly spaced so that the last (the reserve) falls at its release.
  const releaseAt = bucket.resetAt - RESERVE_RELEASE_MS;
  return bucket.observedAt + Math.max(0, releaseAt - bucket.observedAt) / bucket.remaining;
}

/** The earliest time the final edit may start: at once, unless the window is spent. */
export function finalReadyAt(bucket: RateBucket): number {
  return bucket.remaining > 0 ? bucket.observedAt : bucket.resetAt + RESET_MARGIN_MS;
}
