/**
 * The interactions bench's figures in the combined table (and docs/performance.md's figures
 * region): bench/run/pickedFigures.ts's rows, kept here beside the bench. Label, path(s) into
 * bench/results/interactions.json, unit.
 */
export const INTERACTIONS_PICKED: [label: string, path: string | string[], unit?: string][] = [
  [
    'signature check, 1.5 KB body: mean / p99 / p99 not switched out (target < 1,000 µs) / CPU per check',
    [
      'signature.genuine.meanMicros',
      'signature.genuine.p99Micros',
      'signature.genuine.notSwitchedOutP99Micros',
      'signature.genuine.cpuMicrosPerCheck',
    ],
    ' µs',
  ],
  ['endpoint load', 'endpointRate.how'],
  [
    'signed PINGs: per second / p99 ms / endpoint CPU share / per endpoint CPU second (target ≥ 2,000)',
    [
      'endpointRate.runs.ping.requestsPerSecond',
      'endpointRate.runs.ping.latencyMs.p99',
      'endpointRate.runs.ping.endpointCpuShare',
      'endpointRate.runs.ping.requestsPerEndpointCpuSecond',
    ],
  ],
  [
    'signed commands (202): per second / p99 ms / endpoint CPU share / per endpoint CPU second',
    [
      'endpointRate.runs.command.requestsPerSecond',
      'endpointRate.runs.command.latencyMs.p99',
      'endpointRate.runs.command.endpointCpuShare',
      'endpointRate.runs.command.requestsPerEndpointCpuSecond',
    ],
  ],
  [
    'forged (401): per second / per endpoint CPU second',
    ['endpointRate.runs.forged.requestsPerSecond', 'endpointRate.runs.forged.requestsPerEndpointCpuSecond'],
  ],
  [
    'endpoint CPU per request, PING / command / forged (the whole path)',
    [
      'endpointRate.runs.ping.endpointCpuMicrosPerRequest',
      'endpointRate.runs.command.endpointCpuMicrosPerRequest',
      'endpointRate.runs.forged.endpointCpuMicrosPerRequest',
    ],
    ' µs',
  ],
  [
    'heap after GC per idle server, gateway process / HTTP worker (target < 0.5 KiB)',
    ['idleHeap.gatewayProcess.heapPerServerKiB', 'idleHeap.httpWorker.heapPerServerKiB'],
    ' KiB',
  ],
  ['idle servers compared', 'idleHeap.servers'],
  [
    'concurrent /ask / store / exact: gateway process / two HTTP workers',
    [
      'concurrentReplies.replies',
      'concurrentReplies.gateway.store',
      'concurrentReplies.gateway.finished',
      'concurrentReplies.workers.finished',
    ],
  ],
  [
    'event-loop delay p99: gateway process / worker 0 / worker 1 (target workers ≤ gateway)',
    [
      'concurrentReplies.gateway.processes.gatewayProcess.eventLoopDelayMs.p99',
      'concurrentReplies.workers.processes.worker0.eventLoopDelayMs.p99',
      'concurrentReplies.workers.processes.worker1.eventLoopDelayMs.p99',
    ],
    ' ms',
  ],
  [
    'longest stall: gateway process / worker 0 / worker 1',
    [
      'concurrentReplies.gateway.processes.gatewayProcess.longestStallMs',
      'concurrentReplies.workers.processes.worker0.longestStallMs',
      'concurrentReplies.workers.processes.worker1.longestStallMs',
    ],
    ' ms',
  ],
  [
    'CPU seconds: gateway process / worker 0 / worker 1',
    [
      'concurrentReplies.gateway.processes.gatewayProcess.cpuSeconds',
      'concurrentReplies.workers.processes.worker0.cpuSeconds',
      'concurrentReplies.workers.processes.worker1.cpuSeconds',
    ],
  ],
  [
    'RSS peak: gateway process / worker 0 / worker 1',
    [
      'concurrentReplies.gateway.processes.gatewayProcess.rssMiB.peak',
      'concurrentReplies.workers.processes.worker0.rssMiB.peak',
      'concurrentReplies.workers.processes.worker1.rssMiB.peak',
    ],
    ' MiB',
  ],
  [
    'acknowledged within 3 s: gateway process / two HTTP workers',
    ['concurrentReplies.gateway.ackMs.within3s', 'concurrentReplies.workers.ackMs.within3s'],
  ],
  [
    'acknowledgment p50 / p99: gateway process, then two HTTP workers',
    [
      'concurrentReplies.gateway.ackMs.p50',
      'concurrentReplies.gateway.ackMs.p99',
      'concurrentReplies.workers.ackMs.p50',
      'concurrentReplies.workers.ackMs.p99',
    ],
    ' ms',
  ],
  [
    'REST requests to Discord per reply: gateway process / two workers (each worker’s edit budget)',
    [
      'concurrentReplies.gateway.discordRequests.perReply',
      'concurrentReplies.workers.discordRequests.perReply',
      'concurrentReplies.workerStreamEditsPerSecond',
    ],
  ],
  ['workers: Discord’s POSTs answered', 'concurrentReplies.workers.delivery.statuses'],
  ['workers: interactions never acknowledged (lost)', 'concurrentReplies.workers.ackMs.never'],
  [
    'connections dropped, accept queue full (machine-wide): gateway run / workers run',
    ['concurrentReplies.gateway.listenOverflows', 'concurrentReplies.workers.listenOverflows'],
  ],
  ['workers skipped', 'concurrentReplies.workers.skipped'],
  [
    'CPU pressure, gateway run / workers run (0 idle … 1 always waiting)',
    ['conditions.repliesGateway.cpuPressure', 'conditions.repliesWorkers.cpuPressure'],
  ],
];
