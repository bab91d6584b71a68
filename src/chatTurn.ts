/**
 * One turn of a channel's conversation: history → service stream → Discord, then the usage
 * record and the history append. Runs inside the channel's queue, so reads and writes of the
 * channel's history never interleave.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { BotContext } from './context.js';
import type { Conversation } from './conversation/conversationStore.js';
import {
  contextPercent,
  type SelectedHistory,
  selectHistory,
  type Turn,
  type TurnOptions,
  toServiceMessage,
  type UserTurn,
} from './conversation/history.js';
import { removeButtons } from './discordReply.js';
import { chatCostMicros } from './pricing/cost.js';
import { createStreamRenderer, type ReplySink, type StreamRenderer } from './render/streamRenderer.js';
import { regenerateControls, StoppedByMember, stopControls } from './replyControls.js';
import { formatWait, ServiceError } from './service/errors.js';
import type { ChatMessage, ChatResult, Usage } from './service/types.js';
import type { ChatSettings } from './settings/resolve.js';
import { announceBudgetAlerts, costLine } from './spendNotes.js';
import { estimateTokens } from './tokens.js';

export interface ChatTurnInput {
  readonly guildId: string | null;
  /** The conversation's channel (a thread opened by `/ask thread:true` has its own). */
  readonly channelId: string;
  /** Where the reply's messages are (differs from `channelId` for a thread's first reply). */
  readonly replyChannelId: string;
  /** Who is charged; for a new turn also its author. */
  readonly userId: string;
  readonly userName: string;
  /** The new message (ignored when regenerating). */
  readonly prompt: string;
  readonly settings: ChatSettings;
  /** The member's explicit options, kept with the reply for Regenerate. */
  readonly options: TurnOptions;
  /** Replace the reply with this id (the conversation's last) instead of adding a turn. */
  readonly regenerateTurnId?: string;
  /** Aborted by the reply's Stop button. */
  readonly stop: AbortSignal;
  readonly stopId: string;
  /** A line shown under the reply whatever happens (e.g. why no thread was opened). */
  readonly extraNote?: string;
}

/** A small grey line under the reply (Discord's `-#` subtext). */
export function note(text: string): string {
  return `-# ${text}`;
}

/** What to say under a reply that completed, if anything. */
export function completionNote(result: ChatResult, maxTokens: number): string | undefined {
  if (result.text.trim() === '') return note('The model returned an empty reply.');
  if (result.truncated) {
    return note('⚠️ The service ended the stream without an end marker; this reply may be incomplete.');
  }
  if (result.finishReason === 'length')
    return note(`The reply stopped at the max_tokens limit (${maxTokens}).`);
  if (result.finishReason !== null && result.finishReason !== 'stop') {
    return note(`The service stopped the reply early (reason: ${result.finishReason}).`);
  }
  return undefined;
}

export const NOT_LATEST =
  'Only the latest reply of a conversation can be regenerated, and this one is no longer the latest.';

/** The turns a regeneration starts from, or undefined when `turnId` is not the latest reply. */
export function regenerationBase(
  turns: readonly Turn[],
  turnId: string,
): { previous: readonly Turn[]; userTurn: UserTurn } | undefined {
  const last = turns.at(-1);
  const before = turns.at(-2);
  if (last?.role !== 'assistant' || last.id !== turnId || before?.role !== 'user') return undefined;
  return { previous: turns.slice(0, -2), userTurn: before };
}

export async function runChatTurn(context: BotContext, input: ChatTurnInput, sink: ReplySink): Promise<void> {
  const { config, logger, clock } = context;
  const log = logger.child({ channelId: input.channelId, guildId: input.guildId, userId: input.userId });
  if (input.stop.aborted) {
    await sink.editOriginal(note('⏹️ Cancelled before it started; nothing was charged.'), []);
    return;
  }
  const conversation = await context.conversations.load(input.channelId);
  let previous = conversation.turns;
  let userTurn: UserTurn = {
    role: 'user',
    content: input.prompt,
    authorId: input.userId,
    authorName: input.userName,
    time: clock.now(),
  };
  if (input.regenerateTurnId !== undefined) {
    const base = regenerationBase(conversation.turns, input.regenerateTurnId);
    if (!base) {
      await sink.refuse(NOT_LATEST);
      return;
    }
    ({ previous, userTurn } = base);
  }
  const { settings } = input;
  const system: ChatMessage | undefined = settings.systemPrompt
    ? { role: config.systemPromptRole, content: settings.systemPrompt }
    : undefined;
  const systemTokens = system ? estimateTokens(system.content) : 0;
  const history = selectHistory(previous, userTurn, {
    maxTokens: Math.max(0, settings.historyTokens - systemTokens),
    maxTurns: config.historyMaxTurns,
  });
  const messages = [...(system ? [system] : []), ...history.turns.map(toServiceMessage)];
  const promptTokens = history.estimatedTokens + systemTokens;

  // Reserve the worst case (estimated prompt, full max_tokens) before the service is called.
  const worstCase = chatCostMicros(context.prices, settings.model, promptTokens, settings.maxTokens);
  const reservation = await context.budgets.reserve(input.guildId, input.userId, worstCase, clock.now());
  if (!reservation.ok) {
    log.info({ worstCase }, 'refused by budget');
    await sink.refuse(`⛔ ${reservation.message}`);
    return;
  }
  try {
    await streamTurn(context, input, sink, { log, userTurn, messages, history, promptTokens, conversation });
  } finally {
    reservation.release();
  }
  if (input.guildId) await announceBudgetAlerts(context, input.guildId);
}

