/**
 * The operations side of one bot: its metrics (read from the client, the channel queue and the
 * REST health counter), the health check, and the HTTP server when METRICS_PORT is set.
 */
import { type Client, Status } from 'discord.js';
import type { Logger } from '../lib/logger.js';
import { shardOfGuild } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import type { CountedQueue } from './countedQueue.js';
import { createMetrics, type MetricSources, type Metrics } from './metrics.js';
import { type Health, type OpsServer, startOpsServer } from './server.js';

/** The longest /healthz waits for the store's read before calling it unhealthy. */
export const STORE_PROBE_TIMEOUT_MS = 2_000;

export interface OperationsOptions {
  /** METRICS_PORT (undefined: no server) and METRICS_HOST. */
  readonly config: {
    readonly metricsPort: number | undefined;
    readonly metricsHost: string;
    /** GATEWAY=off: no shard to wait for; INTERACTIONS_PORT: the endpoint must be listening. */
    readonly interactions: { readonly gateway: boolean; readonly port: number | undefined };
  };
  /** Whether the interactions endpoint listens (when INTERACTIONS_PORT is set). */
  readonly endpointListening?: () => boolean;
  readonly client: Client;
  readonly store: Store;
  readonly logger: Logger;
  /** The chat's queue: how many turns wait behind another. */
  readonly queue: Pick<CountedQueue, 'waiting'>;
  /** The bot's shard count (all processes). */
  readonly shardCount: number;
  readonly discordInvalid: MetricSources['discordInvalid'];
}

export interface Operations {
  readonly metrics: Metrics;
  shardOf(guildId: string | null): number;
  health(): Promise<Health>;
  /** Starts the HTTP server when METRICS_PORT is set. */
  start(): Promise<void>;
  /** The port the server listens on (undefined when off or not started). */
  port(): number | undefined;
  close(): Promise<void>;
}

export function createOperations(options: OperationsOptions): Operations {
  const { client, store, config } = options;
  const shardList = () => [...client.ws.shards.values()];
  const metrics = createMetrics({
    queueWaiting: () => options.queue.waiting(),
    shards: () => {
      const shards = shardList();
      return { ready: shards.filter((shard) => shard.status === Status.Ready).length, total: shards.length };
    },
    discordInvalid: options.discordInvalid,
    storeFailures: () => store.failures,
  });

  const probeStore = async (): Promise<string | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the store did not answer a read within ${STORE_PROBE_TIMEOUT_MS} ms`),
        STORE_PROBE_TIMEOUT_MS,
      );
    });
    const read = store.get('health:probe').then(
      () => undefined,
      (error: unknown) =>
        `the store does not answer a read: ${error instanceof Error ? error.message : String(error)}`,
    );
    try {
      return await Promise.race([read, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  let server: OpsServer | undefined;
  const operations: Operations = {
    metrics,
    shardOf(guildId) {
      if (guildId === null) return 0;
      const cached = client.guilds.cache.get(guildId)?.shardId;
      return cached ?? shardOfGuild(guildId, options.shardCount);
    },
    async health() {
      if (config.interactions.port !== undefined && options.endpointListening?.() !== true)
        return { ok: false, reason: 'the interactions endpoint is not listening yet' };
      if (!config.interactions.gateway) {
        const storeProblem = await probeStore();
        return storeProblem ? { ok: false, reason: storeProblem } : { ok: true };
      }
      const shards = shardList();
      if (shards.length === 0) return { ok: false, reason: 'not connected to Discord: no shard yet' };
      const notReady = shards.filter((shard) => shard.status !== Status.Ready);
      if (notReady.length > 0) {
        const which = notReady.map((shard) => `shard ${shard.id} is ${Status[shard.status]}`).join(', ');
        return { ok: false, reason: `not every shard is ready: ${which}` };
      }
      const storeProblem = await probeStore();
      return storeProblem ? { ok: false, reason: storeProblem } : { ok: true };
    },
    async start() {
      if (config.metricsPort === undefined || server) return;
      server = await startOpsServer({
        host: config.metricsHost,
        port: config.metricsPort,
        registry: metrics.registry,
        health: () => operations.health(),
        onError: (error) => options.logger.warn({ err: error }, 'the metrics endpoint failed'),
      });
      options.logger.info(
        { host: config.metricsHost, port: server.port },
        'metrics and health endpoint listening',
      );
    },
    port: () => server?.port,
    async close() {
      const closing = server;
      server = undefined;
      await closing?.close();
    },
  };
  return operations;
}
