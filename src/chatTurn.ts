/**
 * One turn of a channel's conversation: history → service stream → Discord, then the usage
 * record and the history append. Runs inside the channel's queue, so reads and writes of the
 * channel's history never interleave.
 */
import { randomUUID } from 'node:crypto';
import type { BotContext } from './context.js';
import {
  type SelectedHistory,
  selectHistory,
  toServiceMessage,
  type UserTurn,
} from './conversation/history.js';
import type { ChatModel } from './models.js';
import { chatCostMicros } from './pricing/cost.js';
import { createStreamRenderer, type ReplySink } from './render/streamRenderer.js';
import { formatWait, ServiceError } from './service/errors.js';
import type { ChatMessage, ChatResult, Usage } from './service/types.js';
import { announceBudgetAlerts, costLine } from './spendNotes.js';

export interface ChatTurnInput {
  readonly guildId: string | null;
  readonly channelId: string;
  readonly userId: string;
  readonly userName: string;
  readonly prompt: string;
  readonly model: ChatModel;
  readonly temperature?: number;
  readonly maxTokens: number;
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

export async function runChatTurn(context: BotContext, input: ChatTurnInput, sink: ReplySink): Promise<void> {
  const { config, logger, clock } = context;
  const log = logger.child({ channelId: input.channelId, guildId: input.guildId, userId: input.userId });
  const previous = await context.conversations.load(input.channelId);
  const userTurn: UserTurn = {
    role: 'user',
    content: input.prompt,
    authorId: input.userId,
    authorName: input.userName,
    time: clock.now(),
  };
  const history = selectHistory(previous, userTurn, {
    maxTokens: config.historyMaxTokens,
    maxTurns: config.historyMaxTurns,
  });
  const messages = history.turns.map(toServiceMessage);

  // Reserve the worst case (estimated prompt, full max_tokens) before the service is called.
  const worstCase = chatCostMicros(context.prices, input.model, history.estimatedTokens, input.maxTokens);
  const reservation = await context.budgets.reserve(input.guildId, input.userId, worstCase, clock.now());
  if (!reservation.ok) {
    log.info({ worstCase }, 'refused by budget');
    await sink.refuse(`⛔ ${reservation.message}`);
    return;
  }
  try {
    await streamTurn(context, input, sink, { log, userTurn, messages, history });
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
}

async function streamTurn(
  context: BotContext,
  input: ChatTurnInput,
  sink: ReplySink,
  state: TurnState,
): Promise<void> {
  const { config, clock } = context;
  const { log, userTurn, messages, history } = state;
  const renderer = createStreamRenderer(sink, {
    intervalMs: config.streamEditIntervalMs,
    clock,
    onEditError: (error) => log.warn({ err: error }, 'intermediate edit failed; the next edit catches up'),
  });

  const record = (usage: Usage, outcome: string) =>
    context.ledger.charge({
      id: randomUUID(),
      time: clock.now(),
      guildId: input.guildId,
      channelId: input.channelId,
      userId: input.userId,
      kind: 'chat',
      model: input.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      estimated: usage.estimated,
      outcome,
    });

  let result: ChatResult | undefined;
  try {
    const stream = context.service.streamChat(
      {
        model: input.model,
        messages,
        maxTokens: input.maxTokens,
        ...(input.temperature !== undefined && { temperature: input.temperature }),
      },
      {
        signal: context.shutdown,
        onRetry: ({ delayMs, error }) => {
          // Nothing is on screen yet (retries only happen before the reply starts).
          sink
            .editOriginal(note(`${error.userMessage.split('.')[0]}. Retrying in ${formatWait(delayMs)}…`))
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
    log.warn({ err: error, kind: error.kind }, 'service request failed');
    // A reply that broke off was (probably) billed: record it, flagged when estimated.
    let footer: string | undefined;
    if (error.usage) footer = await costLine(context, input.guildId, await record(error.usage, error.kind));
    const message =
      error.kind === 'aborted' && context.shutdown.aborted
        ? `The bot is restarting, so this reply was cut short.`
        : error.userMessage;
    await renderer.finish([note(`⚠️ ${message}`), footer && note(footer)].filter(Boolean).join('\n'));
    return;
  }
  if (!result) throw new Error('service stream ended without a result');

  let storageNote: string | undefined;
  let footer: string | undefined;
  try {
    const entry = await record(
      result.usage,
      result.truncated ? 'truncated' : (result.finishReason ?? 'completed'),
    );
    footer = await costLine(context, input.guildId, entry);
    if (result.text.trim() !== '') {
      await context.conversations.append(input.channelId, [
        userTurn,
        { role: 'assistant', content: result.text, time: clock.now() },
      ]);
    }
  } catch (error) {
    log.error({ err: error }, 'could not store the exchange');
    storageNote = note('⚠️ The bot could not save this exchange, so the next /ask may not remember it.');
  }
  log.info(
    {
      model: result.model,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      estimated: result.usage.estimated,
      historyTurns: history.turns.length,
      droppedTurns: history.dropped,
    },
    'reply completed',
  );
  const notes = [completionNote(result, input.maxTokens), storageNote, footer && note(footer)]
    .filter(Boolean)
    .join('\n');
  await renderer.finish(notes || undefined);
}