interface TurnState {
  readonly log: BotContext['logger'];
  readonly userTurn: UserTurn;
  readonly messages: ChatMessage[];
  readonly history: SelectedHistory;
  readonly promptTokens: number;
  readonly conversation: Conversation;
}

/** "context 63 %", and once per conversation a word that old turns are being dropped. */
async function contextNote(
  context: BotContext,
  input: ChatTurnInput,
  state: TurnState,
  replyText: string,
): Promise<{ text: string | undefined; trimNoticeShown: boolean }> {
  const trimmedNow = state.history.dropped > 0 && !state.conversation.trimNoticeShown;
  if (input.guildId && !(await context.settings.guild(input.guildId)).showContext) {
    return { text: undefined, trimNoticeShown: state.conversation.trimNoticeShown };
  }
  const percent = contextPercent(
    state.promptTokens + estimateTokens(replyText),
    input.settings.historyTokens,
  );
  const trimmed = trimmedNow ? ' · the oldest messages no longer fit and are being forgotten' : '';
  return {
    text: `context ${percent} %${trimmed}`,
    trimNoticeShown: state.conversation.trimNoticeShown || trimmedNow,
  };
}

async function streamTurn(
  context: BotContext,
  input: ChatTurnInput,
  sink: ReplySink,
  state: TurnState,
): Promise<void> {
  const { config, clock } = context;
  const pacing = context.editPacing;
  // Bot-token replies share Discord's global limit: their edits are spaced by how many stream.
  const endPacing = sink.botToken ? pacing.start() : undefined;
  const renderer = createStreamRenderer(sink, {
    intervalMs: endPacing
      ? () => pacing.intervalMs(config.streamEditIntervalMs)
      : config.streamEditIntervalMs,
    clock,
    controls: stopControls(input.stopId),
    onEditError: (error) =>
      state.log.warn({ err: error }, 'intermediate edit failed; the next edit catches up'),
  });
  try {
    await streamInto(renderer, context, input, sink, state);
  } catch (error) {
    // The error boundary reports it; a pending edit must not paint the stream back over that.
    await renderer.cancel();
    throw error;
  } finally {
    endPacing?.();
  }
}

