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
  /**
   * Made where the app works only because the member installed it to their account (a group
   * DM, a DM between users, a server that did not add the bot): billed to the member.
   */
  readonly userInstall?: boolean;
  /** The member's roles that bore a rule when billed (/budget role), for /usage by role. */
  readonly roleIds?: readonly string[];
  /** Paid with the server's own service key (/config service-key); absent: the operator paid. */
  readonly paidBy?: 'serverKey';
  /** How a server's paid plan covers it (PLANS_FILE, plans/planGate.ts); absent without plans. */
  readonly plan?: PlanCharge;
  /** What the ledger drew on (set by the ledger when the entry is written, from `plan`). */
  readonly planDraw?: PlanDraw;
}

/**
 * How a request under a plan is paid: by the member's own subscription (its daily allowance,
 * the whole request), or by the server: its month's allowance as it stood when reserved, then
 * its purchased credit.
 */
export type PlanCharge =
  | { readonly payer: 'member' }
  | { readonly payer: 'server'; readonly allowanceMicros: number };

/** What an entry drew, in micro-units: from the member's subscription, from the server's credit. */
export interface PlanDraw {
  readonly memberMicros?: number;
  readonly creditMicros?: number;
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

/**
 * A guild's records are kept under its id; DMs under the user, apart from any guild; a user
 * install's under the member, apart from any guild's `/usage` (see userInstallScope).
 */
export function usageScope(record: Pick<UsageRecord, 'guildId' | 'userId' | 'userInstall'>): string {
  if (record.userInstall) return userInstallScope(record.guildId, record.userId);
  return record.guildId ?? `dm-${record.userId}`;
}

const USER_INSTALL_PREFIX = 'userinstall-';

/**
 * Where a member's use of the app installed to their account is billed, keyed so that one shard
 * writes it (docs/operators.md "Operating at scale": a guild's events reach one shard, DMs and group DMs
 * shard 0): `userinstall-<user>` for group DMs and DMs between users (shard 0), and
 * `userinstall-<user>-in-<guild>` in a server that did not add the bot (that guild's shard).
 */
export function userInstallScope(guildId: string | null, userId: string): string {
  return guildId === null
    ? `${USER_INSTALL_PREFIX}${userId}`
    : `${USER_INSTALL_PREFIX}${userId}-in-${guildId}`;
}

export type ScopeKind = 'guild' | 'dm' | 'userInstall';

export function scopeKind(scope: string): ScopeKind {
  if (scope.startsWith('dm-')) return 'dm';
  return scope.startsWith(USER_INSTALL_PREFIX) ? 'userInstall' : 'guild';
}

/** The guild whose shard writes a scope; null for shard 0's (DMs, user installs outside servers). */
export function scopeGuildId(scope: string): string | null {
  const kind = scopeKind(scope);
  if (kind === 'guild') return scope;
  const at = scope.indexOf('-in-');
  return kind === 'userInstall' && at !== -1 ? scope.slice(at + 4) : null;
}

/** The member a user-install scope bills (undefined for other scopes). */
export function scopeUserId(scope: string): string | undefined {
  if (scopeKind(scope) !== 'userInstall') return undefined;
  return scope.slice(USER_INSTALL_PREFIX.length).split('-in-')[0];
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
