/**
 * The playground's bot process (the built `dist/src/main.js`, as `npm start` runs it), restartable
 * for the page's Message Content intent switch. Whether the app has that privileged intent is the
 * local Discord's to say (`messageContentGranted`: without it, an IDENTIFY asking for it is closed
 * with 4014, as Discord does), and the bot asks for it when `MESSAGE_CONTENT_INTENT` is true; so a
 * switch grants or withdraws it there, stops the bot (SIGTERM: replies in progress end with a
 * note) and starts it again with the setting to match. It starts with the operator's
 * `MESSAGE_CONTENT_INTENT` (default off, as a new Discord application is).
 *
 * Ready means: a gateway session identified and the commands registered (at a restart, registered
 * anew: "Summarize from here" comes and goes with the intent), then `whenReady` done: with
 * `PLAYGROUND_TRANSPORT=http`, the interactions endpoint saved at the local Discord for this
 * process (playground.ts), so the page's switch reports the restart over only once it is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { LocalDiscord } from '../localDiscord/localDiscord.js';
import type { IntentSwitch } from './pageIntent.js';

export interface BotRunner {
  readonly intent: IntentSwitch;
  /** Stops the bot (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

const READY_MS = 60_000;

export async function startBotRunner(
  discord: LocalDiscord,
  options: {
    mainScript: string;
    env: NodeJS.ProcessEnv;
    output: (chunk: string) => void;
    /** After each start, the first and every restart, once the bot is ready (rejecting fails that start). */
    whenReady?: () => Promise<void>;
  },
): Promise<BotRunner> {
  let on = options.env.MESSAGE_CONTENT_INTENT === 'true';
  let child: ChildProcess | undefined;
  let restarting = false;
  let queue: Promise<void> = Promise.resolve();

  /** Starts the bot with the intent as `on` says; resolves once `ready` holds, rejects if it exits first. */
  const run = async (ready: () => boolean) => {
    discord.messageContentGranted = on;
    const started = spawn(process.execPath, [options.mainScript], {
      env: { ...options.env, MESSAGE_CONTENT_INTENT: String(on) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.setEncoding('utf8').on('data', options.output);
    started.stderr?.setEncoding('utf8').on('data', options.output);
    const exited = once(started, 'exit').then(([code]) => {
      throw new Error(`the bot stopped before it was ready (exit code ${String(code)}); its output says why`);
    });
    exited.catch(() => {});
    await Promise.race([discord.waitFor(ready, READY_MS, 'the bot'), exited]);
    await options.whenReady?.();
  };

  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };

  const restart = async (next: boolean) => {
    if (next === on && child?.exitCode === null) return;
    restarting = true;
    discord.emit('change');
    try {
      await stop();
      on = next;
      const identified = discord.identifies.length;
      const written = discord.commandWrites.length;
      await run(
        () =>
          discord.identifies.length > identified &&
          discord.readyShards().length > 0 &&
          discord.commandWrites.length > written,
      );
    } finally {
      restarting = false;
      discord.emit('change');
    }
  };

  try {
    await run(() => discord.readyShards().length > 0 && discord.commands.size > 0);
  } catch (error) {
    // Not ready in time, or whenReady failed: the process must not outlive the failed start.
    await stop();
    throw error;
  }
  return {
    intent: {
      get on() {
        return on;
      },
      get restarting() {
        return restarting;
      },
      set(next) {
        queue = queue.catch(() => {}).then(() => restart(next));
        return queue;
      },
      settled: () => queue.catch(() => {}),
    },
    stop,
  };
}
