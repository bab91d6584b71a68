import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/lib/clock.js';
import { lastMessage, overflowNote, REST_FILE_NAME, REST_FILE_TYPE } from '../../../src/reply/overflow.js';
import { FollowUpLimitReached, type ReplyFile, type ReplySink } from '../../../src/reply/sink.js';
import { NOTHING_OPEN, pieceText, splitMessage } from '../../../src/reply/split.js';
import { createStreamRenderer } from '../../../src/reply/streamRenderer.js';
import { english } from '../../helpers/english.js';

const NOTE = '-# context 12 % · 💰 USD 0.0004';

/** A sink with Discord's follow-up limit: `limit` follow-ups, and `refuseAt` refused with 40094. */
function limitedSink(limit: number, options: { attach?: boolean; refuseAt?: number } = {}) {
  const messages: { content: string; files: readonly ReplyFile[] }[] = [];
  let posted = 0;
  const sink: ReplySink = {
    attachFiles: options.attach ?? true,
    followUpsLeft: () => limit - posted,
    editOriginal: async (content, _components, files) => {
      messages[0] = { content, files: files ?? messages[0]?.files ?? [] };
      return '0';
    },
    sendFollowUp: async (content, _components, files) => {
      if (posted >= limit || posted + 1 === options.refuseAt) {
        posted = limit;
        throw new FollowUpLimitReached(limit);
      }
      posted += 1;
      messages[posted] = { content, files: files ?? [] };
      return String(posted);
    },
    editFollowUp: async (id, content, _components, files) => {
      const index = Number(id);
      messages[index] = { content, files: files ?? messages[index]?.files ?? [] };
    },
    refuse: async () => {},
  };
  return { sink, messages };
}

/** The reply as members read it: the messages' text before the overflow note, then the file. */
function readBack(messages: readonly { content: string; files: readonly ReplyFile[] }[]) {
  const last = messages.at(-1)?.content ?? '';
  const cut = last.indexOf('-# ✂️');
  const texts = [
    ...messages.slice(0, -1).map((message) => message.content),
    cut === -1 ? last : last.slice(0, cut),
  ];
  const file = messages.at(-1)?.files.find((entry) => entry.name === REST_FILE_NAME);
  return {
    shown: texts.join(''),
    rest: file?.data.toString('utf8') ?? '',
    note: cut === -1 ? '' : last.slice(cut),
  };
}

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(20)}`).join(
    '\n\n',
  );

describe('the last message of a reply with no follow-up left', () => {
  it('keeps what fits with the notes, and gives the exact rest for the file', () => {
    const text = paragraphs(6);
    const last = lastMessage(text, 0, NOTHING_OPEN, NOTE, 2000, true, english);
    expect(last.content.length).toBeLessThanOrEqual(2000);
    expect(last.content.endsWith(NOTE)).toBe(true);
    expect(last.content).toContain(overflowNote(english, last.rest.length, true));
    const shown = last.content.slice(0, last.content.indexOf('-# ✂️'));
    expect(shown + last.rest).toBe(text);
    expect(last.files).toEqual([
      { name: REST_FILE_NAME, data: Buffer.from(last.rest, 'utf8'), contentType: REST_FILE_TYPE },
    ]);
  });

  it('without Attach Files says how much is cut, and has no file', () => {
    const text = paragraphs(6);
    const last = lastMessage(text, 0, NOTHING_OPEN, NOTE, 2000, false, english);
    expect(last.files).toEqual([]);
    expect(last.content).toContain(`Cut here: ${last.rest.length.toLocaleString('en-US')} more characters`);
  });

  it('closes a code block it cuts, and the file holds the rest as written', () => {
    const code = Array.from({ length: 200 }, (_, i) => `const line${i} = ${i};`).join('\n');
    const text = `Here:\n\n\`\`\`ts\n${code}\n\`\`\`\nDone.`;
    const last = lastMessage(text, 0, NOTHING_OPEN, NOTE, 2000, true, english);
    const shown = last.content.slice(0, last.content.indexOf('-# ✂️'));
    expect(shown.trimEnd().endsWith('```')).toBe(true);
    expect(text.startsWith(shown.trimEnd().slice(0, -3).trimEnd())).toBe(true);
    expect(text.endsWith(last.rest)).toBe(true);
  });

  it('is the whole rest when it fits with the notes', () => {
    const last = lastMessage('short', 0, NOTHING_OPEN, NOTE, 2000, true, english);
    expect(last).toEqual({ content: `short\n\n${NOTE}`, rest: '', files: [] });
  });
});

const rendererOn = (sink: Parameters<typeof createStreamRenderer>[0]) =>
  createStreamRenderer(sink, { intervalMs: 1, clock: systemClock, voice: english });

/** Streams `text` into `sink` in pieces of 500 characters, 2 ms apart, then ends with NOTE. */
async function streamInto(sink: Parameters<typeof createStreamRenderer>[0], text: string): Promise<void> {
  const renderer = rendererOn(sink);
  for (let i = 0; i < text.length; i += 500) {
    renderer.push(text.slice(i, i + 500));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await renderer.finish(NOTE);
}

describe('a streamed reply under the follow-up limit', () => {
  it('uses at most 1 + 5 messages, the last with the notes and the exact rest as a file', async () => {
    const text = paragraphs(20);
    expect(splitMessage(text).length).toBeGreaterThan(6);
    const discord = limitedSink(5);
    await streamInto(discord.sink, text);
    expect(discord.messages).toHaveLength(6);
    expect(discord.messages.every((message) => message.content.length <= 2000)).toBe(true);
    const { shown, rest, note } = readBack(discord.messages);
    expect(shown + rest).toBe(text);
    expect(note.endsWith(NOTE)).toBe(true);
    // The messages before the last are exactly as an unlimited reply cuts them.
    expect(discord.messages.slice(0, 5).map((message) => message.content)).toEqual(
      splitMessage(text).slice(0, 5).map(pieceText),
    );
  });

  it('a follow-up Discord refuses (40094) makes the one before it the last', async () => {
    const text = paragraphs(20);
    const discord = limitedSink(5, { refuseAt: 3 });
    await streamInto(discord.sink, text);
    expect(discord.messages).toHaveLength(3);
    const { shown, rest } = readBack(discord.messages);
    expect(shown + rest).toBe(text);
  });

  it('a reply that fits is written as usual, without a note about the rest', async () => {
    const text = paragraphs(3);
    const discord = limitedSink(5);
    const renderer = rendererOn(discord.sink);
    renderer.push(text);
    await renderer.finish(NOTE);
    expect(discord.messages.map((message) => message.content)).toEqual(
      splitMessage(`${text}\n\n${NOTE}`).map(pieceText),
    );
    expect(discord.messages.flatMap((message) => message.files)).toEqual([]);
  });
});
