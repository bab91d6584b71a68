/**
 * How the dashboard reaches a server whose shard runs in another process (perhaps on another
 * machine): through the store, with every key written by one side only.
 *
 * Written by the dashboard's process alone:
 * - `dashboard-edits`: the latest edits, each with a sequence number and its server (at most
 *   MAX_EDITS, none older than EDIT_LIFETIME_MS);
 * - `dashboard-signal`: the last sequence number, and the servers whose requests in progress an
 *   open page wants (each for WATCH_MS). Small, so every process can read it every POLL_MS.
 *
 * Written by a server's owning process alone (editPoller.ts):
 * - `dashboard-applied:<guild>`: the last edit it applied there, and its refusal if it refused;
 * - `dashboard-live:<guild>`: its requests in progress, while a page watches (LIVE_TTL_MS).
 */
import { randomUUID } from 'node:crypto';
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import type { DashboardEdit, InProgressView } from './edits.js';

export const EDITS_KEY = 'dashboard-edits';
export const SIGNAL_KEY = 'dashboard-signal';
export const APPLIED_PREFIX = 'dashboard-applied:';
export const LIVE_PREFIX = 'dashboard-live:';
export const appliedKey = (guildId: string) => `${APPLIED_PREFIX}${guildId}`;
export const liveKey = (guildId: string) => `${LIVE_PREFIX}${guildId}`;

/** How often each process reads the signal. */
export const POLL_MS = 1_000;
export const MAX_EDITS = 500;
/** An edit not taken within this long (its owner down all along) is dropped. */
export const EDIT_LIFETIME_MS = 3_600_000;
/** Outlives every edit it can answer for (expired edits are never applied, whatever the clocks). */
export const APPLIED_TTL_MS = 2 * EDIT_LIFETIME_MS;
export const WATCH_MS = 60_000;
export const MAX_WATCHED = 200;
export const LIVE_TTL_MS = 15_000;

export const editInboxRetention: readonly RetentionRule[] = [
  {
    what: "answers to the dashboard's edits",
    prefix: APPLIED_PREFIX,
    lifetime: { ms: APPLIED_TTL_MS, fromValueTime: false },
    why: 'no edit it answers for is applied later (EDIT_LIFETIME_MS)',
  },
  {
    what: 'requests in progress told to the dashboard',
    prefix: LIVE_PREFIX,
    lifetime: { ms: LIVE_TTL_MS, fromValueTime: false },
    why: 'written again while a page watches; stale once it stops',
  },
];

export interface QueuedEdit {
  readonly seq: number;
  readonly guildId: string;
  readonly at: number;
  readonly edit: DashboardEdit;
}

export interface Signal {
  /** Names this numbering: a signal lost and begun again starts a new one (acks of the old don't count). */
  readonly epoch: string;
  readonly seq: number;
  /** Servers watched, until when (ms since the epoch). */
  readonly watch: Readonly<Record<string, number>>;
}

export interface Applied {
  readonly epoch: string;
  /** The last edit of the server applied (or refused). */
  readonly seq: number;
  /** The owner's refusals of the server's latest edits, by number (at most MAX_REFUSALS_KEPT). */
  readonly refused?: Readonly<Record<string, string>>;
}

export const MAX_REFUSALS_KEPT = 20;

/** The answer after `seq` was applied (`error`: refused): earlier refusals kept, the oldest dropped. */
export function answerAfter(
  previous: Applied | undefined,
  epoch: string,
  seq: number,
  error?: string,
): Applied {
  const kept = previous?.epoch === epoch ? Object.entries(previous.refused ?? {}) : [];
  const refused = Object.fromEntries(
    [...kept, ...(error === undefined ? [] : [[String(seq), error] as const])].slice(-MAX_REFUSALS_KEPT),
  );
  return { epoch, seq, ...(Object.keys(refused).length > 0 && { refused }) };
}

/** Whether a queued edit is too old to apply: its lifetime over (an owner down all along, or a restart long after). */
export const expired = (queued: QueuedEdit, now: number) => now - queued.at >= EDIT_LIFETIME_MS;