async function streamInto(
  renderer: StreamRenderer,
  context: BotContext,
  input: ChatTurnInput,
  sink: ReplySink,
  state: TurnState,
): Promise<void> {
  const { clock } = context;
  const { log, messages } = state;

  const record = (usage: Usage, outcome: string) =>
    context.ledger.charge({
      id: randomUUID(),
      time: clock.now(),
      guildId: input.guildId,
      channelId: input.channelId,
      userId: input.userId,
      kind: 'chat',
      model: input.settings.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      estimated: usage.estimated,
      outcome,
    });

  let result: ChatResult | undefined;
  try {
    const stream = context.service.streamChat(
      {
        model: input.settings.model,
        messages,
        maxTokens: input.settings.maxTokens,
        ...(input.settings.temperature !== undefined && { temperature: input.settings.temperature }),
      },
      {
        signal: AbortSignal.any([context.shutdown, input.stop]),
        onRetry: ({ delayMs, error }) => {
          // Nothing is on screen yet (retries only happen before the reply starts).
          sink
            .editOriginal(
              note(`${error.userMessage.split('.')[0]}. Retrying in ${formatWait(delayMs)}…`),
              stopControls(input.stopId),
            )
            .catch((editError: unknown) => log.warn({ err: editError }, 'could not show the retry notice'));
        },
      },
    );
    for await (const event of stream) {
      if (event.type === 'delta') renderer.push(event.text);
      else result = event.result;
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const stoppedBy = input.stop.reason instanceof StoppedByMember ? input.stop.reason.memberName : undefined;
    if (error.kind === 'aborted' && stoppedBy !== undefined && !context.shutdown.aborted) {
      await finishStopped(context, input, state, renderer, { usage: error.usage, stoppedBy, record });
      return;
    }
    log.warn({ err: error, kind: error.kind }, 'service request failed');
    // A reply that broke off was (probably) billed: record it, flagged when estimated.
    let footer: string | undefined;
    if (error.usage) footer = await costLine(context, input.guildId, await record(error.usage, error.kind));
    const message =
      error.kind === 'aborted' && context.shutdown.aborted
        ? `The bot is restarting, so this reply was cut short.`
        : error.userMessage;
    await renderer.finish(
      [note(`⚠️ ${message}`), input.extraNote && note(input.extraNote), footer && note(footer)]
        .filter(Boolean)
        .join('\n'),
    );
    return;
  }
  if (!result) throw new Error('service stream ended without a result');

  let storageNote: string | undefined;
  let footer: string | undefined;
  let saved: Saved | undefined;
  const contextLine = await contextNote(context, input, state, result.text);
  try {
    const entry = await record(
      result.usage,
      result.truncated ? 'truncated' : (result.finishReason ?? 'completed'),
    );
    footer = await costLine(context, input.guildId, entry);
    if (result.text.trim() !== '')
      saved = await saveExchange(context, input, state, result.text, contextLine);
  } catch (error) {
    log.error({ err: error }, 'could not store the exchange');
    storageNote = note('⚠️ The bot could not save this exchange, so the next message may not remember it.');
  }
  log.info(
    {
      model: result.model,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      estimated: result.usage.estimated,
      historyTurns: state.history.turns.length,
      droppedTurns: state.history.dropped,
    },
    'reply completed',
  );
  const notes = [
    completionNote(result, input.settings.maxTokens),
    storageNote,
    input.extraNote && note(input.extraNote),
    footerLine(contextLine.text, footer),
  ]
    .filter(Boolean)
    .join('\n');
  const lastId = await renderer.finish(
    notes || undefined,
    saved && regenerateControls(input.channelId, saved.turnId),
  );
  if (saved) await pointToLatestReply(context, input, state, lastId);
}

function footerLine(contextText: string | undefined, cost: string | undefined): string | undefined {
  const parts = [contextText, cost].filter(Boolean);
  return parts.length > 0 ? note(parts.join(' · ')) : undefined;
}

interface Saved {
  readonly turnId: string;
}

/** Appends the exchange (replacing the regenerated one); returns the new reply's id. */
async function saveExchange(
  context: BotContext,
  input: ChatTurnInput,
  state: TurnState,
  replyText: string,
  contextLine: { trimNoticeShown: boolean },
): Promise<Saved | undefined> {
  const turnId = randomBytes(8).toString('hex');
  const written = await context.conversations.update(input.channelId, (current) => {
    const base =
      input.regenerateTurnId !== undefined
        ? (regenerationBase(current.turns, input.regenerateTurnId)?.previous ?? current.turns)
        : current.turns;
    return {
      ...current,
      turns: [
        ...base,
        state.userTurn,
        {
          role: 'assistant',
          content: replyText,
          time: context.clock.now(),
          id: turnId,
          ...(Object.keys(input.options).length > 0 && { options: input.options }),
        },
      ],
      trimNoticeShown: contextLine.trimNoticeShown,
    };
  });
  if (!written) throw new Error('the stored conversation is unreadable');
  return { turnId };
}

/**
 * Records where the conversation's newest reply is and takes the buttons off the one before:
 * only the latest reply can be regenerated.
 */
async function pointToLatestReply(
  context: BotContext,
  input: ChatTurnInput,
  state: TurnState,
  messageId: string,
): Promise<void> {
  const latest = { channelId: input.replyChannelId, messageId };
  let before: Conversation['lastReply'] = null;
  try {
    await context.conversations.update(input.channelId, (current) => {
      before = current.lastReply;
      return { ...current, lastReply: latest };
    });
    const older = before as Conversation['lastReply'];
    if (older && older.messageId !== messageId) {
      await removeButtons(context.discordRest, older.channelId, older.messageId);
    }
  } catch (error) {
    // Harmless: an old Regenerate button answers that its reply is no longer the latest.
    state.log.warn({ err: error }, 'could not take the buttons off the previous reply');
  }
}

/** Ends a reply its Stop button cut short: the partial text stays, is charged and remembered. */
async function finishStopped(
  context: BotContext,
  input: ChatTurnInput,
  state: TurnState,
  renderer: StreamRenderer,
  stop: {
    usage: Usage | undefined;
    stoppedBy: string;
    record: (usage: Usage, outcome: string) => ReturnType<BotContext['ledger']['charge']>;
  },
): Promise<void> {
  const partial = renderer.text();
  state.log.info({ stoppedBy: stop.stoppedBy, chars: partial.length }, 'reply stopped');
  let footer: string | undefined;
  let saved: Saved | undefined;
  let storageNote: string | undefined;
  const contextLine = await contextNote(context, input, state, partial);
  try {
    if (stop.usage) footer = await costLine(context, input.guildId, await stop.record(stop.usage, 'stopped'));
    if (partial.trim() !== '') saved = await saveExchange(context, input, state, partial, contextLine);
  } catch (error) {
    state.log.error({ err: error }, 'could not store the stopped exchange');
    storageNote = note('⚠️ The bot could not save this exchange, so the next message may not remember it.');
  }
  const stopped = stop.usage
    ? `⏹️ Stopped by ${stop.stoppedBy}.`
    : `⏹️ Stopped by ${stop.stoppedBy} before the service answered; nothing was charged.`;
  const notes = [
    note(stopped),
    storageNote,
    input.extraNote && note(input.extraNote),
    saved ? footerLine(contextLine.text, footer) : footer && note(footer),
  ]
    .filter(Boolean)
    .join('\n');
  const lastId = await renderer.finish(notes, saved ? regenerateControls(input.channelId, saved.turnId) : []);
  if (saved) await pointToLatestReply(context, input, state, lastId);
}
