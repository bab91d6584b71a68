/**
 * Part 2's load, in a process of its own (pinned to another core than the endpoint's when
 * `taskset` exists): `connections` loops over an undici Pool, each POSTing the next request as
 * soon as the previous one is answered, for a warm-up then `seconds`. The requests are signed
 * once at the start (a signature stays valid for 15 s), so the load costs no signing:
 * - `ping`: PINGs (answered PONG by the endpoint itself);
 * - `command`: 1.5 KB slash commands (the endpoint's handle answers 202 after a setImmediate);
 * - `forged`: slash commands signed over another body (refused 401 after the check);
 * - `mixed`: the three in turn (the warm-up).
 * Prints one JSON line: requests and statuses in the measured window, latency, its own CPU.
 *
 * Config: env INTERACTIONS_DRIVER, JSON {url, seconds, warmupSeconds, connections, kind, privateKeyPem}.
 */
import { createPrivateKey } from 'node:crypto';
import { Pool } from 'undici';
import { commandBody, percentile, pingBody, round } from './conditions.js';
import { signed } from './signatureCost.js';

export type DriverKind = 'ping' | 'command' | 'forged' | 'mixed';
export interface DriverConfig {
  readonly url: string;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly kind: DriverKind;
  readonly privateKeyPem: string;
}
export interface DriverResult {
  readonly kind: DriverKind;
  readonly requests: number;
  /** Requests sent in all, the warm-up's included. */
  readonly allRequests: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly statuses: Record<string, number>;
  readonly latencyMs: { p50: number; p99: number; max: number };
  readonly driverCpuSeconds: number;
}

async function drive(config: DriverConfig): Promise<DriverResult> {
  const key = createPrivateKey(config.privateKeyPem);
  const kinds = ['ping', 'command', 'forged'] as const;
  const requests = Array.from({ length: 63 }, (_, i) => {
    const kind = config.kind === 'mixed' ? kinds[i % 3] : config.kind;
    const body = kind === 'ping' ? pingBody() : commandBody();
    const headers = kind === 'forged' ? signed(key, commandBody()) : signed(key, body);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': headers.signature,
        'x-signature-timestamp': headers.timestamp,
      },
    };
  });
  const pool = new Pool(config.url, { connections: config.connections, pipelining: 1 });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let all = 0;
  const cpuBefore = process.cpuUsage();
  const warmEnd = performance.now() + config.warmupSeconds * 1000;
  let measuredFrom = 0;
  const end = warmEnd + config.seconds * 1000;
  const loop = async (index: number) => {
    for (let i = index; ; i += config.connections) {
      const started = performance.now();
      if (started >= end) return;
      const request = requests[i % requests.length] as (typeof requests)[number];
      const response = await pool.request({
        path: '/interactions',
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      await response.body.dump();
      const done = performance.now();
      all += 1;
      if (started >= warmEnd && done <= end) {
        if (measuredFrom === 0) measuredFrom = started;
        latencies.push(done - started);
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: config.connections }, (_, index) => loop(index)));
  const cpu = process.cpuUsage(cpuBefore);
  await pool.close();
  const seconds = (end - Math.max(warmEnd, measuredFrom || warmEnd)) / 1000;
  return {
    kind: config.kind,
    requests: latencies.length,
    allRequests: all,
    seconds: round(seconds, 2),
    requestsPerSecond: Math.round(latencies.length / seconds),
    statuses,
    latencyMs: {
      p50: round(percentile(latencies, 50), 2),
      p99: round(percentile(latencies, 99), 2),
      max: round(Math.max(...latencies), 2),
    },
    driverCpuSeconds: round((cpu.user + cpu.system) / 1e6, 2),
  };
}

if (process.env.INTERACTIONS_DRIVER) {
  const result = await drive(JSON.parse(process.env.INTERACTIONS_DRIVER) as DriverConfig);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
