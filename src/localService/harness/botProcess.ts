/**
 * The bot as a child process wired to the local Discord and the local service (`npm start`'s
 * entry): benchmarks measure its own CPU and memory; process tests signal it, kill it, and read
 * everything it printed. Part of the harness that the tests and the bench share (this folder);
 * the bot itself never imports it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LocalDiscord } from '../../localDiscord/localDiscord.js';
import type { FakeService } from '../fakeService.js';

export interface BotProcess {
  readonly child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the bot has registered its commands (it is connected and ready). */
  ready(): Promise<unknown>;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended and its output is read. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, wait for exit, remove the database (unless the caller gave its folder). */
  stop(): Promise<void>;
}

/**
 * The V8 flags `npm start` runs the bot with (package.json; docs/operators.md "Memory in one process"): a
 * young generation of at most 2 × 16 MiB, and a full collection once the old generation doubles
 * its live size. A bot process started here runs with them too (on the command line: node
 * refuses the second in NODE_OPTIONS), and with npm start's MALLOC_ARENA_MAX.
 */
export const START_NODE_FLAGS = '--max-semi-space-size=16 --heap-growing-percent=100';

export interface BotProcessOptions {
  /** NODE_OPTIONS besides START_NODE_FLAGS (e.g. --expose-gc). */
  readonly nodeOptions?: string;
  /** Run `src/main.ts` through tsx (tests, which do not build); else the built `dist/src/main.js`. */
  readonly fromSource?: boolean;
  /** Extra or overriding environment variables. */
  readonly env?: Record<string, string>;
  /** Keep the database in this folder (to start another process on it); else a temporary one. */
  readonly databaseDir?: string;
  /** Run this command instead of node on the entry (e.g. `['npm', 'start']`), same environment. */
  readonly command?: readonly string[];
  /**
   * The bot's working directory (default: this process's), where relative paths such as a
   * PostgreSQL or Redis store's spill file (`data/ledger.pending.json`) land; the entry and the
   * price list are still this checkout's.
   */
  readonly cwd?: string;
}

export function startBotProcess(
  discord: LocalDiscord,
  service: FakeService,
  options: BotProcessOptions = {},
): BotProcess {
  const dir = options.databaseDir ?? mkdtempSync(join(tmpdir(), 'bot-process-'));
  const entry = (options.fromSource ? ['--import', 'tsx', 'src/main.ts'] : ['dist/src/main.js']).map((arg) =>
    options.cwd && arg.includes('/') ? resolve(arg) : arg,
  );
  const [command = process.execPath, ...args] = options.command ?? [
    process.execPath,
    ...START_NODE_FLAGS.split(' '),
    ...entry,
  ];
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: discord.botToken,
      SERVICE_BASE_URL: service.url,
      SERVICE_API_KEY: 'bench-key',
      DATABASE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
      DISCORD_API_URL: discord.apiUrl,
      LOG_LEVEL: 'warn',
      // Bursts from one member measure the bot, not the fair-use limit.
      RATE_LIMIT_PER_MINUTE: '1000',
      // The fake content host is on loopback.
      IMAGE_HOST_ALLOWLIST: '127.0.0.1',
      NODE_OPTIONS: options.nodeOptions ?? '',
      MALLOC_ARENA_MAX: '2',
      ...(options.cwd && { PRICES_FILE: resolve('prices.json') }),
      ...options.env,
    },
    ...(options.cwd && { cwd: options.cwd }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The bot reads the registered commands once it is connected (then writes them if they differ).
  const commandRequests = () =>
    discord.requestLog.filter((entry) => entry.route.endsWith('/commands')).length;
  const commandRequestsBefore = commandRequests();
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  // 'close', not 'exit': the process has ended and both of its pipes have been read to the end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    output: () => Buffer.concat(chunks).toString('utf8'),
    ready: () =>
      discord.waitFor(
        () => commandRequests() > commandRequestsBefore,
        30_000,
        'the bot to connect and check its commands',
      ),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!options.databaseDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
