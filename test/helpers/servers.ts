/**
 * Vitest globalSetup: the PostgreSQL and Redis servers the store contract tests (test/contract)
 * run against, handed to them with `provide` (`inject('postgresUrl')`, `inject('redisUrl')`).
 *
 * For each kind, in order:
 * - `TEST_POSTGRES_URL` / `TEST_REDIS_URL` set: that server is used (it must be a throwaway one:
 *   the tests create and drop databases on PostgreSQL, and empty Redis logical databases 1–15).
 *   The value `off` skips the kind without looking for a server.
 * - else, when the server's binaries are installed (pg_ctl and initdb in PATH or in
 *   /usr/lib/postgresql/<version>/bin, Debian's place; redis-server in PATH), a throwaway server is
 *   started on 127.0.0.1 on a free port, its data in a new temporary directory, and stopped and
 *   removed at teardown. Starting one that is installed must work: a failure throws (a red run).
 * - else the kind's contract tests are skipped, and one line says why.
 *
 * PostgreSQL refuses to run as root: as root, it runs as the `postgres` system user (Debian's
 * package creates it), through runuser.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL whose user may create databases; undefined: PostgreSQL tests skipped. */
    postgresUrl: string | undefined;
    /** A Redis server URL (logical database 0); undefined: Redis tests skipped. */
    redisUrl: string | undefined;
  }
}

const run = promisify(execFile);
const HOST = '127.0.0.1';
const POSTGRES_ROOTS = '/usr/lib/postgresql';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on `path` (a PATH value), if any. */
export function findInPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The directory holding both pg_ctl and initdb: from PATH, else the newest
 * `<roots>/<version>/bin` (Debian keeps them out of PATH).
 */
export function findPostgresBin(path = process.env.PATH ?? '', roots = POSTGRES_ROOTS): string | undefined {
  const pgCtl = findInPath('pg_ctl', path);
  if (pgCtl && isExecutable(join(pgCtl, '..', 'initdb'))) return join(pgCtl, '..');
  let versions: string[];
  try {
    versions = readdirSync(roots);
  } catch {
    return undefined;
  }
  return versions
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    .map((version) => join(roots, version, 'bin'))
    .find((bin) => isExecutable(join(bin, 'pg_ctl')) && isExecutable(join(bin, 'initdb')));
}

/** A port nothing listens on right now (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  readonly url: string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
  /** Last resort at process exit when teardown never ran (synchronous). */
  kill(): void;
}

/** A PostgreSQL server; `halt` is `pg_ctl -m fast` (open connections are ended). */
export type PostgresServer = RestartableServer;

function describeFailure(error: unknown): string {
  // execFile's message already holds the command and its stderr.
  const failed = error as { stdout?: string; message?: string };
  return [failed.message, failed.stdout].filter(Boolean).join('\n').trim();
}

/**
 * A throwaway PostgreSQL server on 127.0.0.1 (a free port, trust auth, user `postgres`, data in a
 * new temporary directory); `bin` holds pg_ctl and initdb (findPostgresBin). Benchmarks use it
 * too (bench/soak.ts restarts it with halt and resume).
 */
