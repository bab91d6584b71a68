/**
 * The built bot (`dist/src/main.js`) as a child process wired to the fakes, so a benchmark
 * measures the bot's own CPU and memory, not the fakes'.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeDiscord } from '../fakes/discord.js';
import type { FakeService } from '../fakes/service.js';

export interface BotProcess {
  readonly child: ChildProcess;
  /** Resolves once the bot has registered its commands (it is connected and ready). */
  ready(): Promise<unknown>;
  /** SIGTERM, wait for exit, remove the database. */
  stop(): Promise<void>;
}

/**
 * `fromSource` runs `src/main.ts` through tsx (for tests, which do not build); otherwise the
 * built `dist/src/main.js` (for benchmarks, which measure what `npm start` runs).
 */
export function startBotProcess(
  discord: FakeDiscord,
  service: FakeService,
  nodeOptions = '',
  fromSource = false,
): BotProcess {
  const dir = mkdtempSync(join(tmpdir(), 'bot-bench-'));
  const entry = fromSource ? ['--import', 'tsx', 'src/main.ts'] : ['dist/src/main.js'];
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: 'bench-token',
      SERVICE_BASE_URL: service.url,
      SERVICE_API_KEY: 'bench-key',
      DATABASE_URL: `sqlite://${join(dir, 'bench.sqlite')}`,
      DISCORD_API_URL: discord.apiUrl,
      LOG_LEVEL: 'warn',
      // Bursts from one member measure the bot, not the fair-use limit.
      RATE_LIMIT_PER_MINUTE: '1000',
      // The fake content host is on loopback.
      IMAGE_HOST_ALLOWLIST: '127.0.0.1',
      NODE_OPTIONS: nodeOptions,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    child,
    ready: () =>
      discord.waitFor(() => discord.commandWrites.length > 0, 30_000, 'the bot to register its commands'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
