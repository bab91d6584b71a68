/**
 * llmcord-like: one global edit throttle shared by every reply of the process.
 *
 * Reproduces the streaming loop of llmcord.py (github.com/jakobdylanc/llmcord, `on_message`, read
 * at commit d0aa8d2 of 2026-07-02): `EDIT_DELAY_SECONDS = 1` and a module-level `last_task_time`
 * that every reply reads and writes. For each upstream chunk, in order:
 * - the text appended is the *previous* chunk's (one chunk of look-ahead, to see a split coming);
 *   the last chunk (with a finish reason) appends both;
 * - a new message is started when there is none yet or the text would pass the limit, and is
 *   posted at once;
 * - otherwise it edits when at least 1 s has passed since the last edit of *any* reply
 *   (`ready_to_edit`), or when this is the message's final edit (the reply ended or a split is
 *   coming): then it first sleeps the rest of that second (`asyncio.sleep(EDIT_DELAY_SECONDS -
 *   time_delta)`, nothing when negative), edits, and sets the global time to now;
 * - the edit is awaited inside the loop, so the stream is not read meanwhile;
 * - while in progress the message ends with " ⚪" (STREAMING_INDICATOR), not on its final edit.
 *
 * Adapted to this benchmark: the messages are the interaction's original response (deferred by
 * the runner, instead of llmcord's reply to the member's message) and follow-ups; the text is the
 * message content with Discord's 2,000-character limit (llmcord puts it in an embed description,
 * 4,096); no typing indicator (the deferral shows "thinking…").
 */
import { type Block, MESSAGE_LIMIT, type Policy, sleep } from './policy.js';

const EDIT_DELAY_MS = 1000;
const STREAMING_INDICATOR = ' ⚪';
const MAX_MESSAGE_LENGTH = MESSAGE_LIMIT - STREAMING_INDICATOR.length;

/** `last_task_time`: shared by every reply in this process, as llmcord's global is. */
let lastTaskTime = 0;

export const llmcord: Policy = {
  name: 'llmcord-like',
  indicator: STREAMING_INDICATOR,
  async reply(io) {
    let currContent: string | null = null;
    let finishReason: string | null = null;
    const contents: string[] = [];
    const messages: Block[] = [];
    for await (const chunk of io.deltas) {
      if (finishReason !== null) break;
      finishReason = chunk.finishReason;
      const prevContent = currContent ?? '';
      currContent = chunk.content;
      const newContent = finishReason === null ? prevContent : prevContent + currContent;
      if (contents.length === 0 && newContent === '') continue;
      const startNextMsg =
        contents.length === 0 || (contents.at(-1) as string).length + newContent.length > MAX_MESSAGE_LENGTH;
      if (startNextMsg) contents.push('');
      contents[contents.length - 1] += newContent;
      const current = contents.at(-1) as string;

      const timeDelta = performance.now() - lastTaskTime;
      const readyToEdit = timeDelta >= EDIT_DELAY_MS;
      const msgSplitIncoming =
        finishReason === null && current.length + currContent.length > MAX_MESSAGE_LENGTH;
      const isFinalEdit = finishReason !== null || msgSplitIncoming;
      if (startNextMsg || readyToEdit || isFinalEdit) {
        const content = isFinalEdit ? current : current + STREAMING_INDICATOR;
        if (startNextMsg) {
          if (messages.length === 0) {
            await io.original.edit(content);
            messages.push(io.original);
          } else {
            messages.push(await io.followUp(content));
          }
        } else {
          await sleep(EDIT_DELAY_MS - timeDelta);
          await (messages.at(-1) as Block).edit(content);
        }
        lastTaskTime = performance.now();
      }
    }
  },
};
