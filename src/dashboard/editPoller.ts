/**
 * The owning process's side of editInbox.ts: every POLL_MS it reads the dashboard's signal; new
 * edits of servers of its own shards it applies (through the same objects as `/budget` and
 * `/config`, so it stays their only writer) and answers in `dashboard-applied:<guild>`; for
 * servers a dashboard page watches it writes its requests in progress. Runs in every bot process
 * when the dashboard is on, from the moment the bot is connected (its servers known).
 */
import type { InProgress } from '../access/fairUse.js';
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import {
  APPLIED_TTL_MS,
  type Applied,
  answerAfter,
  answers,
  appliedKey,
  EDITS_KEY,
  expired,
  LIVE_TTL_MS,
  liveKey,
  POLL_MS,
  readEdits,
  readSignal,
  SIGNAL_KEY,
} from './editInbox.js';
import { applyEdit, type EditTargets } from './edits.js';

export interface EditPollerOptions {
  readonly store: Store;
  /** Whether this process runs the server's shard. */
  readonly owns: (guildId: string) => boolean;
  readonly targets: EditTargets;
  readonly inProgress: (guildId: string) => InProgress[];
  readonly now: () => number;
  readonly logger: Logger;
  readonly pollMs?: number;
}

export interface EditPoller {
  /** Reads the signal once and acts on it (the timer calls this; tests may too). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startEditPoller(options: EditPollerOptions): EditPoller {
  const { store, owns, logger } = options;
  // Edits up to this number of this numbering were seen; a restart reads them all again (acks
  // keep each applied once).
  let seen = { epoch: '', seq: 0 };
  let failing = false;

  async function applyNew(epoch: string, from: number): Promise<void> {
    for (const queued of readEdits(await store.get(EDITS_KEY))) {
      if (queued.seq <= from || !owns(queued.guildId)) continue;
      // An edit past its lifetime is never applied: its answer may have expired too, and a
      // command since then must not be overwritten by it.
      if (expired(queued, options.now())) continue;
      const key = appliedKey(queued.guildId);
      const previous = (await store.get(key)) as Applied | undefined;
      if (answers(previous, epoch, queued.seq)) continue;
      const result = (await applyEdit(options.targets, queued.guildId, queued.edit)) ?? {
        ok: false,
        error: 'This version of the bot does not know that change.',
      };
      const answer = answerAfter(previous, epoch, queued.seq, result.ok ? undefined : result.error);
      await store.set(key, answer, APPLIED_TTL_MS);
      logger.info(
        { guildId: queued.guildId, edit: queued.edit.kind, applied: result.ok },
        'dashboard edit applied',
      );
    }
  }

  async function readAndAct(): Promise<void> {
    const signal = readSignal(await store.get(SIGNAL_KEY));
    if (!signal) return;
    if (signal.epoch !== seen.epoch || signal.seq > seen.seq) {
      await applyNew(signal.epoch, signal.epoch === seen.epoch ? seen.seq : 0);
      seen = { epoch: signal.epoch, seq: signal.seq };
    }
    const now = options.now();
    for (const [guildId, until] of Object.entries(signal.watch))
      if (until > now && owns(guildId))
        await store.set(liveKey(guildId), { at: now, requests: options.inProgress(guildId) }, LIVE_TTL_MS);
  }

  // One at a time: two reading the same unanswered edit would both apply it.
  const queue = createKeyedQueue();
  const tick = () => queue.run('tick', readAndAct);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().then(
        () => {
          if (failing) logger.info('dashboard edits: the store answers again');
          failing = false;
        },
        (error: unknown) => {
          // Once per outage, not every second; the edit is applied when the store is back.
          if (!failing) logger.warn({ err: error }, 'dashboard edits: could not read or apply (will retry)');
          failing = true;
        },
      );
      void running.finally(schedule);
    }, options.pollMs ?? POLL_MS);
    timer.unref();
  };
  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
