/**
 * What the bot records for every request the service billed (the ledger adds the cost).
 */

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

/** A guild's records are kept under its id; DMs under the user, apart from any guild. */
export function usageScope(record: Pick<UsageRecord, 'guildId' | 'userId'>): string {
  return record.guildId ?? `dm-${record.userId}`;
}

export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
