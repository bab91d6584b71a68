/** The soak's figures as the table `tsx bench/soak.ts` prints (every figure: soak.json). */

import { verdictLine } from '../run/verdict.js';
import { DOWN_S, TARGET_SLOPE, TARGET_STALL_MS } from './conditions.js';
import type { soakReport } from './report.js';

export function printSoakTable(report: ReturnType<typeof soakReport>): void {
  const answeredLine = (figures: { sent: number; unanswered: number; clearErrors: number; wrong: number }) =>
    `${figures.sent} sent, ${figures.clearErrors} clear errors, ${figures.wrong} wrong, ${figures.unanswered} unanswered`;
  const rows = [
    [
      `RSS slope over ${report.rssSlopeOver} (MiB/min)`,
      `${report.rssSlopeMiBPerMin} (after the warm-up ${report.rssSlopeAfterWarmupMiBPerMin}; heap after GC ${report.heapAfterGcSlopeMiBPerMin})`,
      `≤ ${TARGET_SLOPE}`,
    ],
    [
      'collections forced in the bot (to read heap after GC), at minute',
      `${report.forcedCollections.count}: ${report.forcedCollections.atMinutes.join(', ')}`,
      '',
    ],
    [
      'RSS start / after warm-up / end / max (MiB)',
      `${report.rssMiB.start} / ${report.rssMiB.afterWarmup} / ${report.rssMiB.end} / ${report.rssMiB.max}`,
      '',
    ],
    [
      'heap after GC start / after warm-up / end (MiB)',
      `${report.heapAfterGcMiB.start} / ${report.heapAfterGcMiB.afterWarmup} / ${report.heapAfterGcMiB.end}`,
      '',
    ],
    [
      '/ask',
      `${report.asks.exact} exact (+${report.asks.exactWithStorageNote} with the not-saved note), ${answeredLine(report.asks)}`,
      'none unanswered',
    ],
    [
      'mentions',
      `${report.mentions.exact} exact (+${report.mentions.exactWithStorageNote} with the note), ${answeredLine(report.mentions)}`,
      'none unanswered',
    ],
    ['/imagine', `${report.images.delivered} delivered, ${answeredLine(report.images)}`, 'none unanswered'],
    [
      `store restarts (${DOWN_S} s down)`,
      `${report.restarts.length} at ${report.restarts.map((restart) => `${restart.atMinute}`).join(', ')} min`,
      '',
    ],
    [
      'ledger entries / billed by the service',
      `${report.ledger.entries} (+${report.ledger.spilled} spilled) / ${report.ledger.expected}, ${report.ledger.duplicates} twice, totals ${report.ledger.aggregateRequests}`,
      'equal',
    ],
    [
      'unhandled errors; exit code',
      `${report.errors.unhandled}; ${report.errors.botExitCode} (stop ${report.errors.stopSeconds} s)`,
      '0; 0',
    ],
    [
      'event-loop delay p99 (median / max window), max',
      `${report.eventLoopDelayMs.p99Median} / ${report.eventLoopDelayMs.p99Max} / ${report.eventLoopDelayMs.max} ms`,
      '',
    ],
    [
      'longest stall / share of the time in stalls over 50 ms',
      `${report.stalls.maxStallMs} ms / ${report.stalls.shareInStallsOver50Ms}`,
      `≤ ${TARGET_STALL_MS} ms`,
    ],
  ];
  const width = Math.max(...rows.map((row) => (row[0] as string).length));
  const width2 = Math.max(...rows.map((row) => (row[1] as string).length));
  for (const [measure, figure, target] of rows)
    console.log(`${(measure as string).padEnd(width)}  ${(figure as string).padEnd(width2)}  ${target}`);
  for (const verdict of report.verdicts) console.log(verdictLine(verdict));
  if (report.heapSnapshots.length > 0) console.log(`heap snapshots:\n${report.heapSnapshots.join('\n')}`);
}
