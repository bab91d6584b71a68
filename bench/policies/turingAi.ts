/**
 * TuringAI-like: a fixed 2.5 s interval per reply.
 *
 * Reproduces the partial-message loop of TuringAI's ChatGPT bot (github.com/TuringAI-Team/
 * chatgpt-discord-bot, src/conversation/generator.ts, read at commit 2120831 of 2023-09-04):
 * `updateTime = premium ? 2500 : 5000` (the premium 2.5 s here); a `setInterval` started before
 * the request is sent shows the latest generated text on each tick (nothing while there is none
 * yet): the first tick that has text sends the reply (guarded by `queued` while it is sent), later
 * ticks edit it; the text in progress ends with " **...** " and the loading emoji. When the
 * generation ends the interval is cleared, it waits while the first send is still queued, and
 * edits the final text at once.
 *
 * Adapted to this benchmark: the first message is the interaction's original response (deferred
 * by the runner); past 2,000 characters the original sends the whole text as a .txt attachment,
 * here (like the other policies, so that every reply ends with the same exact text) it continues
 * in follow-ups cut every 2,000 characters less the indicator. A tick writes each message whose
 * content changed, in order; ticks and the final write are chained so the final text is written
 * last (the original's single message gets this from discord.js's per-route queue).
 */
import { type Block, MESSAGE_LIMIT, type Policy } from './policy.js';

const UPDATE_TIME_MS = 2500;
const PENDING = ' **...** <a:loading:1051419341914132554>';
const PART_LENGTH = MESSAGE_LIMIT - PENDING.length;

export const turingAi: Policy = {
  name: 'TuringAI-like',
  indicator: PENDING,
  async reply(io) {
    const blocks: Block[] = [];
    const shown: string[] = [];
    let chain: Promise<void> = Promise.resolve();

    const write = async (text: string, pending: boolean) => {
      const parts: string[] = [];
      for (let at = 0; at < text.length || parts.length === 0; at += PART_LENGTH) {
        parts.push(text.slice(at, at + PART_LENGTH));
      }
      for (const [index, part] of parts.entries()) {
        const content = pending && index === parts.length - 1 ? part + PENDING : part;
        if (shown[index] === content) continue;
        const block = blocks[index];
        if (block) {
          await block.edit(content);
        } else if (index === 0) {
          await io.original.edit(content);
          blocks.push(io.original);
        } else {
          blocks.push(await io.followUp(content));
        }
        shown[index] = content;
      }
    };
    const render = (text: string, pending: boolean) => {
      chain = chain.then(() => write(text, pending)).catch(() => {});
      return chain;
    };

    let data: string | null = null;
    let replied = false;
    let queued = false;
    const updateTimer = setInterval(async () => {
      if (data === null) return;
      if (!replied && !queued) {
        queued = true;
        try {
          await render(data, true);
          replied = true;
        } finally {
          queued = false;
        }
      } else if (replied && !queued) {
        await render(data, true);
      }
    }, UPDATE_TIME_MS);

    let text = '';
    try {
      for await (const delta of io.deltas) {
        text += delta.content;
        data = text;
      }
    } finally {
      clearInterval(updateTimer);
    }
    while (queued) await new Promise((resolve) => setTimeout(resolve, 500));
    await render(text, false);
  },
};
