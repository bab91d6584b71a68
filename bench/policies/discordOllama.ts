/**
 * discord-ollama-like: an edit per chunk received.
 *
 * Reproduces `normalMessage` in src/utils/messageNormal.ts of discord-ollama
 * (github.com/kevinthedang/discord-ollama, read at commit 32137da of 2025-10-04), streaming branch:
 * for each chunk, in order:
 * - if the message's text plus the chunk would pass 2,000 characters, the text restarts with the
 *   chunk and a new message "Creating new stream block..." is posted and awaited (the chunk shows
 *   with the next edit);
 * - otherwise the chunk is appended and, once the text is longer than 5 characters, the message
 *   is edited with it: `messageBlock.edit(result)`, *not awaited*, so every chunk queues an edit
 *   in discord.js's REST queue for the route, which drains at Discord's rate limit (here 5 per
 *   2 s), each edit carrying the text of its moment. The last edit carries the whole text.
 *
 * Adapted to this benchmark: the first message is the interaction's original response, deferred
 * by the runner (the original posts "Generating Response . . ." to the channel first); the
 * follow-up blocks are interaction follow-ups (the original posts channel messages). Its REST
 * queue is the same library's (@discordjs/rest), so the queueing is the original's.
 */
import { type Block, MESSAGE_LIMIT, type Policy } from './policy.js';

export const discordOllama: Policy = {
  name: 'discord-ollama-like',
  indicator: '',
  async reply(io) {
    let result = '';
    let messageBlock: Block = io.original;
    for await (const portion of io.deltas) {
      if (result.length + portion.content.length > MESSAGE_LIMIT) {
        result = portion.content;
        messageBlock = await io.followUp('Creating new stream block...');
      } else {
        result += portion.content;
        // Not awaited, as in the original; a failed edit (e.g. cancelled at the end of the run)
        // must not end the process.
        if (result.length > 5) messageBlock.edit(result).catch(() => {});
      }
    }
  },
};
