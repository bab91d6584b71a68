/**
 * The side-by-side bench's conditions (read from the environment once), its targets for ours, and
 * the five policies' names and in-progress indicators: our bot in each of its two layouts (one
 * process, two guilds) and the three references.
 */
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { discordOllama } from '../policies/discordOllama.js';
import { llmcord } from '../policies/llmcord.js';
import { turingAi } from '../policies/turingAi.js';

export const QUICK = process.env.BENCH_QUICK === '1';
export const REST_DELAY_MS = 25;
export const RATE_LIMIT = { limit: 5, windowMs: 2000, headers: true } as const;
export const TOKENS_PER_SECOND = 50;
export const STREAM_MS = Number(process.env.BENCH_STREAM_MS ?? (QUICK ? 5_000 : 30_000));
export const TOKENS = Math.max(5, Math.round((STREAM_MS * TOKENS_PER_SECOND) / 1000));
export const LEVELS = (process.env.BENCH_LEVELS ?? (QUICK ? '1,50' : '1,10,50,200')).split(',').map(Number);
export const FINAL_WAIT_MS = Number(process.env.BENCH_FINAL_WAIT_MS ?? 2_000);
/** From this many replies per policy up, ours streams alone, then the references together. */
export const SEPARATE_FROM = Number(process.env.BENCH_SEPARATE_FROM ?? 50);
/** From this many up, discord-ollama-like streams alone too (its queue needs a core of its own). */
export const SPLIT_REFERENCES_FROM = Number(process.env.BENCH_SPLIT_REFERENCES_FROM ?? 200);

/** Targets for ours (issue 12). */
export const TARGETS = {
  meanStalenessMs: 350,
  firstVisibleMs: REST_DELAY_MS + 50,
  finalLagMs: REST_DELAY_MS + 100,
  /** The levels at which the first-visible target applies: alone, and 50 at once. */
  firstVisibleLevels: [1, 50],
  /**
   * V2 cards no worse than the classic layout (targets.ts): at these levels, ours' mean staleness
   * and final-lag p95 at most oursClassic's plus this margin, in ms.
   */
  noWorseLevels: [1, 50, 200],
  noWorseMarginMs: 50,
} as const;

export const POLICY_KEYS = ['ours', 'oursClassic', 'llmcord', 'discordOllama', 'turingAi'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];
/**
 * Our bot (one process for both): `ours` answers in the first guild, in V2 cards (the default);
 * `oursClassic` in the second, which /config features classic_layout:true set to plain text.
 */
export type BotPolicy = 'ours' | 'oursClassic';
export const isBot = (key: PolicyKey): key is BotPolicy => key === 'ours' || key === 'oursClassic';
export type Reference = Exclude<PolicyKey, BotPolicy>;
/** BENCH_POLICIES=ours,llmcord runs only those (development); default all five. */
export const ACTIVE = (process.env.BENCH_POLICIES?.split(',') ?? POLICY_KEYS).filter(
  (key): key is PolicyKey => (POLICY_KEYS as readonly string[]).includes(key),
);
export const REFERENCES = ACTIVE.filter((key): key is Reference => !isBot(key));

export const POLICY_LABELS: Record<PolicyKey, string> = {
  ours: 'ours',
  oursClassic: 'ours (classic layout)',
  llmcord: 'llmcord-like (global 1 s)',
  discordOllama: 'discord-ollama-like (edit/chunk)',
  turingAi: 'TuringAI-like (2.5 s)',
};
export const SHORT: Record<PolicyKey, string> = {
  ours: 'ours',
  oursClassic: 'ours classic',
  llmcord: 'llmcord',
  discordOllama: 'discord-ollama',
  turingAi: 'TuringAI',
};
export const INDICATORS: Record<PolicyKey, string> = {
  ours: STREAMING_CURSOR,
  oursClassic: STREAMING_CURSOR,
  llmcord: llmcord.indicator,
  discordOllama: discordOllama.indicator,
  turingAi: turingAi.indicator,
};
