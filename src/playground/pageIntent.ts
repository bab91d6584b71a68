/**
 * The page's "Message Content intent" switch, as the web server answers it: GET /api/intent says
 * whether the app has the intent and whether the bot is restarting (`?wait=1`: once it is ready
 * again); POST /api/intent `{on}` grants or withdraws it, the bot restarted behind it (playground.ts),
 * and answers once the bot is ready, with the commands it registered then ("Summarize from here"
 * only with the intent).
 */
import type { LocalDiscord } from '../localDiscord/localDiscord.js';
import { PageRefusal } from './pageHttp.js';

/** What playground.ts lets the page do with the bot's Message Content intent. */
export interface IntentSwitch {
  /** Whether the app has the intent now (the bot identified with it, or will once restarted). */
  readonly on: boolean;
  readonly restarting: boolean;
  /** Grants or withdraws the intent and restarts the bot; resolves once it is ready again. */
  set(on: boolean): Promise<void>;
  /** Resolves once no restart is under way. */
  settled(): Promise<void>;
}

const view = (intent: IntentSwitch) => ({ on: intent.on, restarting: intent.restarting });

/** GET /api/intent (`wait`: after the restart under way). */
export async function intentState(intent: IntentSwitch | undefined, wait: boolean) {
  if (!intent) return { on: false, restarting: false, available: false };
  if (wait) await intent.settled();
  return { ...view(intent), available: true };
}

/** POST /api/intent `{on: boolean}`: the bot restarted with the intent granted or not. */
export async function switchIntent(
  discord: LocalDiscord,
  intent: IntentSwitch | undefined,
  body: Record<string, unknown>,
) {
  if (!intent) throw new PageRefusal(404, 'this playground cannot restart its bot');
  if (typeof body.on !== 'boolean') throw new Error('say {"on": true} or {"on": false}');
  await intent.set(body.on);
  return { ...view(intent), available: true, commands: [...discord.commands.values()].flat() };
}
