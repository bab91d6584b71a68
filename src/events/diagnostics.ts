/** What the discord.js client reports about itself goes to the log. */
import { Events } from 'discord.js';
import type { Event } from './event.js';

export const clientError = {
  name: Events.Error,
  execute: ({ context }, error) => context.logger.error({ err: error }, 'discord client error'),
} satisfies Event<Events.Error>;

export const clientWarning = {
  name: Events.Warn,
  execute: ({ context }, message) => context.logger.warn({ message }, 'discord client warning'),
} satisfies Event<Events.Warn>;

export const shardDisconnect = {
  name: Events.ShardDisconnect,
  execute: ({ context }, _event, shardId) => context.logger.warn({ shardId }, 'gateway shard disconnected'),
} satisfies Event<Events.ShardDisconnect>;
