/**
 * The figures each benchmark's section of the combined table shows, labelled (path: where in its
 * bench/results/<name>.json; several paths: their values joined with " / "). Every figure stays in
 * the JSON; the section shows what docs/performance.md quotes.
 */

import { INTERACTIONS_PICKED } from '../interactions/picked.js';

export type PickedRow = [label: string, path: string | string[], unit?: string];

export const PICKED: Record<string, PickedRow[]> = {
  capacity: [
    ['concurrent streams (all /ask at once)', 'streams'],
    ['tokens per reply / stream seconds', ['tokensPerReply', 'streamSeconds']],
    ['finished / all exact', ['finished', 'allExact']],
    ['429s', 'rateLimited429'],
    ['dispatch to the last final text', 'drainSeconds', ' s'],
    [
      'bot event-loop delay p50 / p99 / max, 1 ms histogram (target p99 < 50 ms)',
      ['botEventLoopDelayMs.p50', 'botEventLoopDelayMs.p99', 'botEventLoopDelayMs.max'],
      ' ms',
    ],
    [
      'bot longest stall (target ≤ 200 ms) / stalls over 50 ms / share of the time in them',
      ['botStalls.maxStallMs', 'botStalls.stallsOver50Ms', 'botStalls.shareInStallsOver50Ms'],
    ],
    ['bot RSS idle / peak (target ≤ 320 MiB)', ['botRssMiB.idle', 'botRssMiB.peak'], ' MiB'],
    ['bot RSS per stream', 'botRssMiB.perStreamKiB', ' KiB'],
    ['bot CPU seconds / share of one core (target ≤ 0.5)', ['botCpuSeconds', 'botCpuShareOfOneCore']],
    ['target met', 'targetMet'],
    [
      'fakes: bench / service process CPU seconds',
      ['benchProcess.cpuSeconds', 'serviceProcessFigures.cpuSeconds'],
    ],
    ['load average (1 min) / CPU pressure', ['loadAverage1m', 'cpuPressure']],
  ],
  ledger: [
    ['charges per second (target ≥ 10,000)', 'chargesPerSecond'],
    [
      'charges per second, 10 / 10,000 members active that day (ratio, target ≤ 1.5)',
      ['membersTen', 'membersTenThousand', 'memberRatio'],
    ],
    ['/usage all time, cold incl. load (target < 200 ms)', 'usageMs.allTimeColdIncludingLoad', ' ms'],
    ['/usage all time, warm (target < 200 ms)', 'usageMs.allTimeWarm', ' ms'],
    ['/usage this month, warm (target < 200 ms)', 'usageMs.thisMonthWarm', ' ms'],
    ['/usage export this month', 'usageMs.csvExportThisMonth', ' ms'],
    ['busy guild entries', 'busyGuild.entries'],
  ],
  plans: [
    [
      'plan gate reserve + release p50 / p95 / p99 (target p95 < 200 µs)',
      ['gate.p50Micros', 'gate.p95Micros', 'gate.p99Micros'],
      ' µs',
    ],
    [
      'entitlement cache: holders / heap per holder (target < 1 KiB)',
      ['cache.holders', 'cache.bytesPerHolder'],
    ],
    [
      'listing of 100,000 applied / churn of 100,000 at the bound (target < 2 s)',
      ['cache.listingMs', 'cache.churnMs'],
      ' ms',
    ],
    ['target met', 'targetMet'],
  ],
  files: [
    ['100-page PDF: median ms / pages a second', ['pdf100Pages.medianMs', 'pdf100Pages.pagesPerSecond']],
    ['100-page PDF: extraction process peak RSS (target ≤ 512 MiB)', 'pdf100Pages.peakRssMiB', ' MiB'],
    ['5 MB CSV: median ms / MB a second (target ≤ 500 ms)', ['csv5MB.medianMs', 'csv5MB.megabytesPerSecond']],
    ['5 MB CSV: bot RSS / heap growth', ['csv5MB.rssGrowthMiB', 'csv5MB.heapGrowthMiB'], ' MiB'],
    [
      '2 GiB bomb: outcome / ended after ms / its process peak MiB',
      ['bomb.outcome', 'bomb.endedAfterMs', 'bomb.peakRssMiB'],
    ],
    ['bot longest stall meanwhile (target < 50 ms)', 'bomb.botLongestStallMs', ' ms'],
    ['target met', 'targetMet'],
  ],
  imagine: [
    ['bot-added ms, all four in one message (50 MiB limit)', 'oneMessage.botAddedMs'],
    ['bot-added ms, one image per message (10 MiB limit)', 'defaultLimit.botAddedMs'],
    ['messages per reply at 10 MiB', 'defaultLimit.messagesPerReply'],
    ['runs', 'runs'],
  ],
  load: [
    ['asks', 'asks'],
    ['channels', 'channels'],
    ['all exact', 'allExact'],
    ['in order per channel', 'inOrderPerChannel'],
    ['unhandled rejections', 'unhandledRejections'],
    ['error log lines', 'errorLogLines'],
    ['429s', 'rateLimited429'],
    ['all replies finished after', 'drainedSeconds', ' s'],
    ['RSS before / peak / after settling (MiB)', 'rssMiB'],
    ['heap after GC before / after settling (MiB)', 'heapUsedAfterGcMiB'],
  ],
  interactions: INTERACTIONS_PICKED,
  scale: [
    [
      'heap after GC per idle server, servers compared (target ≤ 6 KiB at 1 vs 5,000)',
      ['idle.heapPerServerKiB', 'idle.heapPerServerServers'],
    ],
    ['RSS per idle server', 'idle.rssPerServerKiB', ' KiB'],
    [
      'servers / RSS idle, in one process (target ≤ 300 MiB at 10,000)',
      ['idle.mostServers', 'idle.rssAtMostServersMiB'],
    ],
    ['ignored messages / servers', ['ignored.messages', 'ignored.servers']],
    [
      'heap after GC idle / after them (target within +10 MiB)',
      ['ignored.heapAfterGcMiB.idle', 'ignored.heapAfterGcMiB.after'],
      ' MiB',
    ],
    [
      'RSS idle / after them (MiB) / growth % (target ≤ 15 %)',
      ['ignored.rssMiB.idle', 'ignored.rssMiB.after', 'ignored.rssGrowthPercent'],
    ],
    ['a mention answered after them', 'ignored.mentionAnswered'],
    [
      'bot CPU per 10,000 ignored messages, mean / min / max (target ≤ 200 ms)',
      ['cpu.per10kMessagesMs', 'cpu.per10kMessagesMinMs', 'cpu.per10kMessagesMaxMs'],
      ' ms',
    ],
    ['bot node options', 'machine.botNodeOptions'],
  ],
  soak: [
    ['minutes / store / store restarts', ['minutes', 'store', 'storeRestarts']],
    [
      'RSS slope judged (target ≤ 0.5 MiB/min) / over / met',
      ['rssSlopeMiBPerMin', 'rssSlopeOver', 'rssSlopeMet'],
    ],
    [
      'RSS / heap after GC slope after the warm-up (MiB/min)',
      ['rssSlopeAfterWarmupMiBPerMin', 'heapAfterGcSlopeMiBPerMin'],
    ],
    ['collections forced in the bot (only to read heap after GC)', 'forcedCollections.count'],
    ['RSS start / after warm-up / end (MiB)', ['rssMiB.start', 'rssMiB.afterWarmup', 'rssMiB.end']],
    [
      'heap after GC start / after warm-up / end (MiB)',
      ['heapAfterGcMiB.start', 'heapAfterGcMiB.afterWarmup', 'heapAfterGcMiB.end'],
    ],
    [
      '/ask sent / exact / with a storage note / clear errors / unanswered',
      ['asks.sent', 'asks.exact', 'asks.exactWithStorageNote', 'asks.clearErrors', 'asks.unanswered'],
    ],
    [
      'mentions sent / exact / clear errors / unanswered',
      ['mentions.sent', 'mentions.exact', 'mentions.clearErrors', 'mentions.unanswered'],
    ],
    [
      'images sent / delivered / clear errors / unanswered',
      ['images.sent', 'images.delivered', 'images.clearErrors', 'images.unanswered'],
    ],
    ['ledger entries / expected / matches', ['ledger.entries', 'ledger.expected', 'ledger.matches']],
    ['unhandled errors / graceful stop', ['errors.unhandled', 'errors.stoppedGracefully']],
    ['event-loop delay p99 median / max', ['eventLoopDelayMs.p99Median', 'eventLoopDelayMs.max'], ' ms'],
    [
      'longest stall (target ≤ 200 ms) / share of the time in stalls over 50 ms',
      ['stalls.maxStallMs', 'stalls.shareInStallsOver50Ms'],
    ],
    ['bot node options', 'machine.botNodeOptions'],
  ],
  export: [
    ['entries in the ledger (one guild)', 'entries'],
    ['rows delivered / all delivered', ['export.rowsDelivered', 'export.allDelivered']],
    [
      'files / largest file (bytes) / upload limit',
      ['export.files', 'export.largestFileBytes', 'export.attachmentSizeLimitBytes'],
    ],
    [
      'every file within the limit, with the header',
      ['export.everyFileWithinLimit', 'export.everyFileStartsWithHeader'],
    ],
    ['seconds / rows per second', ['export.seconds', 'export.rowsPerSecond']],
    ['heap after GC before / after (MiB)', ['memoryMiB.heapAfterGcBefore', 'memoryMiB.heapAfterGcAfter']],
    ['live growth at most (MiB; in files) / flat', ['memoryMiB.liveGrowthMax', 'liveGrowthInFiles', 'flat']],
    [
      'the old whole-CSV string: bytes / heap after GC (MiB)',
      ['wholeCsvInMemory.csvBytes', 'wholeCsvInMemory.heapAfterGcMiB'],
    ],
  ],
};
