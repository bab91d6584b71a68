/**
 * The times pageView.ts gives each message for the page's "Today at 2:05 PM" and "(edited)":
 * wall-clock `sent`, and `edited` only when the text changed from one text to another (a
 * "thinking…" placeholder or an empty first version turning into text is no edit).
 */
import { describe, expect, it } from 'vitest';
import type { LocalDiscord, LocalMessage } from '../../../src/localDiscord/localDiscord.js';
import { messageView } from '../../../src/playground/pageView.js';

const discord = { botUser: { id: 'bot', global_name: 'Service Bot' } } as unknown as LocalDiscord;
const version = (content: string, at: number) => ({ content, at, requestedAt: at, pinged: false });
const message = (versions: ReturnType<typeof version>[]): LocalMessage => ({
  id: '1',
  channelId: 'c',
  interactionToken: undefined,
  kind: 'user',
  authorId: 'alex',
  referenceId: undefined,
  content: versions.at(-1)?.content ?? '',
  flags: 0,
  attachments: [],
  components: [],
  allowedMentions: undefined,
  versions,
  deleted: false,
  createdAt: 100,
});
const times = (versions: ReturnType<typeof version>[]) =>
  messageView(discord, message(versions), new Map(), new Map([['alex', 'Alex']])).times;

describe('messageView times', () => {
  it('sent is the wall-clock time the message was made', () => {
    expect(times([version('hi', 100)]).sent).toBe(performance.timeOrigin + 100);
  });

  it('edited is the last change of text to other text', () => {
    expect(times([version('hi', 100)]).edited).toBeNull();
    expect(times([version('hi', 100), version('hi', 200)]).edited).toBeNull();
    expect(times([version('helo', 100), version('hello', 300), version('hello', 400)]).edited).toBe(
      performance.timeOrigin + 300,
    );
  });

  it('a placeholder (no version) or an empty first version turning into text is no edit', () => {
    expect(times([]).edited).toBeNull();
    expect(times([version('', 100), version('the answer', 200)]).edited).toBeNull();
  });
});