export async function startPostgres(bin: string): Promise<PostgresServer> {
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(join(tmpdir(), 'contract-pg-'));
  const data = join(base, 'data');
  const log = join(base, 'postgres.log');
  // As root, every command runs as `postgres`, which must own the directory.
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const asNow = (command: string, args: string[]) =>
    asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args]) : spawnSync(command, args);
  const pgCtl = join(bin, 'pg_ctl');
  try {
    if (asRoot) {
      const ids = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]).catch(
        () => {
          throw new Error(
            "running as root, and there is no `postgres` system user to run PostgreSQL as (PostgreSQL refuses root): install Debian's postgresql package, or set TEST_POSTGRES_URL",
          );
        },
      );
      chownSync(base, Number(ids[0].stdout.trim()), Number(ids[1].stdout.trim()));
    }
    await as(join(bin, 'initdb'), [
      '-D',
      data,
      '--auth=trust',
      '-U',
      'postgres',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await freePort();
    // pg_ctl hands -o to a shell: the temporary directory's name has no quotes or spaces.
    const options = `-p ${port} -k '${base}' -c listen_addresses=${HOST} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
    // -l: without a log file the server would keep pg_ctl's stdout, and execFile would wait on it.
    const start = () => as(pgCtl, ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    await start();
    let stopped = false;
    /** Between halt and resume: nothing to stop. */
    let halted = false;
    return {
      url: `postgres://postgres@${HOST}:${port}/postgres`,
      async halt() {
        halted = true;
        await as(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
      },
      async resume() {
        await start();
        halted = false;
      },
      async stop() {
        stopped = true;
        try {
          if (!halted) await as(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
        } finally {
          rmSync(base, { recursive: true, force: true });
        }
      },
      kill() {
        if (stopped) return;
        asNow(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
        rmSync(base, { recursive: true, force: true });
      },
    };
  } catch (error) {
    let serverLog = '';
    try {
      serverLog = readFileSync(log, 'utf8').trim();
    } catch {
      // No log: initdb failed, or the server never started.
    }
    asNow(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
    rmSync(base, { recursive: true, force: true });
    const hint = asRoot
      ? ` (as root it runs as the postgres user, which must be able to reach ${tmpdir()}; set TMPDIR to change it)`
      : '';
    throw new Error(
      `store contract: PostgreSQL (${bin}) is installed but could not be started${hint}:\n${describeFailure(error)}${serverLog ? `\n${serverLog}` : ''}`,
    );
  }
}

/** Resolves once a Redis server answers PING on the port. */
function pingRedis(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A server that can also be stopped and started again on its data and port. */
export interface RestartableServer extends RunningServer {
  /** Stops the server (open connections are ended), keeping its data. */
  halt(): Promise<void>;
  /** Starts it again after `halt`, on the same port and data. */
  resume(): Promise<void>;
}

/**
 * A throwaway Redis server on 127.0.0.1 (a free port, data in a new temporary directory). With
 * `persistent`, it keeps an append-only file, so that `halt` and `resume` keep what was written.
 */
export async function startRedis(
  binary: string,
  options: { persistent?: boolean } = {},
): Promise<RestartableServer> {
  const base = mkdtempSync(join(tmpdir(), 'contract-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--dir', base];
  args.push('--appendonly', options.persistent ? 'yes' : 'no');
  let child: ChildProcess;
  const launch = async () => {
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    started.stdout?.on('data', collect);
    started.stderr?.on('data', collect);
    let spawnError: Error | undefined;
    started.once('error', (error) => {
      spawnError = error;
    });
    const fail = async (reason: string) => {
      started.kill('SIGKILL');
      await waitForExit(started, 5_000);
      rmSync(base, { recursive: true, force: true });
      throw new Error(
        `store contract: redis-server (${binary}) is installed but could not be started: ${reason}\n${output.trim()}`,
      );
    };
    const until = Date.now() + 10_000;
    while (!(await pingRedis(port))) {
      if (spawnError) return fail(spawnError.message);
      if (started.exitCode !== null || started.signalCode !== null)
        return fail(`it exited (${started.exitCode ?? started.signalCode})`);
      if (Date.now() > until) return fail('it did not answer PING within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const end = async () => {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 5_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  await launch();
  return {
    url: `redis://${HOST}:${port}`,
    halt: end,
    resume: launch,
    async stop() {
      await end();
      rmSync(base, { recursive: true, force: true });
    },
    kill() {
      child.kill('SIGKILL');
      rmSync(base, { recursive: true, force: true });
    },
  };
}

type Found =
  | { readonly url: string }
  | { readonly start: () => Promise<RunningServer> }
  | { readonly skip: string };

/** What to do for each kind: a given server, one to start, or why its tests are skipped. */
export function plan(env: NodeJS.ProcessEnv = process.env): { postgres: Found; redis: Found } {
  const given = (name: string, kind: string, find: () => Found): Found => {
    const value = env[name];
    if (value === 'off') return { skip: `store contract: ${kind} tests skipped: ${name}=off` };
    if (value) return { url: value };
    return find();
  };
  return {
    postgres: given('TEST_POSTGRES_URL', 'PostgreSQL', () => {
      const bin = findPostgresBin(env.PATH ?? '');
      return bin
        ? { start: () => startPostgres(bin) }
        : {
            skip: 'store contract: PostgreSQL tests skipped: no pg_ctl/initdb found (install postgresql, or set TEST_POSTGRES_URL)',
          };
    }),
    redis: given('TEST_REDIS_URL', 'Redis', () => {
      const binary = findInPath('redis-server', env.PATH ?? '');
      return binary
        ? { start: () => startRedis(binary) }
        : {
            skip: 'store contract: Redis tests skipped: no redis-server found (install redis-server, or set TEST_REDIS_URL)',
          };
    }),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const planned = plan();
  const running: RunningServer[] = [];
  const killAll = () => {
    for (const server of running) server.kill();
  };
  process.once('exit', killAll);
  const teardown = async () => {
    process.off('exit', killAll);
    const results = await Promise.allSettled(running.splice(0).map((server) => server.stop()));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  // Both start at once; if either fails, the other is stopped before the error is thrown.
  const urls = await Promise.allSettled(
    [planned.postgres, planned.redis].map(async (found): Promise<string | undefined> => {
      if ('url' in found) return found.url;
      if ('skip' in found) {
        console.warn(found.skip);
        return undefined;
      }
      const server = await found.start();
      running.push(server);
      return server.url;
    }),
  );
  const failed = urls.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown().catch(() => undefined);
    throw failed.reason;
  }
  const [postgresUrl, redisUrl] = urls.map((result) =>
    result.status === 'fulfilled' ? result.value : undefined,
  );
  project.provide('postgresUrl', postgresUrl);
  project.provide('redisUrl', redisUrl);
  return teardown;
}
