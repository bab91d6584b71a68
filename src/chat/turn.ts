/**
 * One turn of a channel's conversation: its one read of the conversation, the budget reservation,
 * the service stream rendered into Discord, then the one ending (settle.ts). Runs in the channel's
 * queue, so reads and writes of the channel's history never interleave.
 */
import type { Translator } from '../i18n/translator.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { estimateTokens } from '../lib/tokens.js';
import { startReplyTrace } from '../ops/replyTrace.js';
import { type RequestEnd, requestEnded } from '../ops/requestEnd.js';
import {
  createStreamRenderer,
  type PacedStreamRenderer,
  type ReplySink,
  type StreamRenderer,
} from '../reply/streamRenderer.js';
import type { ServiceClient } from '../service/client.js';
import { ServiceError } from '../service/errors.js';
import type { ChatMessage, ChatResult } from '../service/types.js';
import { announceBudgetAlerts } from '../spend/alerts.js';
import { chatCostMicros } from '../spend/cost.js';
import type { PriceList } from '../spend/prices.js';
import { StoppedByMember, stopControls } from './controls.js';
import type { ConversationStore } from './conversationStore.js';
import { deadlineInLine, TokenDeadline } from './deadline.js';
import { reserveTurn } from './fallback.js';
import { regenerationBase, selectHistory, toServiceMessage } from './history.js';
import { cancelledInLine, note } from './notes.js';
import { systemMessage } from './prompt.js';
import { type SettleDeps, settleTurn } from './settle.js';
import { type ChatTurn, type Ending, type PreparedTurn, refusalVoice } from './types.js';

/** The reply's Stop button: its id, and the signal it aborts. */
export interface StopHandle {
  readonly id: string;
  readonly signal: AbortSignal;
}

/** One kind of stream's edit budget (reply/editPacing.ts), as the turn uses it. */
interface EditPacing {
  start(): () => void; // registers a stream; the returned function ends it
  /** The least time between two edits of one stream now. */
  sharedIntervalMs(): number;
}

/**
 * What a turn reads itself (the conversation, the service, its edit pacing, the log, three of the
 * operator's settings), and what the steps it runs declare: the reservation (fallback.ts), the one
 * ending (settle.ts), the budget alerts (spend/alerts.ts). The composition root gives all of it.
 */
export type ChatTurnDeps = {
  readonly config: {
    /** SYSTEM_PROMPT_ROLE: the role the channel's system prompt is sent with. */
    readonly systemPromptRole: 'system' | 'user';
    /** HISTORY_MAX_TURNS: the most earlier turns sent with a question. */
    readonly historyMaxTurns: number;
    /** STREAM_EDIT_INTERVAL_MS: the least time between two edits of one reply. */
    readonly streamEditIntervalMs: number;
  };
  readonly clock: Clock;
  readonly logger: Pick<Logger, 'child'>;
  readonly conversations: Pick<ConversationStore, 'load'>;
  readonly service: Pick<ServiceClient, 'streamChat'>;
  /** Aborted when the bot shuts down: the stream ends with a note. */
  readonly shutdown: AbortSignal;
  readonly editPacing: { readonly botToken: EditPacing; readonly interaction: EditPacing };
  /** The chat prices a refused request's worst case is reckoned from. */
  readonly prices: Pick<PriceList, 'chat'>;
  /** Tells a server's admins (once per key) that the service refused its own key. */
  readonly serviceKeyRefused?:
    | ((guildId: string, status: number | undefined, t: Translator) => Promise<void>)
    | undefined;
} & Parameters<typeof reserveTurn>[0] &
  SettleDeps &
  Parameters<typeof announceBudgetAlerts>[0];

