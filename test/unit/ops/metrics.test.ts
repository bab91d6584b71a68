/**
 * The metrics a request records where it ends, and the gauges read from the bot's state when
 * scraped: each test uses a registry of its own, as every bot does.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRestHealth } from '../../../src/discord/restHealth.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createMetrics, type MetricSources } from '../../../src/ops/metrics.js';

function setUp(overrides: Partial<MetricSources> = {}) {
  const registry = new Registry();
  const metrics = createMetrics(
    {
      queueWaiting: () => 0,
      shards: () => ({ ready: 1, total: 1 }),
      discordInvalid: () => ({ totals: {}, window: 0 }),
      storeFailures: () => new Map(),
      ...overrides,
    },
    registry,
  );
  const read = (name: string) => registry.getSingleMetricAsString(name);
  return { registry, metrics, read };
}

const chat = {
  kind: 'chat' as const,
  outcome: 'completed',
  model: 'service-v1-flash',
  inputTokens: 1200,
  outputTokens: 800,
  costMicros: 440,
  firstTokenMs: 300,
  totalMs: 2500,
  edits: 4,
};

describe('metrics', () => {
  it('counts failed store calls by call, as the store counted them', async () => {
    const failures = new Map([['get', 2]]);
    const { read } = setUp({ storeFailures: () => failures });
    expect(await read('bot_store_failures_total')).toContain('bot_store_failures_total{call="get"} 2');
    failures.set('get', 3).set('setMany', 1);
    const scraped = await read('bot_store_failures_total');
    expect(scraped).toContain('bot_store_failures_total{call="get"} 3');
    expect(scraped).toContain('bot_store_failures_total{call="setMany"} 1');
  });

  it('counts a request by kind and outcome, its tokens by model and its spend by kind', async () => {
    const { metrics, read } = setUp();
    metrics.requestEnded(chat);
    metrics.requestEnded({ ...chat, outcome: 'stopped', inputTokens: 10, outputTokens: 5, costMicros: 3 });
    metrics.requestEnded({
      ...chat,
      kind: 'image',
      model: 'service-image-v1',
      inputTokens: 0,
      outputTokens: 0,
      costMicros: 80_000,
    });
    metrics.requestEnded({ ...chat, outcome: 'refused', inputTokens: 0, outputTokens: 0, costMicros: 0 });

    const requests = await read('bot_requests_total');
    expect(requests).toContain('# HELP bot_requests_total ');
    expect(requests).toContain('bot_requests_total{kind="chat",outcome="completed"} 1');
    expect(requests).toContain('bot_requests_total{kind="chat",outcome="stopped"} 1');
    expect(requests).toContain('bot_requests_total{kind="chat",outcome="refused"} 1');
    expect(requests).toContain('bot_requests_total{kind="image",outcome="completed"} 1');
    const tokens = await read('bot_tokens_total');
    expect(tokens).toContain('bot_tokens_total{model="service-v1-flash",direction="in"} 1210');
    expect(tokens).toContain('bot_tokens_total{model="service-v1-flash",direction="out"} 805');
    expect(tokens).not.toContain('service-image-v1');
    const spend = await read('bot_spend_micros_total');
    expect(spend).toContain('bot_spend_micros_total{kind="chat"} 443');
    expect(spend).toContain('bot_spend_micros_total{kind="image"} 80000');
  });

  it('observes time to first token, reply duration and edits per reply in histograms', async () => {
    const { metrics, read } = setUp();
    metrics.requestEnded(chat);
    metrics.requestEnded({ ...chat, firstTokenMs: undefined, totalMs: 700, edits: 1 });
    const firstToken = await read('bot_time_to_first_token_seconds');
    expect(firstToken).toContain('bot_time_to_first_token_seconds_count 1');
    expect(firstToken).toContain('bot_time_to_first_token_seconds_sum 0.3');
    expect(firstToken).toContain('bot_time_to_first_token_seconds_bucket{le="0.25"} 0');
    expect(firstToken).toContain('bot_time_to_first_token_seconds_bucket{le="0.5"} 1');
    const duration = await read('bot_reply_duration_seconds');
    expect(duration).toContain('bot_reply_duration_seconds_count{kind="chat"} 2');
    expect(duration).toContain('bot_reply_duration_seconds_sum{kind="chat"} 3.2');
    const edits = await read('bot_reply_edits');
    expect(edits).toContain('bot_reply_edits_sum 5');
    expect(edits).toContain('bot_reply_edits_bucket{le="1"} 1');
  });

  it('reads the queue, the shards and the Discord counters when scraped', async () => {
    let waiting = 3;
    const logger = createLogger({ level: 'silent', secrets: [] });
    const restHealth = createRestHealth({ logger });
    const { read } = setUp({
      queueWaiting: () => waiting,
      shards: () => ({ ready: 1, total: 2 }),
      discordInvalid: () => ({ totals: restHealth.totals(), window: restHealth.count() }),
    });
    for (const status of [401, 429, 429, 200]) restHealth.record({ status, headers: new Headers() });
    expect(await read('bot_queue_waiting')).toContain('bot_queue_waiting 3');
    waiting = 0;
    expect(await read('bot_queue_waiting')).toContain('bot_queue_waiting 0');
    expect(await read('bot_shards_ready')).toContain('bot_shards_ready 1');
    expect(await read('bot_shards')).toContain('bot_shards 2');
    const invalid = await read('bot_discord_invalid_requests_total');
    expect(invalid).toContain('bot_discord_invalid_requests_total{status="401"} 1');
    expect(invalid).toContain('bot_discord_invalid_requests_total{status="403"} 0');
    expect(invalid).toContain('bot_discord_invalid_requests_total{status="429"} 2');
    // Scraping again does not count twice.
    expect(await read('bot_discord_invalid_requests_total')).toContain('{status="429"} 2');
    expect(await read('bot_discord_invalid_requests_10m')).toContain('bot_discord_invalid_requests_10m 3');
  });

  it("includes prom-client's process metrics and the event-loop lag, prefixed, in its own registry only", async () => {
    const { registry } = setUp();
    const text = await registry.metrics();
    expect(text).toContain('bot_nodejs_eventloop_lag_seconds');
    expect(text).toContain('bot_process_resident_memory_bytes');
    // Two bots (or tests) never share a registry: a second one starts from zero.
    const other = setUp();
    other.metrics.requestEnded(chat);
    expect(await registry.getSingleMetricAsString('bot_requests_total')).not.toContain('outcome="completed"');
  });
});
