/**
 * A chat turn's place in its channel's queue: the member sees their place in line while they
 * wait, and the Stop button reaches the turn from the moment it is queued.
 */
import { randomBytes } from 'node:crypto';
import type { BotContext } from '../context.js';
import { createNotice } from '../discord/render/notice.js';
import type { ReplySink } from '../discord/render/streamRenderer.js';
import type { Translator } from '../i18n/translator.js';
import { stopControls } from './controls.js';
import { runChatTurn } from './turn.js';
import type { ChatTurn } from './types.js';

export function waitingText(t: Translator, ahead: number): string {
  return ahead === 1 ? t.t('chat.waitingNext') : t.t('chat.waitingInLine', { ahead });
}

/** `abort` stops the turn like its Stop button (e.g. Discord refused its messages). */
export async function runQueuedChatTurn(
  context: BotContext,
  turn: ChatTurn,
  sink: ReplySink,
  abort?: AbortSignal,
): Promise<void> {
  const stopId = randomBytes(8).toString('hex');
  const controller = new AbortController();
  if (abort?.aborted) controller.abort(abort.reason);
  abort?.addEventListener('abort', () => controller.abort(abort.reason), { once: true });
  context.activeReplies.set(stopId, { userId: turn.userId, controller });
  const notice = createNotice(
    (text) => sink.editOriginal(text, stopControls(turn.voices.server, stopId)),
    (error) => context.logger.warn({ err: error }, 'could not show the place in line'),
  );
  try {
    await context.channelQueue.run(
      turn.channelId,
      async () => {
        await notice.close();
        await runChatTurn(context, turn, { id: stopId, signal: controller.signal }, sink);
      },
      (ahead) => notice.show(waitingText(turn.voices.server, ahead)),
    );
  } finally {
    context.activeReplies.delete(stopId);
  }
}
