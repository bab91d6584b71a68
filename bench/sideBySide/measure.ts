/**
 * What one reply looked like from Discord's side: first visible, staleness, final lag, edits and
 * exactness, from the messages' versions and the service's send log; and their summary statistics.
 */

import type { LocalMessage } from '../../src/localDiscord/localDiscord.js';
import type { SentChunk } from '../../src/localService/fakeService.js';
import { withoutQuestionHead } from '../../src/reply/quote.js';
import { withoutCostLine } from '../streamedReply.js';

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

/** The first index in `sent` whose cumulative characters exceed `shown` (sent.length if none). */
function firstUnshown(sent: readonly SentChunk[], shown: number): number {
  let lo = 0;
  let hi = sent.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sent[mid]?.sentChars ?? 0) <= shown) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface ReplyFigures {
  firstVisibleMs: number | null;
  firstRequestMs: number | null;
  meanStalenessMs: number;
  finalLagMs: number | null;
  edits: number;
  exact: boolean;
}

export function measure(
  messages: readonly LocalMessage[],
  sent: readonly SentChunk[],
  text: string,
  indicator: string,
  stoppedAt: number,
): ReplyFigures {
  const changes: { at: number; requestedAt: number; index: number; content: string }[] = [];
  messages.forEach((message, index) => {
    for (const version of message.versions) {
      changes.push({ at: version.at, requestedAt: version.requestedAt, index, content: version.content });
    }
  });
  changes.sort((a, b) => a.at - b.at);
  const raw: string[] = messages.map(() => '');
  // (time, reply characters shown in order, exact final text shown)
  const timeline = changes.map((change) => {
    // Our reply starts with the quoted question; the measures are about the answer.
    raw[change.index] = change.index === 0 ? withoutQuestionHead(change.content) : change.content;
    const visible = raw
      .map((content) =>
        indicator && content.endsWith(indicator) ? content.slice(0, -indicator.length) : content,
      )
      .join('');
    return {
      at: change.at,
      requestedAt: change.requestedAt,
      shown: commonPrefix(visible, text),
      exact: withoutCostLine(raw.join('')) === text,
    };
  });
  const start = sent[0]?.at;
  const lastToken = sent.at(-1)?.at;
  if (start === undefined || lastToken === undefined) {
    return {
      firstVisibleMs: null,
      firstRequestMs: null,
      meanStalenessMs: 0,
      finalLagMs: null,
      edits: 0,
      exact: false,
    };
  }
  const exact = timeline.at(-1)?.exact ?? false;
  // The final edit: the change from which on Discord shows the exact text.
  let finalAt: number | undefined;
  if (exact) {
    finalAt = timeline.at(-1)?.at;
    for (let i = timeline.length - 2; i >= 0 && timeline[i]?.exact; i -= 1) finalAt = timeline[i]?.at;
  }
  const firstPoint = timeline.find((point) => point.shown > 0);
  const end = finalAt ?? stoppedAt;

  // Integrate staleness on a 5 ms grid.
  let stale = 0;
  let samples = 0;
  let shownIndex = -1;
  let sentIndex = 0;
  for (let t = start; t <= end; t += 5) {
    while (shownIndex + 1 < timeline.length && (timeline[shownIndex + 1]?.at ?? Infinity) <= t)
      shownIndex += 1;
    const shown = shownIndex >= 0 ? (timeline[shownIndex]?.shown ?? 0) : 0;
    while (sentIndex < sent.length && (sent[sentIndex]?.at ?? Infinity) <= t) sentIndex += 1;
    const sentChars = sentIndex > 0 ? (sent[sentIndex - 1]?.sentChars ?? 0) : 0;
    if (shown < sentChars) stale += t - (sent[firstUnshown(sent, shown)]?.at ?? t);
    samples += 1;
  }
  return {
    firstVisibleMs: firstPoint ? firstPoint.at - start : null,
    firstRequestMs: firstPoint ? firstPoint.requestedAt - start : null,
    meanStalenessMs: samples > 0 ? stale / samples : 0,
    finalLagMs: finalAt !== undefined ? finalAt - lastToken : null,
    edits: messages.reduce((sum, message) => sum + message.versions.length, 0),
    exact,
  };
}

export const round = (value: number) => Math.round(value * 10) / 10;

export interface Stats {
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

export function stats(values: number[]): Stats | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
  };
}
