/**
 * Group commit of the ledger's entries, and the charges waiting for the store.
 *
 * Per scope, charges queue in arrival order. While one batch is being written, those that arrive
 * gather, and the next batch takes them all (at most BATCH): one store write for many charges,
 * and each charge resolves only once its own entry is in the store.
 *
 * A batch the store refuses leaves its charges, and every one queued behind them in the scope,
 * first in line: they resolve as waiting (seq null; logged with their ids and costs), and are
 * written again in the same order, from the scope's next seq, every `retryMs` and whenever a new
 * charge of the scope comes. So a batch that landed in part, or after its time limit, does no
 * harm: each seq it may have written is written again with the same charge (or, should the
 * process stop first, is found by its id among the scope's newest entries: spill.ts).
 *
 * At close the charges still waiting are handed over (to the spill file); after it, a charge the
 * store refuses is handed to `refusedAfterClose` at once instead of waiting.
 */
import type { Logger } from '../lib/logger.js';
import type { LedgerEntry, PricedRecord } from './aggregate.js';
import type { LedgerBook } from './ledgerBook.js';
import { usageScope } from './records.js';

/** Most entries in one store write. */
const BATCH = 1_000;

export interface EntryWriterOptions {
  readonly book: LedgerBook;
  readonly logger: Logger;
  /** How often charges waiting for the store are written again. */
  readonly retryMs: number;
  /** Charges that had waited (refused once, or from a previous run's spill) reached the store. */
  readonly landedAfterWait: (charges: readonly PricedRecord[]) => void;
  /** After close: a charge the store refused (it is not kept). */
  readonly refusedAfterClose: (charge: PricedRecord, error: unknown) => void;
}

export interface EntryWriter {
  /** Queues a charge: its entry once in the store, or null once refused (it then waits). */
  submit(charge: PricedRecord): Promise<LedgerEntry | null>;
  /** Queues charges that already waited (a previous run's spill), then tries them. */
  requeue(charges: readonly PricedRecord[]): Promise<void>;
  /** Tries every waiting charge now; resolves once each scope has tried. */
  retry(): Promise<void>;
  /** Charges not in the store yet (being written or waiting), oldest first per scope. */
  unstored(): PricedRecord[];
  /** The same, of one scope. */
  unstoredIn(scope: string): readonly PricedRecord[];
  /**
   * No retry starts after this (the one under way, if any, goes on). Shutdown calls it before its
   * last try: a retry the timer started after that try would hold the waiting charges in flight
   * while `close` hands them over, and they would reach the spill file only after shutdown.
   */
  stopRetrying(): void;
  /** Hands over the charges waiting (not those being written just now); refusals after go to `refusedAfterClose`. */
  close(): PricedRecord[];
}

interface Queued {
  readonly charge: PricedRecord;
  /** Resolves `submit`, until the charge lands or is first refused. */
  settle: ((entry: LedgerEntry | null) => void) | undefined;
  waited: boolean;
}

interface Lane {
  readonly scope: string;
  readonly queue: Queued[];
  /** The first `inFlight` of the queue are being written. */
  inFlight: number;
  /** Set while `run` writes the queue; `running` is its promise. */
  active: boolean;
  running: Promise<void>;
}