export async function runChatTurn(
  deps: ChatTurnDeps,
  turn: ChatTurn,
  stop: StopHandle,
  sink: ReplySink,
): Promise<void> {
  if (stop.signal.aborted) {
    const log = deps.logger.child({
      channelId: turn.channelId,
      guildId: turn.guildId,
      userId: turn.userId,
    });
    requestEnded(deps, log, unserved(turn, 'cancelled'));
    const reason: unknown = stop.signal.reason;
    const t = turn.voices.server;
    const ended = reason instanceof TokenDeadline ? deadlineInLine(t, reason.ttlMs) : cancelledInLine(t);
    // Still the question's reply, as every public end of it: the head (quote.ts) stays on top.
    await sink.editOriginal(`${turn.head ?? ''}${ended}`, []);
    return;
  }
  const prepared = await prepareTurn(deps, turn);
  if (!prepared) {
    await sink.refuse(refusalVoice(turn).t('chat.notLatest'));
    return;
  }
  // Reserve the worst case (estimated prompt, full max_tokens) before the service is called; a
  // member's cap may have it answered by a cheaper model instead (fallback.ts).
  const { reservation, turn: served } = await reserveTurn(deps, turn, prepared.promptTokens);
  if (!reservation.ok) {
    const { settings } = turn;
    const worstCase = chatCostMicros(deps.prices, settings.model, prepared.promptTokens, settings.maxTokens);
    requestEnded(deps, prepared.log, unserved(turn, 'refused'), { refusedBy: 'budget', worstCase });
    const voice = refusalVoice(turn);
    const seen = turn.refusalsSeenBy === 'member';
    // Only where the member alone reads it: with the SKUs they could buy (premium buttons).
    await sink.refuse(
      `⛔ ${seen ? reservation.message(voice) : reservation.publicMessage(voice)}`,
      seen ? reservation.offer : undefined,
    );
    return;
  }
  try {
    await streamTurn(deps, served, prepared, stop, sink);
  } finally {
    reservation.release();
  }
  // A user install is billed to the member, not to the server it was used in.
  if (turn.guildId && !turn.userInstall) await announceBudgetAlerts(deps, turn.guildId, turn.voices.server);
}

/** A turn that ended without the service's answer: nothing charged. */
function unserved(turn: ChatTurn, outcome: string): RequestEnd {
  const { guildId, channelId, userId } = turn;
  return {
    kind: 'chat',
    outcome,
    guildId,
    channelId,
    userId,
    model: turn.settings.model,
    inputTokens: 0,
    outputTokens: 0,
    costMicros: 0,
  };
}

/** Reads the conversation once and builds the request; undefined when a regeneration is stale. */
async function prepareTurn(deps: ChatTurnDeps, turn: ChatTurn): Promise<PreparedTurn | undefined> {
  const { config, clock } = deps;
  const log = deps.logger.child({ channelId: turn.channelId, guildId: turn.guildId, userId: turn.userId });
  const conversation = await deps.conversations.load(turn.channelId);
  const base =
    turn.ask.kind === 'regenerate'
      ? regenerationBase(conversation.turns, turn.ask.turnId, turn.ask.pressed)
      : {
          previous: conversation.turns,
          userTurn: {
            role: 'user' as const,
            content: turn.ask.prompt,
            authorId: turn.userId,
            authorName: turn.userName,
            time: clock.now(),
            ...(turn.ask.withFiles && { files: true as const }), // marked: see chat/fileMemory.ts
          },
        };
  if (!base) return undefined;
  const { settings } = turn;
  const system: ChatMessage | undefined = systemMessage(
    config.systemPromptRole,
    settings.systemPrompt,
    settings.answerInLanguage ? turn.voices.member.locale : undefined,
  );
  const systemTokens = system ? estimateTokens(system.content) : 0;
  const history = selectHistory(base.previous, base.userTurn, {
    maxTokens: Math.max(0, settings.historyTokens - systemTokens),
    maxTurns: config.historyMaxTurns,
  });
  return {
    log,
    conversation,
    ...base,
    messages: [...(system ? [system] : []), ...history.turns.map(toServiceMessage)],
    history,
    promptTokens: history.estimatedTokens + systemTokens,
  };
}

