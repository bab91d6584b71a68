/**
 * Throwaway Redis servers for the store tests and the benchmarks, on 127.0.0.1 on a free port.
 * Part of the harness that the tests and the bench share (this folder); the bot itself never
 * imports it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, HOST, type RestartableServer } from './servers.js';

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
