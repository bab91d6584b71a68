import type { ClientEvents } from 'discord.js';
import type { BotContext } from '../context.js';
import type { Command, MessageCommand } from '../discord/command.js';

/** What every event handler receives besides the event's own arguments. */
export interface EventRuntime {
  readonly context: BotContext;
  readonly commands: ReadonlyMap<string, Command>;
  /** Message commands by name (their own namespace at Discord). */
  readonly messageCommands: ReadonlyMap<string, MessageCommand>;
}

/**
 * A gateway event handler: a plain object, listed in events/index.ts. Its promise is tracked by
 * the bot, so shutdown waits for it. Handlers of members' requests run behind the error boundary;
 * anything that still rejects is logged by the wiring.
 */
export interface Event<K extends keyof ClientEvents = keyof ClientEvents> {
  readonly name: K;
  execute(runtime: EventRuntime, ...args: ClientEvents[K]): Promise<void> | void;
}