async function streamTurn(
  deps: ChatTurnDeps,
  turn: ChatTurn,
  prepared: PreparedTurn,
  stop: StopHandle,
  sink: ReplySink,
): Promise<void> {
  const { config, clock } = deps;
  // Every stream's edits are spaced by how many of its kind stream (editPacing.ts): bot-token
  // replies share Discord's global limit, interaction-token replies the process's CPU.
  const pacing = sink.botToken ? deps.editPacing.botToken : deps.editPacing.interaction;
  const endPacing = pacing.start();
  // Time to first text, total time and Discord writes, for the request's line and metrics.
  const trace = startReplyTrace(clock);
  const renderer = createStreamRenderer(trace.sink(sink), {
    intervalMs: config.streamEditIntervalMs,
    sharedIntervalMs: () => pacing.sharedIntervalMs(),
    clock,
    voice: turn.voices.server,
    controls: stopControls(turn.voices.server, stop.id),
    ...(turn.head !== undefined && { head: turn.head }),
    onEditError: (error) =>
      prepared.log.warn({ err: error }, 'intermediate edit failed; the next edit catches up'),
    onFinalRetry: (error, delayMs) =>
      prepared.log.warn({ err: error, delayMs }, 'the final write failed; writing it again'),
  });
  try {
    // The service's reads wait for the renderer's next edit: text between two edits is parsed once.
    const pace = () => renderer.ready();
    const ending = await streamReply(deps, turn, prepared, stop, sink, trace.renderer(renderer), pace);
    if (ending.kind === 'failed' && ending.error.keyRefused === 'call' && renderer.text() === '') {
      // The server's own key was refused before any text: nothing to charge or remember; the
      // member alone is told (the key is the admins' to fix, not the channel's business).
      await renderer.cancel();
      requestEnded(
        deps,
        prepared.log,
        { ...unserved(turn, 'refused'), totalMs: trace.elapsedMs() },
        {
          refusedBy: 'serviceKey',
        },
      );
      await sink.refuse(`⛔ ${ending.error.describe(refusalVoice(turn))}`);
      if (turn.guildId) await deps.serviceKeyRefused?.(turn.guildId, ending.error.status, turn.voices.server);
      return;
    }
    await settleTurn(deps, turn, prepared, renderer, ending, trace);
  } catch (error) {
    // settle.ts did not record it (or failed writing it); the error boundary reports the rest.
    if (!trace.ended())
      requestEnded(deps, prepared.log, { ...unserved(turn, 'error'), totalMs: trace.elapsedMs() });
    // The error boundary reports it; a pending edit must not paint the stream back over that.
    await renderer.cancel();
    throw error;
  } finally {
    endPacing();
  }
}

/** Streams the service's reply into the renderer; says how it ended. */
async function streamReply(
  deps: ChatTurnDeps,
  turn: ChatTurn,
  prepared: PreparedTurn,
  stop: StopHandle,
  sink: ReplySink,
  renderer: StreamRenderer,
  pace: PacedStreamRenderer['ready'],
): Promise<Ending> {
  const { log } = prepared;
  const { settings } = turn;
  let result: ChatResult | undefined;
  try {
    const stream = deps.service.streamChat(
      {
        model: settings.model,
        messages: prepared.messages,
        maxTokens: settings.maxTokens,
        ...(settings.temperature !== undefined && { temperature: settings.temperature }),
      },
      {
        signal: AbortSignal.any([deps.shutdown, stop.signal]),
        ...(turn.serviceKey !== undefined && { apiKey: turn.serviceKey }),
        pace,
        onRetry: ({ delayMs }) => {
          // Nothing is on screen yet (retries only happen before the reply starts).
          const t = turn.voices.server;
          sink
            .editOriginal(note(t.t('chat.retrying', { wait: t.wait(delayMs) })), stopControls(t, stop.id))
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
    const shuttingDown = error.kind === 'aborted' && deps.shutdown.aborted;
    const reason: unknown = stop.signal.reason;
    if (error.kind === 'aborted' && reason instanceof StoppedByMember && !shuttingDown) {
      // Who stopped it is in the request's line (settle.ts).
      return { kind: 'stopped', stoppedBy: reason.memberName, usage: error.usage };
    }
    if (error.kind === 'aborted' && reason instanceof TokenDeadline && !shuttingDown) {
      log.warn({ ttlMs: reason.ttlMs }, 'the interaction token is about to end: the reply stops here');
      return { kind: 'failed', error: reason.ending(error.usage, renderer.text() !== ''), shuttingDown };
    }
    log.warn({ err: error, kind: error.kind }, 'service request failed');
    return { kind: 'failed', error, shuttingDown };
  }
  if (!result) throw new Error('service stream ended without a result');
  // Its line ('request ended') is written by settle.ts, the one ending of every turn.
  return { kind: 'completed', result };
}
