/**
 * The bot's Prometheus metrics, in a registry of their own (never prom-client's global one), so
 * that every bot (and every test) has its own. Requests are recorded once, where they end
 * (chat/settle.ts, images/imagine.ts); gauges and the Discord counters are read from the bot's
 * own state when scraped.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type RequestKind = 'chat' | 'image';

/** One request as it ended: what the metrics (and the request's log line) say about it. */
export interface RequestRecord {
  readonly kind: RequestKind;
  /** `completed`, `stopped`, `partial`, `refused`, `cancelled`, `error`, or the service failure's kind. */
  readonly outcome: string;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** What the ledger charged, in micro-units (0 when nothing was billed). */
  readonly costMicros: number;
  /** From the service call to the first text (chat requests that got some). */
  readonly firstTokenMs?: number | undefined;
  /** From the service call to the end (the final write included). */
  readonly totalMs?: number | undefined;
  /** Discord writes (edits and follow-ups) of a streamed reply. */
  readonly edits?: number | undefined;
}

/** The bot's state the gauges read when scraped. */
export interface MetricSources {
  /** Chat requests waiting (not yet running) in channel queues. */
  queueWaiting(): number;
  shards(): { readonly ready: number; readonly total: number };
  /** 401/403/429 answers from Discord: since start, and in the ban window (10 minutes). */
  discordInvalid(): { readonly totals: Record<number, number>; readonly window: number };
  /** Store calls that failed since start, by call (get, set, keys…). */
  storeFailures(): ReadonlyMap<string, number>;
}

export interface Metrics {
  readonly registry: Registry;
  requestEnded(record: RequestRecord): void;
  /** Discord refused a V2 (components) payload: the message went out in the classic layout. */
  componentsRefused(): void;
  /** The interactions endpoint took a request (`outcome`: how it was answered) or refused one (`refused:<why>`). */
  interactionRequest(outcome: string): void;
}

export const METRIC_PREFIX = 'bot_';

export function createMetrics(sources: MetricSources, registry = new Registry()): Metrics {
  const p = METRIC_PREFIX;
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: p });

  const requests = new Counter({
    name: `${p}requests_total`,
    help: 'Chat and image requests by how they ended (completed, stopped, partial, refused, cancelled, error, or the service failure kind)',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const tokens = new Counter({
    name: `${p}tokens_total`,
    help: 'Tokens charged by model and direction (in: prompt, out: reply); estimates included',
    labelNames: ['model', 'direction'] as const,
    registers,
  });
  const spend = new Counter({
    name: `${p}spend_micros_total`,
    help: "Spend charged to the ledger, in micro-units (1e-6) of the price list's currency, by kind",
    labelNames: ['kind'] as const,
    registers,
  });
  const firstToken = new Histogram({
    name: `${p}time_to_first_token_seconds`,
    help: 'Chat replies: time from the service call to the first text',
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers,
  });
  const duration = new Histogram({
    name: `${p}reply_duration_seconds`,
    help: 'Requests that reached the service: time from the service call to the final write, by kind',
    labelNames: ['kind'] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 40, 60, 120, 300, 600],
    registers,
  });
  const edits = new Histogram({
    name: `${p}reply_edits`,
    help: 'Chat replies: Discord writes (edits and follow-ups) per streamed reply, the final one included',
    buckets: [1, 2, 3, 5, 10, 20, 40, 80, 160],
    registers,
  });
  const componentsRefused = new Counter({
    name: `${p}components_v2_refused_total`,
    help: 'Messages Discord refused in the V2 (components) layout and the bot sent in the classic layout instead',
    registers,
  });
  const interactionRequests = new Counter({
    name: `${p}interaction_requests_total`,
    help: 'Requests to the interactions endpoint by outcome: pong, acknowledged, settled, late, replayed, or refused:<why> (unsigned, bad signature, stale timestamp, oversized…)',
    labelNames: ['outcome'] as const,
    registers,
  });
  new Counter({
    name: `${p}discord_invalid_requests_total`,
    help: 'Discord answers 401, 403 and 429 (shared-scope 429s excluded) on every REST client, by status',
    labelNames: ['status'] as const,
    registers,
    collect() {
      this.reset();
      for (const [status, count] of Object.entries(sources.discordInvalid().totals))
        this.inc({ status }, count);
    },
  });
  new Counter({
    name: `${p}store_failures_total`,
    help: 'Store calls that failed (refused, lost connection, no answer within the time limit), by call',
    labelNames: ['call'] as const,
    registers,
    collect() {
      this.reset();
      for (const [call, count] of sources.storeFailures()) this.inc({ call }, count);
    },
  });
  new Gauge({
    name: `${p}discord_invalid_requests_10m`,
    help: 'Discord 401/403/429 answers in the last 10 minutes; Discord bans the bot for a while at 10000',
    registers,
    collect() {
      this.set(sources.discordInvalid().window);
    },
  });
  new Gauge({
    name: `${p}queue_waiting`,
    help: 'Chat requests waiting in channel queues (behind a reply in progress in their channel)',
    registers,
    collect() {
      this.set(sources.queueWaiting());
    },
  });
  new Gauge({
    name: `${p}shards_ready`,
    help: 'Gateway shards of this process that are ready',
    registers,
    collect() {
      this.set(sources.shards().ready);
    },
  });
  new Gauge({
    name: `${p}shards`,
    help: 'Gateway shards this process owns',
    registers,
    collect() {
      this.set(sources.shards().total);
    },
  });

  return {
    registry,
    componentsRefused: () => componentsRefused.inc(),
    interactionRequest: (outcome) => interactionRequests.inc({ outcome }),
    requestEnded(record) {
      requests.inc({ kind: record.kind, outcome: record.outcome });
      if (record.inputTokens > 0) tokens.inc({ model: record.model, direction: 'in' }, record.inputTokens);
      if (record.outputTokens > 0) tokens.inc({ model: record.model, direction: 'out' }, record.outputTokens);
      if (record.costMicros > 0) spend.inc({ kind: record.kind }, record.costMicros);
      if (record.firstTokenMs !== undefined) firstToken.observe(record.firstTokenMs / 1000);
      if (record.totalMs !== undefined) duration.observe({ kind: record.kind }, record.totalMs / 1000);
      if (record.edits !== undefined) edits.observe(record.edits);
    },
  };
}
