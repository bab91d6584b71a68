import type { ClientEvents } from 'discord.js';

/**
 * A gateway event handler: a plain object built by its factory with the named services it uses,
 * listed in events/index.ts. Its promise is tracked by the bot, so shutdown waits for it.
 * Handlers of members' requests run behind the error boundary; anything that still rejects is
 * logged by the wiring.
 */
export interface Event<K extends keyof ClientEvents = keyof ClientEvents> {
  readonly name: K;
  execute(...args: ClientEvents[K]): Promise<void> | void;
}