/** A stored signal as read: anything malformed reads as none (undefined). */
export function readSignal(raw: unknown): Signal | undefined {
  const value = raw as Partial<Signal> | undefined;
  if (
    typeof value?.epoch !== 'string' ||
    typeof value.seq !== 'number' ||
    typeof value.watch !== 'object' ||
    value.watch === null
  )
    return undefined;
  return { epoch: value.epoch, seq: value.seq, watch: value.watch };
}

/** Whether `applied` answers for the edit numbered `seq` of `epoch`. */
export const answers = (applied: Applied | undefined, epoch: string, seq: number): applied is Applied =>
  applied !== undefined && applied.epoch === epoch && applied.seq >= seq;

export function readEdits(raw: unknown): QueuedEdit[] {
  return Array.isArray(raw)
    ? raw.filter(
        (item): item is QueuedEdit =>
          typeof item?.seq === 'number' &&
          typeof item.guildId === 'string' &&
          typeof item.edit?.kind === 'string',
      )
    : [];
}

/** The list after adding `edit`: the newest MAX_EDITS of those younger than EDIT_LIFETIME_MS. */
export function withEdit(edits: readonly QueuedEdit[], edit: QueuedEdit): QueuedEdit[] {
  return [...edits.filter((queued) => edit.at - queued.at < EDIT_LIFETIME_MS), edit].slice(-MAX_EDITS);
}

/** The watch list with `guildId` watched from `now`: expired ones dropped, at most MAX_WATCHED. */
export function withWatch(watch: Signal['watch'], guildId: string, now: number): Signal['watch'] {
  const live = Object.entries(watch).filter(([id, until]) => until > now && id !== guildId);
  return Object.fromEntries([...live.slice(-(MAX_WATCHED - 1)), [guildId, now + WATCH_MS]]);
}

/** The dashboard's side: sends edits, asks for requests in progress, reads the answers. */
export interface EditInbox {
  /** Queues `edit` for `guildId`'s owner; its sequence number. */
  send(guildId: string, edit: DashboardEdit, now: number): Promise<{ epoch: string; seq: number }>;
  /** Asks `guildId`'s owner for its requests in progress (renewed when half the watch is over). */
  watch(guildId: string, now: number): Promise<void>;
  applied(guildId: string): Promise<Applied | undefined>;
  live(guildId: string): Promise<InProgressView | undefined>;
}

export function createEditInbox(store: Store): EditInbox {
  // This process is the only writer of both keys: one change at a time, read-modify-write.
  const queue = createKeyedQueue();
  const serial = <T>(task: () => Promise<T>) => queue.run(SIGNAL_KEY, task);
  // No signal (never written, or lost): a new numbering, and the edits of the old one go with it.
  const signal = async (): Promise<Signal & { fresh?: true }> =>
    readSignal(await store.get(SIGNAL_KEY)) ?? { epoch: randomUUID(), seq: 0, watch: {}, fresh: true };
  return {
    send: (guildId, edit, now) =>
      serial(async () => {
        const { fresh, ...current } = await signal();
        const seq = current.seq + 1;
        const earlier = fresh ? [] : readEdits(await store.get(EDITS_KEY));
        // The list first: a process that sees the new number finds the edit.
        await store.set(EDITS_KEY, withEdit(earlier, { seq, guildId, at: now, edit }));
        await store.set(SIGNAL_KEY, { ...current, seq });
        return { epoch: current.epoch, seq };
      }),
    watch: (guildId, now) =>
      serial(async () => {
        const { fresh: _, ...current } = await signal();
        if ((current.watch[guildId] ?? 0) - now > WATCH_MS / 2) return;
        await store.set(SIGNAL_KEY, { ...current, watch: withWatch(current.watch, guildId, now) });
      }),
    applied: async (guildId) => (await store.get(appliedKey(guildId))) as Applied | undefined,
    live: async (guildId) => (await store.get(liveKey(guildId))) as InProgressView | undefined,
  };
}
