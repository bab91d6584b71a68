/**
 * The one log line of a request, written where it ends (chat/settle.ts, images/imagine.ts), and
 * its metrics recorded from the same figures.
 */
import type { Logger } from '../lib/logger.js';
import type { Metrics, RequestRecord } from './metrics.js';

export interface RequestEnd extends RequestRecord {
  readonly guildId: string | null;
  readonly channelId: string;
  readonly userId: string;
}

export interface RequestEndContext {
  readonly metrics: Metrics;
  /** The shard that receives the guild's events; 0 for DMs. */
  readonly shardOf: (guildId: string | null) => number;
}

export const REQUEST_ENDED = 'request ended';

/** Records the request's metrics and logs its line at info; `extra` adds kind-specific fields. */
export function requestEnded(
  context: RequestEndContext,
  log: Logger,
  end: RequestEnd,
  extra: Record<string, unknown> = {},
): void {
  context.metrics.requestEnded(end);
  log.info(
    {
      guildId: end.guildId,
      channelId: end.channelId,
      userId: end.userId,
      kind: end.kind,
      model: end.model,
      inputTokens: end.inputTokens,
      outputTokens: end.outputTokens,
      costMicros: end.costMicros,
      firstTokenMs: end.firstTokenMs ?? null,
      totalMs: end.totalMs ?? null,
      outcome: end.outcome,
      shard: context.shardOf(end.guildId),
      ...(end.edits !== undefined && { edits: end.edits }),
      ...extra,
    },
    REQUEST_ENDED,
  );
}
