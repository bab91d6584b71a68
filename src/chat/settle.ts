/**
 * The one ending of a chat turn, whichever way it ended (completed, stopped, failed): write the
 * final reply with its notes while charging what the service billed and remembering the
 * exchange, then move the Regenerate button to it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { REST } from 'discord.js';
import type { Clock } from '../lib/clock.js';
import { estimateTokens } from '../lib/tokens.js';
import type { ReplyTrace } from '../ops/replyTrace.js';
import { type RequestEndContext, requestEnded } from '../ops/requestEnd.js';
import { removeButtons } from '../reply/removeButtons.js';
import { costLine } from '../spend/costLine.js';
import type { Ledger } from '../spend/ledger.js';
import type { PriceList } from '../spend/prices.js';
import type { UsageRecord } from '../spend/records.js';
import { regenerateControls } from './controls.js';
import type { ConversationStore } from './conversationStore.js';
import { contextPercent } from './history.js';
import { contextText, endingFacts, footerLine, note, storageFailed as storageFailedNote } from './notes.js';
import type { ChatTurn, Ending, PreparedTurn } from './types.js';

/** What settling a turn reads, and no more (the bot's context gives all of it). */
export interface SettleDeps extends RequestEndContext {
  /** Prices the reply and charges it. */
  readonly ledger: Pick<Ledger, 'costOf' | 'charge'>;
  /** The cost line's currency. */
  readonly prices: Pick<PriceList, 'currency'>;
  readonly clock: Clock;
  /** Remembers the exchange and where the newest reply is. */
  readonly conversations: Pick<ConversationStore, 'update'>;
  /** The bot token's REST client: takes the buttons off the previous reply. */
  readonly discordRest: Pick<REST, 'get' | 'patch'>;
}

type Controls = ReturnType<typeof regenerateControls>;

/** The reply being streamed (reply/'s StreamRenderer): its text, and its final write. */
export interface FinalWrite {
  text(): string;
  /** Writes the final text with `note` under it and `controls` on it; resolves to the last message's id. */
  finish(note?: string, controls?: Controls): Promise<string>;
}

