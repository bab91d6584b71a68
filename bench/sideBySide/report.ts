/** The shape of bench/results/sideBySide.json: per level, per round, per policy. */
import type { Verdict } from '../run/verdict.js';
import type { PolicyKey } from './conditions.js';
import type { Stats } from './measure.js';
import type { machine } from './processes.js';

export interface PolicyLevel {
  replies: number;
  /** From the command to the interaction's deferral reaching Discord. */
  deferredMs: Stats | null;
  /** From the command to its request reaching the service. */
  askedMs: Stats | null;
  /** How long the upstreams took from first to last token (the script says STREAM_MS). */
  upstreamSeconds: Stats | null;
  firstVisibleMs: Stats | null;
  botShareOfFirstVisibleMs: Stats | null;
  meanStalenessMs: Stats | null;
  finalLagMs: Stats | null;
  notFinal: number;
  editsPerReply: number;
  requestsPerReply: number;
  rateLimited429: number;
  exact: number;
  /** The messages a reply ended with (mean): 4,000 characters a V2 message, 2,000 a classic one. */
  messagesPerReply?: number;
  /** Replies whose every message is in the policy's layout: V2 for ours, classic for oursClassic. */
  inItsLayout?: number;
  /** Writes still queued or in flight when the wait ended (references only). */
  cancelledWrites?: number;
  /** The process's CPU in the round; shared with `cpuSharedWith` when both streamed from it. */
  cpuSeconds: number;
  cpuSharedWith?: PolicyKey;
  peakRssMiB: number;
}

export interface RoundReport {
  /** The policies that streamed at the same time in this round. */
  policies: PolicyKey[];
  wallSeconds: number;
  /**
   * CPU seconds during the round, per process (the bot's once, under ours, when ours and
   * oursClassic streamed together); `fakes` is this process (fakes + driving).
   */
  cpuSeconds: Partial<Record<PolicyKey, number>> & { fakes: number };
  /** Sum of CPU seconds over wall seconds: 2 means both cores were busy throughout. */
  coresBusy: number;
}

export interface LevelReport {
  replies: number;
  rounds: RoundReport[];
  policies: Partial<Record<PolicyKey, PolicyLevel>>;
}

export interface SideBySideReport {
  date: string;
  quick: boolean;
  machine: ReturnType<typeof machine>;
  conditions: {
    restDelayMs: number;
    rateLimit: string;
    tokens: number;
    replyChars: number;
    streamMs: number;
    finalWaitMs: number;
    levels: number[];
  };
  levels: LevelReport[];
  durationSeconds: number;
}

/** What bench/results/sideBySide.json holds: the figures, and ours against its targets (targets.ts). */
export interface JudgedSideBySideReport extends SideBySideReport {
  verdicts: readonly Verdict[];
  targetMet: boolean;
}
