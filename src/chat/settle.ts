/**
 * The one ending of a chat turn, whichever way it ended (completed, stopped, failed): charge
 * what the service billed, remember the exchange, write the final reply with its notes, and move
 * the Regenerate button to it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { BotContext } from '../context.js';
import { removeButtons } from '../discord/messages.js';
import type { StreamRenderer } from '../discord/render/streamRenderer.js';
import { estimateTokens } from '../lib/tokens.js';
import type { ReplyTrace } from '../ops/replyTrace.js';
import { requestEnded } from '../ops/requestEnd.js';
import { costLine } from '../spend/costLine.js';
import { regenerateControls } from './controls.js';
import { contextPercent } from './history.js';
import { contextText, endingFacts, footerLine, note, STORAGE_FAILED } from './notes.js';
import type { ChatTurn, Ending, PreparedTurn } from './types.js';

export async function settleTurn(
  context: BotContext,
  turn: ChatTurn,
  prepared: PreparedTurn,
  renderer: StreamRenderer,
  ending: Ending,
  trace: ReplyTrace,
): Promise<void> {
  const { settings } = turn;
  const facts = endingFacts(ending, renderer.text(), settings.maxTokens);
  const firstDrop = prepared.history.dropped > 0 && !prepared.conversation.trimNoticeShown;

  let costMicros = 0;
  let cost: string | undefined;
  let savedTurnId: string | undefined;
  let storageFailed = false;
  try {
    if (facts.usage) {
      const entry = await context.ledger.charge({
        id: randomUUID(),
        time: context.clock.now(),
        guildId: turn.guildId,
        channelId: turn.channelId,
        userId: turn.userId,
        kind: 'chat',
        model: settings.model,
        inputTokens: facts.usage.inputTokens,
        outputTokens: facts.usage.outputTokens,
        estimated: facts.usage.estimated,
        outcome: facts.outcome,
      });
      costMicros = entry.costMicros;
      if (settings.showCost) cost = costLine(entry, context.prices.currency);
    }
    if (facts.remembered && facts.text.trim() !== '') {
      savedTurnId = await remember(context, turn, prepared, facts.text, firstDrop);
    }
  } catch (error) {
    prepared.log.error({ err: error, outcome: facts.outcome }, 'could not store the exchange');
    // The note speaks of the conversation's memory, which a failed reply never joins.
    storageFailed = facts.remembered;
  }

  // The memory gauge speaks of a reply that completed or joined the memory.
  const gauge =
    settings.showContext && (ending.kind === 'completed' || savedTurnId !== undefined)
      ? contextText(
          contextPercent(prepared.promptTokens + estimateTokens(facts.text), settings.historyTokens),
          firstDrop,
        )
      : undefined;
  const notes = [
    facts.headNote,
    storageFailed ? STORAGE_FAILED : undefined,
    turn.extraNote && note(turn.extraNote),
    footerLine(gauge, cost),
  ]
    .filter(Boolean)
    .join('\n');
  let lastId: string;
  try {
    lastId = await renderer.finish(
      notes || undefined,
      savedTurnId ? regenerateControls(turn.channelId, savedTurnId) : [],
    );
  } finally {
    // The request's one line and its metrics, also when the final write failed.
    trace.end();
    requestEnded(
      context,
      prepared.log,
      {
        kind: 'chat',
        outcome: ending.kind === 'failed' ? ending.error.kind : ending.kind,
        guildId: turn.guildId,
        channelId: turn.channelId,
        userId: turn.userId,
        model: settings.model,
        inputTokens: facts.usage?.inputTokens ?? 0,
        outputTokens: facts.usage?.outputTokens ?? 0,
        costMicros,
        firstTokenMs: trace.firstTokenMs(),
        totalMs: trace.elapsedMs(),
        edits: trace.edits(),
      },
      {
        ledgerOutcome: facts.usage ? facts.outcome : null,
        estimated: facts.usage?.estimated ?? null,
        ...(ending.kind === 'completed' && { serviceModel: ending.result.model }),
        ...(ending.kind === 'stopped' && { stoppedBy: ending.stoppedBy }),
        historyTurns: prepared.history.turns.length,
        droppedTurns: prepared.history.dropped,
        ...(storageFailed && { storageFailed }),
      },
    );
  }
  if (savedTurnId) await pointToLatestReply(context, turn, prepared, lastId);
}

/** Appends the exchange to the conversation (replacing a regenerated one); returns the reply's id. */
async function remember(
  context: BotContext,
  turn: ChatTurn,
  prepared: PreparedTurn,
  replyText: string,
  firstDrop: boolean,
): Promise<string> {
  const turnId = randomBytes(8).toString('hex');
  await context.conversations.update(turn.channelId, (current) => ({
    ...current,
    turns: [
      ...prepared.previous,
      prepared.userTurn,
      {
        role: 'assistant',
        content: replyText,
        time: context.clock.now(),
        id: turnId,
        ...(Object.keys(turn.options).length > 0 && { options: turn.options }),
      },
    ],
    // The drop is announced once, in the gauge: only a shown gauge uses the notice up.
    trimNoticeShown: current.trimNoticeShown || (firstDrop && turn.settings.showContext),
  }));
  return turnId;
}

/**
 * Records where the conversation's newest reply is and takes the buttons off the one before:
 * only the latest reply can be regenerated.
 */
async function pointToLatestReply(
  context: BotContext,
  turn: ChatTurn,
  prepared: PreparedTurn,
  messageId: string,
): Promise<void> {
  try {
    const replaced = await context.conversations.update(turn.channelId, (current) => ({
      ...current,
      lastReply: { channelId: turn.replyChannelId, messageId },
    }));
    const older = replaced.lastReply;
    if (older && older.messageId !== messageId) {
      await removeButtons(context.discordRest, older.channelId, older.messageId);
    }
  } catch (error) {
    // Harmless: an old Regenerate button answers that its reply is no longer the latest.
    prepared.log.warn({ err: error }, 'could not take the buttons off the previous reply');
  }
}
