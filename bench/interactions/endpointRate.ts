/**
 * Part 2: requests per second the interactions endpoint takes on one core. The endpoint runs in
 * a process of its own (endpointChild.ts) pinned to core 0 with `taskset`, the load in another
 * (loadDriver.ts) pinned to core 1; without `taskset` (or with one core) neither is pinned and
 * the figure per core is the requests per CPU second of the endpoint's process. Three loads, one
 * after another: signed PINGs, signed slash commands (202 after a setImmediate), forged ones (401).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { findInPath } from '../../src/localService/harness/servers.js';
import { processFigures } from '../processFigures.js';
import { RATE_CONNECTIONS, RATE_SECONDS, round } from './conditions.js';
import type { DriverConfig, DriverKind, DriverResult } from './loadDriver.js';
import { appKeys } from './signatureCost.js';

const here = new URL('.', import.meta.url).pathname;
const taskset = findInPath('taskset');
const pinned = taskset !== undefined && cpus().length >= 2;

/** node on a bench file through tsx, pinned to `core` when the machine allows it. */
function spawnTs(file: string, args: string[], core: number, env: Record<string, string> = {}): ChildProcess {
  const node = [process.execPath, '--import', 'tsx', `${here}${file}`, ...args];
  const [command, ...rest] = pinned ? [taskset as string, '-c', String(core), ...node] : node;
  return spawn(command as string, rest, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The first line a child prints on stdout, as JSON. */
async function firstLine<T>(child: ChildProcess): Promise<T> {
  let text = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  for await (const chunk of child.stdout as NodeJS.ReadableStream) {
    text += chunk.toString();
    if (text.includes('\n')) return JSON.parse(text.slice(0, text.indexOf('\n'))) as T;
  }
  throw new Error(`a bench child ended without its line: ${errors.slice(-2000)}`);
}

export interface RateFigures extends DriverResult {
  /** The endpoint process's CPU over the load, as a share of one core. */
  readonly endpointCpuShare: number;
  /** The endpoint's CPU per request: the whole path (HTTP, signature, JSON, answer). */
  readonly endpointCpuMicrosPerRequest: number;
  /** Requests per CPU second of the endpoint process (the figure per core when not pinned). */
  readonly requestsPerEndpointCpuSecond: number;
}

export async function endpointRate() {
  const { privateKey, publicHex } = appKeys();
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const endpoint = spawnTs('endpointChild.ts', [publicHex], 0);
  const closed = once(endpoint, 'close');
  const counters: string[] = [];
  endpoint.stderr?.on('data', (chunk: Buffer) => counters.push(chunk.toString()));
  try {
    const { port } = await firstLine<{ port: number }>(endpoint);
    const pid = endpoint.pid as number;
    const runs: Partial<Record<DriverKind, RateFigures>> = {};
    // A second of each kind first, not counted: the endpoint's code warm (JIT) for all three.
    for (const kind of ['warm-up', 'ping', 'command', 'forged'] as const) {
      const config: DriverConfig = {
        url: `http://127.0.0.1:${port}`,
        seconds: kind === 'warm-up' ? 1 : RATE_SECONDS,
        warmupSeconds: 0.5,
        connections: RATE_CONNECTIONS,
        kind: kind === 'warm-up' ? 'mixed' : kind,
        privateKeyPem,
      };
      const cpuBefore = processFigures(pid).cpuSeconds;
      const started = performance.now();
      const driver = spawnTs('loadDriver.ts', [], 1, { INTERACTIONS_DRIVER: JSON.stringify(config) });
      const result = await firstLine<DriverResult>(driver);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = processFigures(pid).cpuSeconds - cpuBefore;
      if (kind === 'warm-up') continue;
      runs[kind] = {
        ...result,
        // The driver's start (tsx, signing) is in `elapsed` too: a share a little under the truth.
        endpointCpuShare: round(cpu / Math.min(elapsed, RATE_SECONDS + 0.5), 2),
        endpointCpuMicrosPerRequest: Math.round((cpu * 1e6) / result.allRequests),
        requestsPerEndpointCpuSecond: Math.round(result.allRequests / cpu),
      };
      console.error(`endpoint rate, ${kind}: ${JSON.stringify(runs[kind])}`);
    }
    return {
      pinned,
      how: pinned
        ? 'endpoint pinned to core 0, load to core 1 (taskset -c)'
        : `not pinned (${taskset ? 'one core' : 'no taskset'}): per core = requests per endpoint CPU second`,
      connections: RATE_CONNECTIONS,
      seconds: RATE_SECONDS,
      runs,
    };
  } finally {
    endpoint.kill('SIGTERM');
    await closed;
    if (counters.length > 0) console.error(`endpoint child: ${counters.join('').trim()}`);
  }
}
