/**
 * What the bot records for every request the service billed (the ledger adds the cost), and the
 * words an entry's outcome may hold.
 */
import type { ServiceErrorKind } from '../service/errors.js';

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
  /** How the request ended: completed, or why not; one of `LEDGER_OUTCOMES` once recorded. */
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

/** The service failures a billed request can end in (a reply that broke off, timed out, was cut). */
const SERVICE_FAILURES = [
  'auth',
  'rate_limited',
  'quota',
  'unavailable',
  'bad_request',
  'timeout',
  'idle_timeout',
  'reply_timeout',
  'event_too_large',
  'connection',
  'interrupted',
  'invalid_response',
  'aborted',
] as const satisfies readonly ServiceErrorKind[];
// A new failure kind must be added above (or it would be recorded as `other`).
const everyFailure: Exclude<ServiceErrorKind, (typeof SERVICE_FAILURES)[number]> extends never
  ? true
  : never = true;
void everyFailure;

/**
 * Every outcome a ledger entry may hold: the bot's own words, the finish reasons of
 * OpenAI-style services, and the service failures. Anything else (a finish reason the service
 * made up, which is its text, not the bot's) is recorded, and exported, as `other`.
 */
export const LEDGER_OUTCOMES = [
  'completed', // a chat reply with no finish reason, or every image delivered
  'partial', // images not all delivered
  'truncated', // the stream ended without an end marker
  'stopped', // the member (or a moderator) pressed Stop
  'stop', // the service's finish reason for a reply that ended by itself
  'length', // max_tokens reached
  'content_filter',
  'tool_calls',
  ...SERVICE_FAILURES,
  'other',
] as const;

export type LedgerOutcome = (typeof LEDGER_OUTCOMES)[number];

const KNOWN_OUTCOMES: ReadonlySet<string> = new Set(LEDGER_OUTCOMES);

/** The outcome as the ledger records it: one of `LEDGER_OUTCOMES`, unknown words as `other`. */
export function ledgerOutcome(outcome: unknown): LedgerOutcome {
  return typeof outcome === 'string' && KNOWN_OUTCOMES.has(outcome) ? (outcome as LedgerOutcome) : 'other';
}
