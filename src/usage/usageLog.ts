/**
 * Every request the service billed is recorded here, before anything else happens with its
 * reply, so nothing billed goes unrecorded. Records are appended per scope (a guild, or a
 * user's DMs) per UTC day, so a day's records are one read and one write.
 *
 * Writes for one scope are serialised in-process. That is correct when sharded because a guild's
 * events arrive on exactly one shard and all shards of this bot run in one process: no other
 * process writes the same scope.
 */
import { createKeyedQueue } from '../keyedQueue.js';
import type { Store } from '../store.js';

interface UsageRecordBase {
  readonly id: string;
  /** Unix ms. */
  readonly time: number;
  /** null for direct messages. */
  readonly guildId: string | null;
  readonly channelId: string;
  readonly userId: string;
  readonly model: string;
  /** True when the service sent no usage and the counts are estimates. */
  readonly estimated: boolean;
  /** How the request ended: completed, or why not. */
  readonly outcome: string;
}

export interface ChatUsageRecord extends UsageRecordBase {
  readonly kind: 'chat';
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** Images are billed per image generated (`n`), whether or not all were delivered. */
export interface ImageUsageRecord extends UsageRecordBase {
  readonly kind: 'image';
  readonly size: string;
  readonly n: number;
  readonly imagesDelivered: number;
}

export type UsageRecord = ChatUsageRecord | ImageUsageRecord;

export interface UsageLog {
  record(record: UsageRecord): Promise<void>;
  /** Records of one scope on one UTC day (`YYYY-MM-DD`). */
  day(scope: string, day: string): Promise<UsageRecord[]>;
}

/** A guild's records are kept under its id; DMs under the user, apart from any guild. */
export function usageScope(record: Pick<UsageRecord, 'guildId' | 'userId'>): string {
  return record.guildId ?? `dm-${record.userId}`;
}

export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

const key = (scope: string, day: string) => `usage:${scope}:${day}`;

export function createUsageLog(store: Store): UsageLog {
  const queue = createKeyedQueue();
  return {
    record(record) {
      const k = key(usageScope(record), utcDay(record.time));
      return queue.run(k, async () => {
        const existing = ((await store.get(k)) as UsageRecord[] | undefined) ?? [];
        await store.set(k, [...existing, record]);
      });
    },
    async day(scope, day) {
      return ((await store.get(key(scope, day))) as UsageRecord[] | undefined) ?? [];
    },
  };
}
