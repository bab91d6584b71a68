/** The interactions bench's verdicts, and its figures as the table it prints. */

import { atLeast, atMost, below, holds, notJudged, type Verdict } from '../run/verdict.js';
import { formatTable } from '../textTable.js';
import {
  QUICK,
  REPLIES,
  TARGET_HTTP_HEAP_PER_SERVER_KIB,
  TARGET_PINGS_PER_SECOND,
  TARGET_SIGNATURE_P99_MS,
} from './conditions.js';
import type { endpointRate } from './endpointRate.js';
import type { idleHeap } from './idleHeap.js';
import type { RepliesRun } from './replies.js';
import type { signatureCost } from './signatureCost.js';

export interface Parts {
  readonly signature: ReturnType<typeof signatureCost>;
  readonly rate: Awaited<ReturnType<typeof endpointRate>>;
  readonly idle: Awaited<ReturnType<typeof idleHeap>>;
  readonly gateway: RepliesRun;
  readonly workers: RepliesRun | { readonly skipped: string };
}

const replies = REPLIES.toLocaleString('en');

export function verdicts({ signature, rate, idle, gateway, workers }: Parts): Verdict[] {
  const ping = rate.runs.ping;
  const list: Verdict[] = [
    below(
      `signature check p99, ${signature.bodyBytes} B body (the ${signature.genuine.notSwitchedOut.toLocaleString('en')} of ${signature.genuine.checks.toLocaleString('en')} checks no other process interrupted)`,
      signature.genuine.notSwitchedOutP99Micros,
      TARGET_SIGNATURE_P99_MS * 1000,
      'µs',
    ),
    holds(
      'every signature check right (genuine accepted, forged refused)',
      signature.genuine.wrongVerdicts + signature.forged.wrongVerdicts === 0,
    ),
    atLeast(
      'signed PINGs per second on one core (per CPU second of the endpoint process)',
      ping?.requestsPerEndpointCpuSecond,
      TARGET_PINGS_PER_SECOND,
      '/s',
    ),
    holds('every PING answered 200, every command 202, every forged request 401', statusesRight(rate)),
    below(
      'HTTP worker (GATEWAY=off): heap after GC per idle server',
      idle.httpWorker.heapPerServerKiB,
      TARGET_HTTP_HEAP_PER_SERVER_KIB,
      'KiB',
    ),
    notJudged(
      'gateway process: heap after GC per idle server',
      idle.gatewayProcess.heapPerServerKiB,
      'KiB',
      'for comparison (bench/scale judges it: ≤ 6 KiB)',
    ),
    holds(`gateway process: all ${replies} replies exact`, gateway.allExact),
    holds(
      'gateway process: every interaction acknowledged within Discord’s 3 s',
      gateway.ackMs.within3s === gateway.replies,
    ),
  ];
  const gatewayP99 = gateway.processes[0]?.eventLoopDelayMs?.p99;
  if ('skipped' in workers) {
    list.push(notJudged('two HTTP workers', null, '', `skipped: ${workers.skipped}`));
  } else {
    list.push(holds(`two HTTP workers: all ${replies} replies exact`, workers.allExact));
    list.push(
      holds(
        'two HTTP workers: every POST answered 202 within 3 s, no interaction failed',
        workers.delivery?.statuses['202'] === workers.replies && workers.delivery.endpointFailures === 0,
      ),
    );
    for (const worker of workers.processes) {
      const measure = `${worker.label}: event-loop delay p99 ≤ the gateway process's (${gatewayP99} ms)`;
      // 100 replies keep the loops nearly idle: their p99s differ by what else the machine runs.
      list.push(
        QUICK
          ? notJudged(
              measure,
              worker.eventLoopDelayMs?.p99,
              'ms',
              'a quick run’s 100 replies are too few to compare',
            )
          : atMost(measure, worker.eventLoopDelayMs?.p99, gatewayP99 ?? Number.NaN, 'ms'),
      );
    }
  }
  const all = [...gateway.processes, ...('skipped' in workers ? [] : workers.processes)];
  list.push(
    holds(
      'no error logged, no unhandled rejection in any bot process',
      all.every((one) => one.errorLogLines === 0 && one.unhandledRejections === 0),
    ),
  );
  return list;
}

function statusesRight(rate: Parts['rate']): boolean {
  const only = (kind: 'ping' | 'command' | 'forged', status: string) => {
    const run = rate.runs[kind];
    return run !== undefined && run.requests > 0 && run.statuses[status] === run.requests;
  };
  return only('ping', '200') && only('command', '202') && only('forged', '401');
}

