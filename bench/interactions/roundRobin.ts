/**
 * A plain load balancer in front of the workers' interactions endpoints, as nginx or Caddy would
 * be: each request goes to the next upstream in turn, body and headers unchanged (the idea of
 * test/helpers/roundRobin.ts, which bench/ may not import), over keep-alive connections. It runs
 * in a process of its own, as a real one would (so its work is not the bench process's, which
 * plays Discord), driven over IPC; this file is that process too (`--balancer <upstream>…`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequest } from '../../src/localService/harness/proxyRequest.js';
import { processFigures } from '../processFigures.js';
import { percentile, round } from './conditions.js';

/** Since the previous report: when requests arrived, how long the workers took to answer them. */
export interface BalancerTimes {
  readonly requests: number;
  /** From the first arrival to the last, s: a burst that reached the balancer late shows here. */
  readonly arrivalSpreadSeconds: number;
  /** From a request's arrival to its worker's answer (headers). */
  readonly answerMs: { p50: number; p99: number; max: number };
  /** Requests whose client (Discord) gave up before the worker answered. */
  readonly clientGone: number;
}

export interface RoundRobin {
  readonly url: string;
  /** Requests sent to each upstream so far, the times since the last report, the process's CPU. */
  report(): Promise<{ sent: number[]; times: BalancerTimes; cpuSeconds: number }>;
  close(): Promise<void>;
}

/** The balancer's side: serves until its parent disconnects. */
async function serve(upstreams: readonly string[]): Promise<void> {
  let next = 0;
  const sent = upstreams.map(() => 0);
  const agent = new Agent({ keepAlive: true });
  let arrivals: number[] = [];
  let answers: number[] = [];
  let clientGone = 0;
  const server = createServer((incoming, outgoing) => {
    const arrived = performance.now();
    arrivals.push(arrived);
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) clientGone += 1;
    });
    const index = next % upstreams.length;
    next = index + 1;
    sent[index] = (sent[index] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    proxyRequest(target, incoming, outgoing, {
      agent,
      onAnswer: () => answers.push(performance.now() - arrived),
    });
  });
  // A backlog for Discord's burst of new connections (node's default, 511, drops the rest, and a
  // dropped connection is tried again only after 1, 3, 7, 15 s): the balancer, which stands for
  // nginx or a cloud one, is not what the figures are about.
  server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  await once(server, 'listening');
  process.on('message', () => {
    const times: BalancerTimes = {
      requests: arrivals.length,
      arrivalSpreadSeconds: round((Math.max(...arrivals) - Math.min(...arrivals)) / 1000 || 0, 2),
      answerMs: {
        p50: round(percentile(answers, 50)),
        p99: round(percentile(answers, 99)),
        max: round(Math.max(0, ...answers)),
      },
      clientGone,
    };
    process.send?.({ report: { sent, times } });
    [arrivals, answers, clientGone] = [[], [], 0];
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close();
    agent.destroy();
  });
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

export async function startRoundRobin(upstreams: readonly string[]): Promise<RoundRobin> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--balancer', ...upstreams],
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
  const pid = child.pid as number;
  return {
    url,
    async report() {
      const answer = next<{ sent: number[]; times: BalancerTimes }>('report');
      child.send({ report: true });
      return { ...(await answer), cpuSeconds: round(processFigures(pid).cpuSeconds, 2) };
    },
    async close() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

if (process.argv[2] === '--balancer') await serve(process.argv.slice(3));
