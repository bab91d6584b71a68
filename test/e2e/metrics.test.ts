/**
 * Operations end to end: the real bot serves /metrics and /healthz on METRICS_PORT (0: any free
 * port), counts each request where it ends with what the ledger charged, writes one line per
 * request, and answers 503 with the reason once the store stops answering reads.
 */
import { describe, expect, it } from 'vitest';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import { settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({ env: { METRICS_PORT: '0' }, discord: { channelCount: 10 } });
const { h, freshChannel, ask } = suite;

function endpoint(path: string): string {
  const port = h.running.bot.operations.port();
  if (port === undefined) throw new Error('the metrics endpoint is not listening');
  return `http://127.0.0.1:${port}${path}`;
}

async function get(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(endpoint(path));
  return { status: response.status, body: await response.text() };
}

/** The value of one sample line, e.g. `bot_requests_total{kind="chat",outcome="completed"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const requestLines = () =>
  h.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request ended');

async function todaysEntries() {
  const day = utcDay(Date.now());
  return h.running.bot.capabilities.spend.ledger.entries(
    usageScope({ guildId: h.discord.guildId, userId: suite.asker.id }),
    day,
    day,
  );
}

describe('metrics and health', () => {
  it('counts an /ask with its outcome, tokens and spend as the ledger charged them, in one log line', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'A streamed answer, in a few pieces.', chunks: 4, intervalMs: 30 });
    const interaction = ask({ prompt: 'hello' }, { channelId });
    await waitForReply(
      h,
      interaction,
      ([text]) => text?.includes('A streamed answer') === true && !text.includes('▌'),
    );
    await waitForIdle(h);
    await settled(h, interaction.id);

    const [entry, ...others] = await todaysEntries();
    expect(others).toEqual([]);
    if (entry?.kind !== 'chat') throw new Error('expected one chat entry');
    expect(entry.costMicros).toBeGreaterThan(0);

    const { status, body } = await get('/metrics');
    expect(status).toBe(200);
    expect(body).toContain('# HELP bot_requests_total ');
    expect(sample(body, 'bot_requests_total{kind="chat",outcome="completed"}')).toBe(1);
    expect(sample(body, `bot_tokens_total{model="${entry.model}",direction="in"}`)).toBe(entry.inputTokens);
    expect(sample(body, `bot_tokens_total{model="${entry.model}",direction="out"}`)).toBe(entry.outputTokens);
    expect(sample(body, 'bot_spend_micros_total{kind="chat"}')).toBe(entry.costMicros);
    expect(sample(body, 'bot_time_to_first_token_seconds_count')).toBe(1);
    expect(sample(body, 'bot_reply_duration_seconds_count{kind="chat"}')).toBe(1);
    expect(sample(body, 'bot_reply_edits_sum')).toBeGreaterThanOrEqual(2);
    expect(sample(body, 'bot_shards_ready')).toBe(1);
    expect(sample(body, 'bot_queue_waiting')).toBe(0);
    expect(body).toContain('bot_nodejs_eventloop_lag_seconds ');
    expect(body).toContain('bot_discord_invalid_requests_10m ');

    const lines = requestLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      guildId: h.discord.guildId,
      channelId,
      userId: suite.asker.id,
      kind: 'chat',
      model: entry.model,
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      costMicros: entry.costMicros,
      outcome: 'completed',
      ledgerOutcome: entry.outcome,
      shard: 0,
    });
    expect(lines[0]?.firstTokenMs).toEqual(expect.any(Number));
    expect(lines[0]?.totalMs as number).toBeGreaterThanOrEqual(lines[0]?.firstTokenMs as number);
  });

  it('counts an /imagine with the spend the ledger charged', async () => {
    const interaction = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a fox', n: 2 },
      user: suite.asker,
    });
    await settled(h, interaction.id);
    const image = (await todaysEntries()).find((entry) => entry.kind === 'image');
    if (!image) throw new Error('expected an image entry');
    const { body } = await get('/metrics');
    expect(sample(body, 'bot_requests_total{kind="image",outcome="completed"}')).toBe(1);
    expect(sample(body, 'bot_spend_micros_total{kind="image"}')).toBe(image.costMicros);
    const line = requestLines().at(-1);
    expect(line).toMatchObject({ kind: 'image', outcome: 'completed', costMicros: image.costMicros, n: 2 });
    expect(requestLines()).toHaveLength(2);
  });

  it('answers /healthz 200 when every shard is ready and the store reads, else 503 with the reason', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    h.storeFaults.failReads = true;
    try {
      const unhealthy = await get('/healthz');
      expect(unhealthy.status).toBe(503);
      expect(unhealthy.body).toMatch(/^the store does not answer a read: .*SQLITE_FULL/);
    } finally {
      h.storeFaults.failReads = false;
    }
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/nothing')).status).toBe(404);
  });

  it('closes the endpoint when the bot stops', async () => {
    const before = endpoint('/healthz');
    await h.restart();
    await expect(fetch(before)).rejects.toThrow();
    // The new bot listens again, with metrics of its own.
    const { body } = await get('/metrics');
    expect(sample(body, 'bot_requests_total{kind="chat",outcome="completed"}')).toBeUndefined();
  });
});
