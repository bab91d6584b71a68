/** What the discord.js client reports about itself goes to the log. */
import { Events } from 'discord.js';
import type { Logger } from '../lib/logger.js';
import type { Event } from './event.js';

export interface DiagnosticsDeps {
  readonly logger: Pick<Logger, 'error' | 'warn'>;
}

export function createDiagnostics({ logger }: DiagnosticsDeps) {
  return [
    {
      name: Events.Error,
      execute: (error) => logger.error({ err: error }, 'discord client error'),
    } satisfies Event<Events.Error>,
    {
      name: Events.Warn,
      execute: (message) => logger.warn({ message }, 'discord client warning'),
    } satisfies Event<Events.Warn>,
    {
      name: Events.ShardDisconnect,
      execute: (_event, shardId) => logger.warn({ shardId }, 'gateway shard disconnected'),
    } satisfies Event<Events.ShardDisconnect>,
  ];
}
