/**
 * The fake service in a process of its own (BENCH_SERVICE=child, the default), so that its work
 * does not weigh on the figures of this process; driven over IPC. This file is that process too
 * (`--fake-service`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ChatScript, startFakeService } from '../../src/localService/fakeService.js';
import { round, SERVICE_MODE } from './conditions.js';

export type ServiceMessage = { enqueue: ChatScript; count: number } | { report: true };

export function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

export function lagFigures(histogram: { percentile(p: number): number; max: number; mean: number }) {
  const ms = (ns: number) => round(ns / 1e6, 2);
  return {
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    meanMs: ms(histogram.mean),
  };
}

export interface ServiceHandle {
  readonly url: string;
  enqueue(script: ChatScript, count: number): Promise<void>;
  report(): Promise<{ cpuSeconds: number; lag: ReturnType<typeof lagFigures> } | undefined>;
  close(): Promise<void>;
}

export async function startService(): Promise<ServiceHandle> {
  if (SERVICE_MODE === 'inline') {
    const service = await startFakeService();
    return {
      url: service.url,
      async enqueue(script, count) {
        for (let i = 0; i < count; i += 1) service.enqueue(script);
      },
      report: async () => undefined,
      close: () => service.close(),
    };
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--fake-service'],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = <T>(key: string) =>
    new Promise<T>((resolve) => {
      const on = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', on);
        resolve(message[key] as T);
      };
      child.on('message', on);
    });
  const url = await next<string>('url');
  return {
    url,
    async enqueue(script, count) {
      const done = next('enqueued');
      child.send({ enqueue: script, count } satisfies ServiceMessage);
      await done;
    },
    async report() {
      const answer = next<{ cpuSeconds: number; lag: ReturnType<typeof lagFigures> }>('report');
      child.send({ report: true } satisfies ServiceMessage);
      return answer;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** The child's side: the fake service, enqueuing scripts and reporting its CPU and delay. */
async function serveFakeService(): Promise<void> {
  const service = await startFakeService();
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  process.on('message', (message: ServiceMessage) => {
    if ('enqueue' in message) {
      for (let i = 0; i < message.count; i += 1) service.enqueue(message.enqueue);
      // Per-chunk send times are not needed here; do not keep 1.5 million of them.
      service.sendLogs.length = 0;
      process.send?.({ enqueued: message.count });
    } else {
      // Each report covers the time since the previous one.
      process.send?.({ report: { cpuSeconds: cpuSeconds(), lag: lagFigures(lag) } });
      lag.reset();
    }
  });
  process.on('disconnect', () => void service.close().then(() => process.exit(0)));
  process.send?.({ url: service.url });
}

if (process.argv.includes('--fake-service')) await serveFakeService();
