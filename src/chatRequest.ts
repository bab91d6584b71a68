/**
 * The steps every chat request shares, whichever way it was asked (/ask, a mention or reply,
 * a message in a bot thread, Regenerate): the checks that may refuse it (channel allowed,
 * settings, fair use), then its place in the channel's queue with a Stop button.
 */
import { randomBytes } from 'node:crypto';
import { channelGate, claimSlot } from './admission.js';
import { type ChatTurnInput, runChatTurn } from './chatTurn.js';
import type { BotContext } from './context.js';
import type { Slot } from './fairUse.js';
import { createNotice } from './render/notice.js';
import type { ReplySink } from './render/streamRenderer.js';
import { StoppedByMember, stopControls } from './replyControls.js';
import { type ChatSettings, type RequestOptions, resolveChatSettings } from './settings/resolve.js';

export interface ChatRequestInput {
  readonly guildId: string | null;
  /** Where the request was made. */
  readonly channelId: string;
  /** The parent channel when `channelId` is a thread. */
  readonly parentId: string | null;
  readonly userId: string;
  readonly userName: string;
  readonly options: RequestOptions;
}

export type Prepared =
  | { readonly ok: true; readonly settings: ChatSettings; readonly slot: Extract<Slot, { ok: true }> }
  | { readonly ok: false; readonly error: string };

/**
 * Decides whether the request may run: channel, then settings, then fair use (a request the
 * settings refuse costs no rate-limit point). On success the caller holds a fair-use slot and
 * releases it when the request has finished.
 */
export async function prepareChatRequest(context: BotContext, input: ChatRequestInput): Promise<Prepared> {
  const { guild, refusal } = await channelGate(context, input);
  if (refusal) return { ok: false, error: refusal };
  const channel = input.guildId
    ? await context.settings.effectiveChannel(input.channelId, input.parentId)
    : {};
  const resolved = resolveChatSettings(
    {
      model: context.config.defaultModel,
      maxOutputTokens: context.config.maxOutputTokens,
      historyMaxTokens: context.config.historyMaxTokens,
    },
    guild,
    channel,
    input.options,
  );
  if (!resolved.ok) return resolved;
  const admitted = await claimSlot(context, { ...input, kind: 'chat' }, guild);
  if (!admitted.ok) return admitted;
  return { ok: true, settings: resolved.settings, slot: admitted.slot };
}

function waitingText(ahead: number): string {
  return ahead === 1
    ? '⏳ Waiting for the reply before yours in this channel…'
    : `⏳ You are number ${ahead} in line in this channel; the bot answers one request at a time here.`;
}

export type QueuedTurn = Omit<ChatTurnInput, 'stop' | 'stopId'>;

/**
 * Queues the turn behind the conversation's other requests, showing the member their place in
 * line, and lets the Stop button reach it from the moment it is queued.
 */
export async function runQueuedChatTurn(
  context: BotContext,
  turn: QueuedTurn,
  sink: ReplySink,
): Promise<void> {
  const stopId = randomBytes(8).toString('hex');
  const controller = new AbortController();
  context.activeReplies.set(stopId, { userId: turn.userId, controller });
  const notice = createNotice(
    (text) => sink.editOriginal(text, stopControls(stopId)),
    (error) => context.logger.warn({ err: error }, 'could not show the place in line'),
  );
  try {
    await context.channelQueue.run(
      turn.channelId,
      async () => {
        await notice.close();
        await runChatTurn(context, { ...turn, stop: controller.signal, stopId }, sink);
      },
      (ahead) => notice.show(waitingText(ahead)),
    );
  } finally {
    context.activeReplies.delete(stopId);
  }
}

/** Presses Stop on an active reply, if `userId` may: the asker, or a member who manages messages. */
export function stopReply(
  context: BotContext,
  stopId: string,
  presser: { userId: string; name: string; canManageMessages: boolean },
): 'stopped' | 'finished' | 'forbidden' {
  const active = context.activeReplies.get(stopId);
  if (!active) return 'finished';
  if (active.userId !== presser.userId && !presser.canManageMessages) return 'forbidden';
  active.controller.abort(new StoppedByMember(presser.name));
  return 'stopped';
}