export async function settleTurn(
  deps: SettleDeps,
  turn: ChatTurn,
  prepared: PreparedTurn,
  renderer: FinalWrite,
  ending: Ending,
  trace: ReplyTrace,
): Promise<void> {
  const { settings } = turn;
  // The reply's notes are read by whoever reads the reply (the channel, in a server).
  const t = turn.voices.server;
  const facts = endingFacts(t, ending, renderer.text(), settings.maxTokens);
  const firstDrop = prepared.history.dropped > 0 && !prepared.conversation.trimNoticeShown;
  const usage = facts.usage && {
    id: randomUUID(),
    time: deps.clock.now(),
    guildId: turn.guildId,
    channelId: turn.channelId,
    userId: turn.userId,
    kind: 'chat' as const,
    model: settings.model,
    inputTokens: facts.usage.inputTokens,
    outputTokens: facts.usage.outputTokens,
    estimated: facts.usage.estimated,
    outcome: facts.outcome,
    ...(turn.userInstall && { userInstall: true }),
    ...(settings.memberCaps?.roleIds?.length && { roleIds: settings.memberCaps.roleIds }),
    ...(turn.serviceKey !== undefined && { paidBy: 'serverKey' as const }),
    ...(turn.planCharge && { plan: turn.planCharge }),
  };
  // The price is pure: the cost line needs no store, and is what the ledger records.
  const costMicros = usage ? deps.ledger.costOf(usage) : 0;
  const cost =
    usage && settings.showCost
      ? costLine({ ...usage, costMicros }, deps.prices.currency, turn.voices.server)
      : undefined;
  const turnId = facts.remembered && facts.text.trim() !== '' ? randomBytes(8).toString('hex') : undefined;

  // The store's work runs alongside the final write, so the member's last words do not wait
  // for it (a burst of replies ending together would queue at the store). A failure found
  // after the final write is written in: the note replaces the Regenerate button.
  const stored = storeExchange(deps, turn, prepared, usage, turnId, facts.text, firstDrop);
  const finalWrite = (storageFailed: boolean) => {
    // The memory gauge speaks of a reply that completed or joined the memory.
    const remembered = turnId !== undefined && !storageFailed;
    const gauge =
      settings.showContext && (ending.kind === 'completed' || remembered)
        ? contextText(
            t,
            contextPercent(prepared.promptTokens + estimateTokens(facts.text), settings.historyTokens),
            firstDrop,
          )
        : undefined;
    const notes = [
      facts.headNote,
      storageFailed ? storageFailedNote(t) : undefined,
      turn.extraNote && note(turn.extraNote),
      footerLine(gauge, cost),
    ]
      .filter(Boolean)
      .join('\n');
    return renderer.finish(
      notes || undefined,
      remembered ? regenerateControls(t, turn.channelId, turnId) : [],
    );
  };
  let storageFailed = false;
  let lastId: string;
  try {
    lastId = await finalWrite(false);
  } finally {
    // The final write failing must not leave the store's work unfinished (or unlogged).
    storageFailed = !(await stored) && facts.remembered;
    // The request's one line and its metrics, also when the final write failed.
    trace.end();
    requestEnded(
      deps,
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
  if (storageFailed) {
    await finalWrite(true);
    return;
  }
  if (turnId) await pointToLatestReply(deps, turn, prepared, turnId, lastId);
}

/** Charges the reply and remembers the exchange; false (logged) when either failed. */
async function storeExchange(
  deps: Pick<SettleDeps, 'ledger' | 'conversations' | 'clock'>,
  turn: ChatTurn,
  prepared: PreparedTurn,
  usage: UsageRecord | undefined,
  turnId: string | undefined,
  replyText: string,
  firstDrop: boolean,
): Promise<boolean> {
  try {
    // The ledger keeps a charge it cannot write yet (and retries it); both go to the store together.
    await Promise.all([
      usage && deps.ledger.charge(usage),
      turnId && remember(deps, turn, prepared, turnId, replyText, firstDrop),
    ]);
    return true;
  } catch (error) {
    prepared.log.error({ err: error }, 'could not store the exchange');
    return false;
  }
}

/** Appends the exchange to the conversation (replacing a regenerated one) as reply `turnId`. */
async function remember(
  deps: Pick<SettleDeps, 'conversations' | 'clock'>,
  turn: ChatTurn,
  prepared: PreparedTurn,
  turnId: string,
  replyText: string,
  firstDrop: boolean,
): Promise<void> {
  await deps.conversations.update(turn.channelId, (current) => ({
    ...current,
    turns: [
      ...prepared.previous,
      prepared.userTurn,
      {
        role: 'assistant',
        content: replyText,
        time: deps.clock.now(),
        id: turnId,
        ...(Object.keys(turn.options).length > 0 && { options: turn.options }),
        ...(turn.head !== undefined && { head: turn.head }),
      },
    ],
    // The drop is announced once, in the gauge: only a shown gauge uses the notice up.
    trimNoticeShown: current.trimNoticeShown || (firstDrop && turn.settings.showContext),
  }));
}

/**
 * Records where the conversation's newest reply is (on its turn too: Regenerate acts only on a
 * press on that message) and takes the buttons off the one before: only the latest reply can be
 * regenerated.
 */
async function pointToLatestReply(
  deps: Pick<SettleDeps, 'conversations' | 'discordRest'>,
  turn: ChatTurn,
  prepared: PreparedTurn,
  turnId: string,
  messageId: string,
): Promise<void> {
  try {
    const reply = {
      channelId: turn.replyChannelId,
      messageId,
      ...(turn.settings.layout === 'v2' && { v2: true as const }),
    };
    const replaced = await deps.conversations.update(turn.channelId, (current) => {
      const last = current.turns.at(-1);
      const ours = last?.role === 'assistant' && last.id === turnId;
      return {
        ...current,
        turns: ours ? [...current.turns.slice(0, -1), { ...last, reply }] : current.turns,
        lastReply: reply,
      };
    });
    const older = replaced.lastReply;
    // Where the bot is not present its token cannot edit the older reply: its button then says
    // that reply is no longer the latest.
    if (older && older.messageId !== messageId && !turn.userInstall) {
      await removeButtons(deps.discordRest, older);
    }
  } catch (error) {
    // Harmless: an old Regenerate button answers that its reply is no longer the latest.
    prepared.log.warn({ err: error }, 'could not take the buttons off the previous reply');
  }
}
