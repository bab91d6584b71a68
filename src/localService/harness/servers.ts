/**
 * Throwaway PostgreSQL servers for the store tests and the benchmarks (bench/stores.ts,
 * bench/soak.ts): found where Debian installs them, started on 127.0.0.1 on a free port with their
 * data in a new temporary directory, stopped and removed after. Part of the harness that the
 * tests and the bench share (this folder); the bot itself never imports it.
 *
 * PostgreSQL refuses to run as root: as root, it runs as the `postgres` system user (Debian's
 * package creates it), through runuser.
 */
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const HOST = '127.0.0.1';
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

/** A server that can also be stopped and started again on its data and port. */
export interface RestartableServer extends RunningServer {
  /** Stops the server (open connections are ended), keeping its data. */
  halt(): Promise<void>;
  /** Starts it again after `halt`, on the same port and data. */
  resume(): Promise<void>;
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