/** The figures as text tables, for the bench's own output. */
export function tables({ signature, rate, idle, gateway, workers }: Parts): string {
  const sig = (name: string, f: Parts['signature']['genuine']) => [
    name,
    String(f.checks),
    String(f.meanMicros),
    String(f.p50Micros),
    String(f.p99Micros),
    String(f.notSwitchedOut),
    String(f.notSwitchedOutP99Micros),
    String(f.cpuMicrosPerCheck),
  ];
  const parts = [
    `1. checkSignature, ${signature.bodyBytes} B body (µs)`,
    formatTable(
      [
        ['check', 'checks', 'mean', 'p50', 'p99', 'not switched out', 'their p99', 'CPU per check'],
        sig('genuine', signature.genuine),
        sig('forged (refused)', signature.forged),
      ],
      [0],
    ),
    `\n2. endpoint on one core: ${rate.how}, ${rate.connections} connections, ${rate.seconds} s each`,
    formatTable(
      [
        [
          'load',
          'requests/s',
          'p50 ms',
          'p99 ms',
          'endpoint CPU share',
          'per endpoint CPU s',
          'µs CPU/request',
          'statuses',
        ],
        ...Object.values(rate.runs).map((run) => [
          run.kind,
          String(run.requestsPerSecond),
          String(run.latencyMs.p50),
          String(run.latencyMs.p99),
          String(run.endpointCpuShare),
          String(run.requestsPerEndpointCpuSecond),
          String(run.endpointCpuMicrosPerRequest),
          JSON.stringify(run.statuses),
        ]),
      ],
      [0, 7],
    ),
    `\n3. heap after GC per idle server, ${idle.servers.join(' vs ')} servers`,
    formatTable(
      [
        ['process', 'heap MiB', 'RSS MiB', 'heap KiB/server', 'RSS KiB/server'],
        ...(['gatewayProcess', 'httpWorker'] as const).map((key) => [
          key === 'gatewayProcess' ? 'gateway process' : 'HTTP worker (GATEWAY=off)',
          idle[key].runs.map((run) => run.heapAfterGcMiB).join(' / '),
          idle[key].runs.map((run) => run.rssMiB).join(' / '),
          String(idle[key].heapPerServerKiB),
          String(idle[key].rssPerServerKiB),
        ]),
      ],
      [0],
    ),
    `\n4. ${replies} concurrent /ask, store ${gateway.store}`,
    formatTable(
      [
        [
          'process',
          'lag p50',
          'lag p99',
          'lag max',
          'longest stall',
          'CPU s',
          'RSS idle',
          'RSS peak',
          'errors',
        ],
        ...[...gateway.processes, ...('skipped' in workers ? [] : workers.processes)].map((one) => [
          one.label,
          String(one.eventLoopDelayMs?.p50),
          String(one.eventLoopDelayMs?.p99),
          String(one.eventLoopDelayMs?.max),
          String(one.longestStallMs),
          String(one.cpuSeconds),
          String(one.rssMiB.idle),
          String(one.rssMiB.peak),
          String(one.errorLogLines + one.unhandledRejections),
        ]),
      ],
      [0],
    ),
    ...('skipped' in workers ? [] : workers.processes).map(
      (one) => `${one.label}, its endpoint's requests by outcome: ${JSON.stringify(one.interactionOutcomes)}`,
    ),
    ...[gateway, workers].map((run) =>
      'skipped' in run
        ? `two HTTP workers: skipped (${run.skipped})`
        : `${run.mode}: ${run.finished}/${run.replies} exact, drained in ${run.drainSeconds} s, acknowledged p50 ${run.ackMs.p50} / p99 ${run.ackMs.p99} ms (${run.ackMs.within3s} within 3 s, ${run.ackMs.never} never), channels per shard ${run.channelsPerShard.join('/')}, 429s ${run.rateLimited429}, REST requests ${JSON.stringify(run.discordRequests)}, CPU pressure ${run.cpuPressure}, connections dropped (accept queue full) ${run.listenOverflows}${run.delivery ? `, POSTs ${JSON.stringify(run.delivery.statuses)} p99 ${run.delivery.p99Ms} ms, balancer ${run.delivery.balancerSent.join('/')} (CPU ${run.delivery.balancerCpuSeconds} s, ${JSON.stringify(run.delivery.balancer)})` : ''}; bench process (the local Discord) CPU ${run.benchCpuSeconds} s, event-loop delay p99 ${run.benchEventLoopDelayMs.p99Ms} ms`,
    ),
  ];
  return parts.join('\n');
}
