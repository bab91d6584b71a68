/**
 * Runs extractChild.ts for one file at a time per slot: a process per file, forked with an empty
 * environment (the bot's tokens and keys never reach the code that parses a stranger's file), a
 * V8 heap limit, and two watchdogs: killed at the deadline, and killed once its resident memory
 * passes `maxRssMb` (VmRSS, read from /proc every 25 ms on Linux; elsewhere the deadline alone). A
 * hostile PDF (a page tree of millions of pages, a stream that unpacks to gigabytes) so costs
 * at most one slot for `deadlineMs` and some hundreds of MiB, never the event loop other
 * members' replies stream on. At most `maxConcurrent` run at once; up to `maxQueued` more wait,
 * and past that a file is refused as busy rather than queued without bound.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExtractJob, ExtractOutcome } from './extractChild.js';

export type ExtractResult =
  | ExtractOutcome
  | { readonly ok: false; readonly problem: 'deadline' | 'tooLarge' | 'busy' | 'cancelled' };

/** What one extraction cost: its time, and its process's peak resident memory (Linux; else undefined). */
export interface ExtractStats {
  readonly ms: number;
  readonly peakRssBytes: number | undefined;
}

export interface Extractor {
  extract(job: ExtractJob, signal?: AbortSignal): Promise<ExtractResult & { readonly stats?: ExtractStats }>;
}

export interface ExtractorOptions {
  /** Longest one file's extraction may take, the process's start included. */
  readonly deadlineMs: number;
  /** The process's resident memory past which it is killed and the file refused as too large. */
  readonly maxRssMb: number;
  readonly maxConcurrent: number;
  readonly maxQueued: number;
}

export const EXTRACTOR_DEFAULTS: ExtractorOptions = {
  deadlineMs: 15_000,
  maxRssMb: 512,
  maxConcurrent: 2,
  maxQueued: 16,
};

const WATCH_MS = 25;

// The child runs from its own file: built JavaScript beside this one, or TypeScript in tests
// (Node strips the types).
const CHILD = fileURLToPath(
  new URL(`./extractChild.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
);

const STATUS_FIELDS = { VmRSS: /VmRSS:\s+(\d+) kB/, VmHWM: /VmHWM:\s+(\d+) kB/ } as const;

/** A figure of /proc/<pid>/status in bytes (Linux: `VmRSS`, `VmHWM`), or undefined where there is none. */
function statusBytes(pid: number | undefined, field: keyof typeof STATUS_FIELDS): number | undefined {
  try {
    const kib = STATUS_FIELDS[field].exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

/** How a child that ended without an outcome ended: killed for memory (V8's abort, the kernel's kill) or it failed. */
function endedWithout(code: number | null, signal: NodeJS.Signals | null): ExtractResult {
  const outOfMemory = signal === 'SIGKILL' || signal === 'SIGABRT' || code === 134;
  return { ok: false, problem: outOfMemory ? 'tooLarge' : 'damaged' };
}

function runChild(
  job: ExtractJob,
  options: ExtractorOptions,
  signal?: AbortSignal,
): Promise<ExtractResult & { readonly stats?: ExtractStats }> {
  if (signal?.aborted) return Promise.resolve({ ok: false, problem: 'cancelled' });
  const started = performance.now();
  return new Promise((resolve) => {
    let child: ChildProcess | undefined;
    let settled = false;
    const finish = (result: ExtractResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(watch);
      signal?.removeEventListener('abort', onAbort);
      const stats = { ms: performance.now() - started, peakRssBytes: statusBytes(child?.pid, 'VmHWM') };
      child?.kill('SIGKILL');
      resolve({ ...result, stats });
    };
    const onAbort = () => finish({ ok: false, problem: 'cancelled' });
    const deadline = setTimeout(() => finish({ ok: false, problem: 'deadline' }), options.deadlineMs);
    const watch = setInterval(() => {
      const resident = statusBytes(child?.pid, 'VmRSS');
      if (resident === undefined) clearInterval(watch);
      else if (resident > options.maxRssMb * 1024 * 1024) finish({ ok: false, problem: 'tooLarge' });
    }, WATCH_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      child = fork(CHILD, [], {
        env: {},
        execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(options.maxRssMb / 2))}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      child.once('message', (outcome) => finish(outcome as ExtractOutcome));
      child.on('error', () => finish({ ok: false, problem: 'damaged' }));
      // 'close' comes after the IPC channel closed, so after any outcome it carried.
      child.once('close', (code, killedBy) => finish(endedWithout(code, killedBy)));
      child.send(job);
    } catch {
      // No process (out of memory, of file descriptors): the file is not read, the bot goes on.
      finish({ ok: false, problem: 'damaged' });
    }
  });
}

export function createExtractor(options: ExtractorOptions = EXTRACTOR_DEFAULTS): Extractor {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async extract(job, signal) {
      if (running < options.maxConcurrent) running += 1;
      else if (waiting.length >= options.maxQueued) return { ok: false, problem: 'busy' };
      // A waiter is handed the finished file's slot (the count stays), so none is taken twice.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await runChild(job, options, signal);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
