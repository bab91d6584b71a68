import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askAboutPrompt } from '../../../src/chat/messageContext.js';
import { demoPieces, demoReply } from '../../../src/playground/demoReplies.js';
import { splitMessage } from '../../../src/reply/split.js';

describe('the demo service replies', () => {
  it('streams any reply in pieces of a word or two that rejoin to it exactly', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const pieces = demoPieces(text);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) expect(piece.trim().split(/\s+/).length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('shows each kind of reply: code, a list, a long answer past one message, a short one', () => {
    expect(demoReply('write some code')).toContain('```ts');
    expect(demoReply('a list please')).toMatch(/^1\. /m);
    expect(splitMessage(demoReply('tell me a long story')).length).toBeGreaterThan(1);
    expect(demoReply('hello')).toContain('"hello"');
  });

  it('answers "Ask about this message" in plain words quoting the message, not the bot\'s prompt', () => {
    const target = {
      authorName: 'Sam',
      text: 'The deploy failed again because the staging database ran out of disk space overnight',
      link: 'https://discord.com/channels/1/2/3',
      attachments: [{ name: 'log.txt', text: 'disk full' }],
    };
    const prompt = askAboutPrompt(target, 'what went wrong? explain the code', 4000);
    const answer = demoReply(prompt);
    expect(answer).not.toContain('```');
    for (const internal of ['About this message from', 'Question:', 'Attachment ', 'discord.com/channels'])
      expect(answer).not.toContain(internal);
    expect(answer).toContain('"The deploy failed again because the staging database');
    expect(answer).toContain('Sam');
    expect(splitMessage(answer)).toHaveLength(1);
    expect(demoReply(askAboutPrompt({ ...target, text: '', attachments: [] }, 'why?', 4000))).not.toMatch(
      /```|About this message|Question:/,
    );
  });
});
