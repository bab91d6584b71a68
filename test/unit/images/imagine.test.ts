/**
 * One /imagine generation (images/imagine.ts) on real parts: budgets, ledger and prices over a
 * SQLite store, the service client talking to the local service on loopback, the image
 * downloader fetching from its content host, the real logger and metrics. Only the reply's
 * writes (the interaction's webhook) and the alert channel are recorders: they are Discord.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageDownloader } from '../../../src/images/download.js';
import { type ImagineDeps, runImagine } from '../../../src/images/imagine.js';
import { systemClock } from '../../../src/lib/clock.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { FakeService } from '../../../src/localService/fakeService.js';
import { createMetrics } from '../../../src/ops/metrics.js';
import { REQUEST_ENDED } from '../../../src/ops/requestEnd.js';
import type { InteractionWebhook, OutgoingMessage } from '../../../src/reply/webhook.js';
import type { ServiceClient } from '../../../src/service/client.js';
import type { ImageSize } from '../../../src/service/types.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { imageCostMicros } from '../../../src/spend/cost.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { startServiceClient } from '../../helpers/chatDeps.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error(priced.problems.join('\n'));
const prices = priced.prices;
const GUILD = 'g1';
const USER = 'ann';

let fake: FakeService;
let service: ServiceClient;
const silent = createLogger({ level: 'silent', secrets: [] });
const images = createImageDownloader({ timeoutMs: 2000, allowlist: ['127.0.0.1'] });

let closeService: () => Promise<void>;

beforeAll(async () => {
  ({ fake, service, close: closeService } = await startServiceClient());
});
afterAll(async () => {
  await images.close();
  await closeService();
});

/** What the reply's webhook was asked to write, in order. */
interface Write {
  readonly op: 'editOriginal' | 'followUp' | 'withdraw';
  readonly content: string;
  readonly files: readonly { readonly name: string; readonly data: unknown }[];
}

function recordingWebhook(): { webhook: InteractionWebhook; writes: Write[] } {
  const writes: Write[] = [];
  const record = (op: Write['op'], message: OutgoingMessage) =>
    writes.push({
      op,
      content: message.content,
      files: (message.files ?? []).map((file) => ({ name: file.name, data: file.data })),
    });
  const webhook: InteractionWebhook = {
    editOriginal: async (message) => {
      record('editOriginal', message);
      return 'original';
    },
    followUp: async (message) => {
      record('followUp', message);
      return `follow-up-${writes.length}`;
    },
    editFollowUp: async () => undefined,
    withdraw: async (content) => {
      record('withdraw', { content });
    },
  };
  return { webhook, writes };
}

/**
 * The generation's parts over a fresh store; the server's monthly cap `capMicros`. `logs`: every
 * line the generation logged; `posted`: what the alert channel was sent.
 */
