/**
 * The interactions endpoint as a worker serves it: interactions of its own shards' servers go to
 * the bot's handlers (interactions/receiver.ts); the others are forwarded to the worker that owns
 * their shard (shardOwners.ts), or, when none answers, told privately that the bot is restarting
 * rather than left to fail. On PostgreSQL or Redis the worker claims its shards first, so two
 * workers never own one; on SQLite it is the only one (config.ts refuses SHARD_IDS there).
 */
import { hostname } from 'node:os';
import type { Logger } from '../lib/logger.js';
import { runsEveryShard, type ShardSet, shardOfGuild } from '../lib/shards.js';
import { type Claims, openClaims } from '../lib/stores/claims.js';
import type { Metrics } from '../ops/metrics.js';
import { type EndpointAnswer, type InteractionsEndpoint, startInteractionsEndpoint } from './endpoint.js';
import type { InteractionsConfig } from './env.js';
import type { InteractionReceiver } from './receiver.js';
import { createShardOwners, type ShardOwners } from './shardOwners.js';

export interface WorkerEndpointOptions {
  readonly config: { readonly interactions: InteractionsConfig; readonly databaseUrl: string };
  readonly shards: ShardSet;
  readonly receiver: Pick<InteractionReceiver, 'receive'>;
  readonly metrics: Pick<Metrics, 'interactionRequest'>;
  readonly logger: Logger;
  readonly healthy: () => Promise<boolean>;
  /** The private answer when the owning worker cannot be reached, in the member's language. */
  readonly unavailableText: (locale: string | undefined) => string;
  /** A shard claim was lost: another worker may own it now, so this one must stop. */
  readonly onClaimLost: (why: string) => void;
}

export interface WorkerEndpoint {
  readonly port: number;
  close(): Promise<void>;
}

/** The shard whose process receives an interaction over the gateway: its server's (DMs: 0). */
export function interactionShard(interaction: Record<string, unknown>, count: number): number {
  const guildId = interaction.guild_id;
  return typeof guildId === 'string' ? shardOfGuild(guildId, count) : 0;
}

const peerHost = (host: string) => (host === '0.0.0.0' || host === '::' ? hostname() : host);

export async function startWorkerEndpoint(options: WorkerEndpointOptions): Promise<WorkerEndpoint> {
  const { config, shards, metrics, logger } = options;
  const { interactions } = config;
  if (interactions.port === undefined || interactions.publicKey === undefined)
    throw new Error('the interactions endpoint needs INTERACTIONS_PORT and DISCORD_PUBLIC_KEY');
  let owners: ShardOwners | undefined;
  let claimed = false;
  const claims: Claims | undefined = await openClaims(config.databaseUrl, {
    onLost: (name, why) => {
      // From now on its interactions go to whoever owns the shard next, or are told to retry.
      claimed = false;
      options.onClaimLost(`${name}: ${why}`);
    },
  });
  // A start that fails leaves nothing open (the claims' connection would keep the process alive).
  const endpoint: InteractionsEndpoint = await startInteractionsEndpoint({
    host: interactions.host,
    port: interactions.port,
    publicKey: interactions.publicKey,
    pong: () => metrics.interactionRequest('pong'),
    onRefused: (reason) => metrics.interactionRequest(`refused:${reason}`),
    // A load balancer sends it nothing until its shards are its own.
    healthy: async () => claimed && (await options.healthy()),
    onError: (error) => logger.error({ err: error }, 'the interactions endpoint failed'),
    async handle(interaction, signed): Promise<EndpointAnswer> {
      const shard = interactionShard(interaction, shards.count);
      if (shards.ids.includes(shard) && claimed) {
        metrics.interactionRequest(await options.receiver.receive(interaction));
        return { status: 202 };
      }
      // Forwarded once already: the sender's view of the owners is stale; it asks the store again.
      if (signed.forwarded) {
        metrics.interactionRequest('misdirected');
        return { status: 421, body: 'this worker does not own that shard\n' };
      }
      const answer = await owners?.forward(shard, signed);
      if (answer !== undefined) {
        metrics.interactionRequest('forwarded');
        return answer;
      }
      metrics.interactionRequest('owner unreachable');
      logger.warn(
        { shard, interactionId: interaction.id },
        'no worker owning the shard answered: told the member',
      );
      const locale = typeof interaction.locale === 'string' ? interaction.locale : undefined;
      return {
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ type: 4, data: { content: options.unavailableText(locale), flags: 64 } }),
      };
    },
  }).catch(async (error: unknown) => {
    await claims?.close();
    throw error;
  });
  try {
    if (claims) {
      const selfUrl = interactions.peerUrl ?? `http://${peerHost(interactions.host)}:${endpoint.port}`;
      owners = createShardOwners({ claims, shards, selfUrl, logger });
      await owners.claimOwn();
      logger.info(
        { shards: shards.ids, shardCount: shards.count, url: selfUrl },
        'claimed this worker’s shards',
      );
    } else if (!runsEveryShard(shards)) {
      throw new Error('workers owning some shards need a shared store (PostgreSQL or Redis)');
    }
    claimed = true;
  } catch (error) {
    await endpoint.close();
    await claims?.close();
    throw error;
  }
  return {
    port: endpoint.port,
    async close() {
      claimed = false;
      await endpoint.close();
      await owners?.release();
      await claims?.close();
    },
  };
}
