/**
 * What the dashboard's forms and addresses carry, read as pure functions (a day range and caps),
 * and the answer after an edit.
 */
import type { FastifyReply } from 'fastify';
import { parseCap } from '../spend/caps.js';
import { type EditResult, EVERYONE_ROLE, NOT_A_ROLE } from './edits.js';
import type { Words } from './language.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 3660;

/** Why a range cannot be read: the key of its words (language.ts). */
export type RangeProblem = 'datesFormat' | 'rangeBackwards' | 'rangeTooLong';

/** The range asked for (default: this month so far), or why it cannot be read. */
export function rangeOf(
  query: Record<string, unknown>,
  now: number,
): { from: string; to: string } | RangeProblem {
  const today = new Date(now).toISOString().slice(0, 10);
  const from = typeof query.from === 'string' && query.from !== '' ? query.from : `${today.slice(0, 8)}01`;
  let to = typeof query.to === 'string' && query.to !== '' ? query.to : today;
  const valid = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
  if (!valid(from) || !valid(to)) return 'datesFormat';
  if (to > today) to = today;
  if (from > to) return 'rangeBackwards';
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_DAYS) return 'rangeTooLong';
  return { from, to };
}

/**
 * A cap typed in the form: empty is none; else an amount with at most 6 decimals, after a point
 * or a comma (as German, French, Spanish and Portuguese write them: `0,25`).
 */
export function formCap(value: unknown): number | null | 'invalid' {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string' || !/^\d{1,9}([.,]\d{1,6})?$/.test(value.trim())) return 'invalid';
  return parseCap(Number(value.trim().replace(',', '.')));
}

/** A write that passed its checks (guildRoutes.ts guardWrite): the server, and how to refuse it. */
export interface Guarded {
  readonly guildId: string;
  /** The viewer's words (language.ts). */
  readonly words: Words;
  /** Answers 400 with the server's page, `error` on the form sent and its values as typed. */
  refuse(error: string): Promise<FastifyReply>;
}

/** After an edit: back to the server's page saying whether it holds, or the owner's refusal (400, on the form). */
export async function afterEdit(
  reply: FastifyReply,
  found: Guarded,
  result: EditResult,
): Promise<FastifyReply> {
  // The owner's refusals are in English (edits.ts): said in the viewer's language here.
  if (!result.ok)
    return found.refuse(
      result.error === NOT_A_ROLE
        ? found.words.t('notARole')
        : result.error === EVERYONE_ROLE
          ? found.words.t('everyoneRole')
          : result.error,
    );
  return reply.redirect(`/guilds/${found.guildId}?saved=${result.applied ? '1' : 'pending'}`, 303);
}