async function setUp(capMicros: number) {
  const { store } = await freshStore();
  const ledger = createLedger(store, prices, silent);
  const budgets = createBudgets(store, ledger, prices.currency);
  await budgets.update(GUILD, { monthlyCapMicros: capMicros });
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    secrets: [],
    destination: { write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const metrics = createMetrics({
    queueWaiting: () => 0,
    shards: () => ({ ready: 1, total: 1 }),
    discordInvalid: () => ({ totals: {}, window: 0 }),
    storeFailures: () => new Map(),
  });
  const posted: { channelId: string; content: string }[] = [];
  const deps: ImagineDeps = {
    budgets,
    prices,
    logger,
    clock: systemClock,
    shutdown: new AbortController().signal,
    service,
    config: { imagineProgressIntervalMs: 60_000 },
    images,
    ledger,
    metrics,
    shardOf: () => 0,
    notify: async (channelId, content) => {
      posted.push({ channelId, content });
    },
  };
  /** Requests counted by the metrics, by outcome. */
  const outcomes = async () => {
    const counter = await metrics.registry.getSingleMetric('bot_requests_total')?.get();
    return Object.fromEntries(
      (counter?.values ?? [])
        .filter((value) => value.labels.kind === 'image')
        .map((value) => [value.labels.outcome, value.value]),
    );
  };
  const ended = () => logs.filter((line) => line.msg === REQUEST_ENDED);
  return { ledger, budgets, deps, logs, ended, outcomes, posted };
}

async function imagine(deps: ImagineDeps, webhook: InteractionWebhook, size: ImageSize, n: number) {
  await runImagine(deps, webhook, {
    request: { prompt: 'a red fox in snow', size, n, userId: USER, channelId: 'c1' },
    requestId: 'request-1',
    guildId: GUILD,
    channelId: 'c1',
    attachmentSizeLimit: undefined,
    showCost: true,
    words: { reply: english, member: english, server: english },
  });
}

const today = () => new Date(systemClock.now()).toISOString().slice(0, 10);

describe('runImagine', () => {
  it.each([
    [1, '512x512'],
    [2, '1024x1024'],
    [3, '2048x2048'],
    [4, '1024x1024'],
  ] as const)(
    'n=%i at %s: posts the PNGs, charges once at the listed price, releases the reservation',
    async (n, size) => {
      const cost = imageCostMicros(prices, size, n);
      // Room for this request and exactly one more like it: a reservation still held would refuse it.
      const { ledger, budgets, deps, ended, outcomes } = await setUp(2 * cost);
      const { webhook, writes } = recordingWebhook();
      const asked = fake.imageRequests().length;

      await imagine(deps, webhook, size, n);

      expect(
        fake
          .imageRequests()
          .slice(asked)
          .map((request) => request.body),
      ).toEqual([{ model: 'service-image-v1', prompt: 'a red fox in snow', size, n }]);
      const result = writes.at(-1);
      expect(result?.op).toBe('editOriginal');
      expect(result?.files.map((file) => file.name)).toEqual(
        Array.from({ length: n }, (_, i) => `image-${i + 1}.png`),
      );
      expect(result?.files.map((file) => file.data)).toEqual([...fake.served.values()].slice(-n));
      expect(result?.content).toContain('> a red fox in snow');
      expect(result?.content).toContain(english.t('spend.costImage', { money: english.money(cost, 'USD') }));

      const entries = await ledger.entries(GUILD, today(), today());
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: 'image', size, n, imagesDelivered: n, costMicros: cost });
      expect(await ledger.monthSpendMicros(GUILD, systemClock.now())).toBe(cost);
      expect(ended()).toMatchObject([{ outcome: 'completed', costMicros: cost, n, delivered: n }]);
      expect(await outcomes()).toEqual({ completed: 1 });

      const next = await budgets.reserve(GUILD, USER, cost, systemClock.now());
      expect(next.ok).toBe(true);
      if (next.ok) next.release();
    },
  );

  it('a service error charges nothing, says what failed, and releases the reservation', async () => {
    const cost = imageCostMicros(prices, '1024x1024', 2);
    const { ledger, budgets, deps, ended, outcomes } = await setUp(cost);
    const { webhook, writes } = recordingWebhook();
    const asked = fake.imageRequests().length;
    fake.enqueueImages({ status: 500, errorBody: { error: { message: 'generation failed' } } });

    await imagine(deps, webhook, '1024x1024', 2);

    // A 500 is not retried: the service may have generated (and billed) already.
    expect(fake.imageRequests().length - asked).toBe(1);
    const result = writes.at(-1);
    expect(result).toEqual({
      op: 'editOriginal',
      content: `> a red fox in snow\n⚠️ ${english.t('errors.serviceUnavailable', { status: 500 })}`,
      files: [],
    });
    expect(await ledger.entries(GUILD, today(), today())).toEqual([]);
    expect(await ledger.monthSpendMicros(GUILD, systemClock.now())).toBe(0);
    const [line] = ended();
    expect(line).toMatchObject({ costMicros: 0 });
    expect(line?.outcome).not.toBe('completed');
    expect(await outcomes()).toEqual({ [String(line?.outcome)]: 1 });
    // The whole cap is free again.
    const next = await budgets.reserve(GUILD, USER, cost, systemClock.now());
    expect(next.ok).toBe(true);
    if (next.ok) next.release();
  });

  it('a budget refusal withdraws the reply before the service is asked, and charges nothing', async () => {
    const cost = imageCostMicros(prices, '1024x1024', 3);
    const { ledger, budgets, deps, ended, outcomes } = await setUp(cost - 1);
    const { webhook, writes } = recordingWebhook();
    const asked = fake.imageRequests().length;

    await imagine(deps, webhook, '1024x1024', 3);

    expect(fake.imageRequests().length).toBe(asked);
    const refusal = await budgets.reserve(GUILD, USER, cost, systemClock.now());
    if (refusal.ok) throw new Error('the cap should refuse this request');
    expect(writes).toEqual([{ op: 'withdraw', content: `⛔ ${refusal.message(english)}`, files: [] }]);
    expect(await ledger.entries(GUILD, today(), today())).toEqual([]);
    expect(ended()).toMatchObject([{ outcome: 'refused', refusedBy: 'budget', costMicros: 0 }]);
    expect(await outcomes()).toEqual({ refused: 1 });
  });

  it('a refused server key withdraws the reply, charges nothing, and tells the admins (once per key: their port)', async () => {
    const { ledger, deps, ended } = await setUp(1_000_000_000);
    const told: [string, number | undefined][] = [];
    const withKeyAlert: ImagineDeps = {
      ...deps,
      serviceKeyRefused: async (guildId, status) => void told.push([guildId, status]),
    };
    const { webhook, writes } = recordingWebhook();
    fake.refuseKeys.add('sk-server-refused-0001');
    try {
      await runImagine(withKeyAlert, webhook, {
        request: { prompt: 'a red fox in snow', size: '512x512', n: 1, userId: USER, channelId: 'c1' },
        requestId: 'request-1',
        guildId: GUILD,
        channelId: 'c1',
        attachmentSizeLimit: undefined,
        showCost: true,
        serviceKey: 'sk-server-refused-0001',
        words: { reply: english, member: english, server: english },
      });
    } finally {
      fake.refuseKeys.delete('sk-server-refused-0001');
    }
    expect(writes.at(-1)).toEqual({
      op: 'withdraw',
      content: `⛔ ${english.t('errors.serviceOwnKeyRefused', { status: '401' })}`,
      files: [],
    });
    expect(told).toEqual([[GUILD, 401]]);
    expect(await ledger.entries(GUILD, today(), today())).toEqual([]);
    expect(ended()).toMatchObject([{ outcome: 'refused', refusedBy: 'serviceKey', costMicros: 0 }]);
  });
});
