/**
 * What the dashboard's forms and addresses carry, read as pure functions (a day range and caps),
 * and the answer after an edit.
 */
import type { FastifyReply } from 'fastify';
import { parseCap } from '../../commands/budget.js';
import type { EditResult } from './edits.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 3660;

/** The range asked for (default: this month so far), or why it cannot be read. */
export function rangeOf(query: Record<string, unknown>, now: number): { from: string; to: string } | string {
  const today = new Date(now).toISOString().slice(0, 10);
  const from = typeof query.from === 'string' && query.from !== '' ? query.from : `${today.slice(0, 8)}01`;
  let to = typeof query.to === 'string' && query.to !== '' ? query.to : today;
  const valid = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
  if (!valid(from) || !valid(to)) return 'Dates are written YYYY-MM-DD.';
  if (to > today) to = today;
  if (from > to) return 'The range starts after it ends (or in the future).';
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_DAYS) return 'At most ten years at once.';
  return { from, to };
}

/** A cap typed in the form: empty is none; else an amount with at most 6 decimals. */
export function formCap(value: unknown): number | null | 'invalid' {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,6})?$/.test(value.trim())) return 'invalid';
  return parseCap(Number(value.trim()));
}

export const SENT_NOT_CONFIRMED =
  'Sent: the process running this server has not confirmed it yet. It applies the change as soon as it runs (within seconds); reload to check.';

/** A write that passed its checks (guildRoutes.ts guardWrite): the server, and how to refuse it. */
export interface Guarded {
  readonly guildId: string;
  /** Answers 400 with the server's page, `error` on the form sent and its values as typed. */
  refuse(error: string): Promise<FastifyReply>;
}

/** After an edit: back to the server's page saying whether it holds, or the owner's refusal (400, on the form). */
export async function afterEdit(
  reply: FastifyReply,
  found: Guarded,
  result: EditResult,
): Promise<FastifyReply> {
  if (!result.ok) return found.refuse(result.error);
  return reply.redirect(`/guilds/${found.guildId}?saved=${result.applied ? '1' : 'pending'}`, 303);
}
