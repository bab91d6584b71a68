/**
 * A chat turn's place in its channel's queue: the member sees their place in line while they
 * wait, and the Stop button reaches the turn from the moment it is queued.
 */
import { randomBytes } from 'node:crypto';
import type { Translator } from '../i18n/translator.js';
import type { KeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import { createNotice } from '../reply/notice.js';
import type { ReplySink } from '../reply/streamRenderer.js';
import { type ActiveReply, stopControls } from './controls.js';
import { runChatTurn, type StopHandle } from './turn.js';
import type { ChatTurn } from './types.js';

/** What the queue reads: the channels' queue, the replies Stop can reach, and a logger. */
export interface ChatQueueDeps {
  /** Serialises turns per channel id. */
  readonly channelQueue: Pick<KeyedQueue, 'run'>;
  /** Replies being streamed or queued, by the id in their Stop button. */
  readonly activeReplies: Map<string, ActiveReply>;
  readonly logger: Pick<Logger, 'warn'>;
}

/** What running the turn reads (turn.ts), whatever that module declares. */
export type ChatTurnDeps = Parameters<typeof runChatTurn>[0];

export function waitingText(t: Translator, ahead: number): string {
  return ahead === 1 ? t.t('chat.waitingNext') : t.t('chat.waitingInLine', { ahead });
}

/** `abort` stops the turn like its Stop button (e.g. Discord refused its messages). */
export async function runQueuedChatTurn(
  deps: ChatQueueDeps & ChatTurnDeps,
  turn: ChatTurn,
  sink: ReplySink,
  abort?: AbortSignal,
): Promise<void> {
  await queueChatTurn(deps, turn, sink, (stop) => runChatTurn(deps, turn, stop, sink), abort);
}

/**
 * Registers the turn's Stop button, waits for the turns before it in the channel (showing the
 * member their place in line), then runs `run` with the Stop handle; the Stop button is
 * forgotten when the turn has ended, however it ends. A turn stopped while in line still runs
 * `run`, its signal already aborted, so it can say so in its reply.
 */
export async function queueChatTurn(
  deps: ChatQueueDeps,
  turn: Pick<ChatTurn, 'channelId' | 'userId' | 'voices'>,
  sink: Pick<ReplySink, 'editOriginal'>,
  run: (stop: StopHandle) => Promise<void>,
  abort?: AbortSignal,
): Promise<void> {
  const stopId = randomBytes(8).toString('hex');
  const controller = new AbortController();
  if (abort?.aborted) controller.abort(abort.reason);
  abort?.addEventListener('abort', () => controller.abort(abort.reason), { once: true });
  deps.activeReplies.set(stopId, { userId: turn.userId, controller });
  const notice = createNotice(
    (text) => sink.editOriginal(text, stopControls(turn.voices.server, stopId)),
    (error) => deps.logger.warn({ err: error }, 'could not show the place in line'),
  );
  try {
    await deps.channelQueue.run(
      turn.channelId,
      async () => {
        await notice.close();
        await run({ id: stopId, signal: controller.signal });
      },
      (ahead) => notice.show(waitingText(turn.voices.server, ahead)),
    );
  } finally {
    deps.activeReplies.delete(stopId);
  }
}