export function createEntryWriter(options: EntryWriterOptions): EntryWriter {
  const { book, logger } = options;
  const lanes = new Map<string, Lane>();
  let closed = false;
  let retrying = true;
  let timer: NodeJS.Timeout | undefined;

  const laneOf = (scope: string): Lane => {
    let lane = lanes.get(scope);
    if (!lane) {
      lane = { scope, queue: [], inFlight: 0, active: false, running: Promise.resolve() };
      lanes.set(scope, lane);
    }
    return lane;
  };

  const toLog = (queued: readonly Queued[]) =>
    queued.map(({ charge }) => ({ id: charge.id, costMicros: charge.costMicros }));

  function landed(lane: Lane, entries: readonly LedgerEntry[]): void {
    const done = lane.queue.splice(0, entries.length);
    lane.inFlight = 0;
    done.forEach((queued, i) => {
      queued.settle?.(entries[i] ?? null);
    });
    const waited = done.filter((queued) => queued.waited);
    if (waited.length === 0) return;
    options.landedAfterWait(waited.map((queued) => queued.charge));
    logger.info({ scope: lane.scope, entryIds: toLog(waited) }, 'ledger: waiting charges were recorded');
  }

  /** A batch was refused: it, and all behind it, wait (before close), or go to the spill file. */
  function refused(lane: Lane, count: number, error: unknown): boolean {
    lane.inFlight = 0;
    if (closed) {
      for (const queued of lane.queue.splice(0, count)) {
        options.refusedAfterClose(queued.charge, error);
        queued.settle?.(null);
      }
      return true;
    }
    const fresh = lane.queue.filter((queued) => !queued.waited);
    for (const queued of lane.queue) {
      queued.settle?.(null);
      queued.settle = undefined;
      queued.waited = true;
    }
    if (fresh.length > 0)
      logger.error(
        { err: error, scope: lane.scope, charges: toLog(fresh) },
        'ledger: could not record a charge; it is kept and written again until the store takes it',
      );
    if (fresh.length < lane.queue.length)
      logger.error(
        {
          err: error,
          scope: lane.scope,
          waiting: lane.queue.length,
          first: toLog(lane.queue.slice(0, 20)),
        },
        'ledger: the store still refuses charges; they are kept and tried again',
      );
    scheduleRetry();
    return false;
  }

  /**
   * Writes the lane's queue a batch at a time, until it is empty or the store refuses one. It
   * stops in the same step as it finds the queue empty, so a charge queued after is never missed.
   */
  async function run(lane: Lane): Promise<void> {
    try {
      while (lane.queue.length > 0) {
        let count = 0;
        try {
          await book.append(
            lane.scope,
            () => {
              count = Math.min(lane.queue.length, BATCH);
              lane.inFlight = count;
              return lane.queue.slice(0, count).map((queued) => queued.charge);
            },
            (entries) => landed(lane, entries),
          );
        } catch (error) {
          // Refused before any was taken (the scope could not be loaded): the first batch's worth.
          if (!refused(lane, count || Math.min(lane.queue.length, BATCH), error)) return;
        }
      }
    } finally {
      lane.active = false;
      if (lane.queue.length === 0 && lanes.get(lane.scope) === lane) lanes.delete(lane.scope);
    }
  }

  function kick(lane: Lane): Promise<void> {
    if (!lane.active) {
      lane.active = true;
      lane.running = run(lane);
    }
    return lane.running;
  }

  function retry(): Promise<void> {
    const waiting = [...lanes.values()].filter((lane) => lane.queue.length > 0);
    return Promise.all(waiting.map(kick)).then(() => undefined);
  }

  function scheduleRetry(): void {
    if (timer || closed || !retrying) return;
    timer = setTimeout(() => {
      timer = undefined;
      void retry().finally(() => {
        if ([...lanes.values()].some((lane) => lane.queue.length > 0)) scheduleRetry();
      });
    }, options.retryMs);
    timer.unref();
  }

  return {
    submit(charge) {
      const lane = laneOf(usageScope(charge));
      return new Promise((settle) => {
        lane.queue.push({ charge, settle, waited: false });
        void kick(lane);
      });
    },
    requeue(charges) {
      for (const charge of charges)
        laneOf(usageScope(charge)).queue.push({ charge, settle: undefined, waited: true });
      return retry();
    },
    retry,
    stopRetrying() {
      retrying = false;
      clearTimeout(timer);
      timer = undefined;
    },
    unstored: () => [...lanes.values()].flatMap((lane) => lane.queue.map((queued) => queued.charge)),
    unstoredIn: (scope) => lanes.get(scope)?.queue.map((queued) => queued.charge) ?? [],
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      const handed: PricedRecord[] = [];
      for (const lane of lanes.values()) {
        for (const queued of lane.queue.splice(lane.inFlight)) {
          queued.settle?.(null);
          handed.push(queued.charge);
        }
      }
      return handed;
    },
  };
}
