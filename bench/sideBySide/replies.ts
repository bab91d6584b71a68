/**
 * Issuing replies to the five policies and following them: which service request and which
 * interaction token belong to which reply, when a reply is final, and clearing a round away.
 */

import type { LocalDiscord, LocalInteraction } from '../../src/localDiscord/localDiscord.js';
import type { FakeService } from '../../src/localService/fakeService.js';
import type { BotProcess } from '../../src/localService/harness/botProcess.js';
import { withoutQuestionHead } from '../../src/reply/quote.js';
import type { ReplyJob } from '../policies/runner.js';
import { withoutCostLine } from '../streamedReply.js';
import { ACTIVE, isBot, type PolicyKey, REFERENCES, type Reference } from './conditions.js';
import { channelsOf } from './layouts.js';
import type { Runner } from './referenceProcess.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Reply {
  readonly policy: PolicyKey;
  readonly tag: string;
  readonly interaction: LocalInteraction;
  /** Index in the service's sendLogs, once its request arrived. */
  log?: number;
  final?: boolean;
}

/** Finds each reply's service request by the tag in its prompt. */
export function matchLogs(service: FakeService, byTag: Map<string, Reply>, from: { index: number }): void {
  for (; from.index < service.sendLogRequests.length; from.index += 1) {
    const request = service.sendLogRequests[from.index];
    const tags = JSON.stringify(request?.body.messages ?? '').match(/\[[A-Z]\d*-[a-zA-Z]+-\d+\]/g);
    const reply = tags ? byTag.get(tags.at(-1) as string) : undefined;
    if (reply) reply.log = from.index;
  }
}

export function tokenOf(route: string): string | undefined {
  const segments = route.split('/').filter(Boolean);
  if (segments[0] === 'webhooks') return segments[2];
  if (segments[0] === 'interactions') return segments[2];
  return undefined;
}

export interface Context {
  readonly discord: LocalDiscord;
  readonly service: FakeService;
  readonly bot: BotProcess;
  readonly runners: Partial<Record<Reference, Runner>>;
  readonly byTag: Map<string, Reply>;
  readonly logCursor: { index: number };
  nextChannel: number;
}

/** Issues one reply per policy per slot, all in one synchronous loop. */
export function issue(
  context: Context,
  policies: readonly PolicyKey[],
  count: number,
  prefix: string,
  text: string,
  /** Chunks the text is streamed in; undefined: one per token (the fake's word pieces). */
  chunks: number | undefined,
  intervalMs: number,
) {
  const { discord, service, runners } = context;
  const replies: Reply[] = [];
  for (let i = 0; i < count * policies.length; i += 1)
    service.enqueue({ text, intervalMs, ...(chunks !== undefined && { chunks }) });
  for (let i = 0; i < count; i += 1) {
    for (const policy of policies) {
      // A channel of its own in its policy's guild (oursClassic's is the second).
      const channelId = channelsOf(discord, policy)[context.nextChannel] as string;
      context.nextChannel += 1;
      const tag = `[${prefix}-${policy}-${i}]`;
      const prompt = `write at length ${tag}`;
      let interaction: LocalInteraction;
      if (isBot(policy)) {
        interaction = discord.sendCommand({ name: 'ask', options: { prompt }, channelId });
      } else {
        interaction = discord.openInteraction({ channelId });
        const job: ReplyJob = { id: interaction.id, token: interaction.token, prompt };
        runners[policy]?.send({ type: 'replies', replies: [job] });
      }
      const reply: Reply = { policy, tag, interaction };
      context.byTag.set(tag, reply);
      replies.push(reply);
    }
  }
  return replies;
}

export function isFinal(discord: LocalDiscord, reply: Reply, text: string): boolean {
  reply.final ||=
    withoutCostLine(
      discord
        .replyMessages(reply.interaction)
        .map((message, index) => (index === 0 ? withoutQuestionHead(message.content) : message.content))
        .join(''),
    ) === text;
  return reply.final;
}

export async function stopReferences(
  context: Context,
  references: readonly Reference[] = REFERENCES,
): Promise<Partial<Record<Reference, number>>> {
  const pending: Partial<Record<Reference, number>> = {};
  for (const key of references) context.runners[key]?.send({ type: 'stop' });
  for (const key of references) {
    const answer = await (context.runners[key] as Runner).next('stopped', 10_000);
    pending[key] = answer.type === 'stopped' ? answer.pending : 0;
  }
  return pending;
}

export function forget(context: Context, replies: Reply[]): void {
  for (const reply of replies) {
    const { interaction } = reply;
    for (const id of [interaction.originalId, ...interaction.followUpIds]) {
      if (id) context.discord.messages.delete(id);
    }
    context.discord.interactions.delete(interaction.token);
    if (reply.log !== undefined) context.service.sendLogs[reply.log] = [];
    context.byTag.delete(reply.tag);
  }
}

export async function warmUp(context: Context): Promise<void> {
  const text = 'a short reply to warm every process up.';
  const replies = issue(context, ACTIVE, 1, 'W', text, 5, 50);
  const until = performance.now() + 15_000;
  while (performance.now() < until && !replies.every((reply) => isFinal(context.discord, reply, text))) {
    await sleep(100);
  }
  await stopReferences(context);
  await sleep(300);
  forget(context, replies);
}
