/**
 * Which members' messages the bot answers without a command, decided before any await: a
 * mention, a reply to the bot, a DM, a message in a thread the bot opened (with the Message
 * Content intent); never another bot's, a system message or a webhook's, nor members talking
 * among themselves. The message is a structural stand-in of what `messageTrigger` reads.
 */
import { describe, expect, it } from 'vitest';
import { messageTrigger, type TriggerMessage } from '../../../src/chat/answerMessage.js';

const BOT = 'bot-1';

interface Shape {
  authorIsBot?: boolean;
  system?: boolean;
  webhookId?: string | null;
  inGuild?: boolean;
  mentions?: string[];
  repliedTo?: string | null;
  thread?: { ownerId: string | null } | null;
}

function message(shape: Shape = {}): TriggerMessage {
  const mentioned = new Set(shape.mentions ?? []);
  const thread = shape.thread ?? null;
  return {
    author: { bot: shape.authorIsBot ?? false },
    system: shape.system ?? false,
    webhookId: shape.webhookId ?? null,
    client: { user: { id: BOT } },
    channel: thread ? { isThread: () => true, ownerId: thread.ownerId } : { isThread: () => false },
    inGuild: () => shape.inGuild ?? true,
    mentions: {
      users: { has: (id) => mentioned.has(id) },
      repliedUser: shape.repliedTo ? { id: shape.repliedTo } : null,
    },
  };
}

describe('messages the bot answers', () => {
  it('answers a mention, a reply to the bot and any DM, saying why', () => {
    expect(messageTrigger(message({ mentions: [BOT] }), false)).toEqual({
      inDm: false,
      mentionsBot: true,
      repliesToBot: false,
      inBotThread: false,
      contentIntent: false,
    });
    expect(messageTrigger(message({ repliedTo: BOT }), false)).toMatchObject({
      repliesToBot: true,
      mentionsBot: false,
    });
    expect(messageTrigger(message({ inGuild: false }), false)).toMatchObject({
      inDm: true,
      mentionsBot: false,
    });
  });

  it("ignores members talking among themselves: no mention of the bot, a reply to someone else, another member's mention", () => {
    expect(messageTrigger(message(), true)).toBeUndefined();
    expect(messageTrigger(message({ repliedTo: 'member-2', mentions: ['member-2'] }), true)).toBeUndefined();
  });

  it('never answers another bot, a system message or a webhook, even when they mention it or come in a DM', () => {
    expect(messageTrigger(message({ authorIsBot: true, mentions: [BOT] }), true)).toBeUndefined();
    expect(messageTrigger(message({ authorIsBot: true, inGuild: false }), true)).toBeUndefined();
    expect(messageTrigger(message({ system: true, mentions: [BOT] }), true)).toBeUndefined();
    expect(messageTrigger(message({ webhookId: 'hook-1', repliedTo: BOT }), true)).toBeUndefined();
  });

  it("answers a plain message in a thread the bot opened only with the Message Content intent, never in someone else's thread", () => {
    const inBotThread = message({ thread: { ownerId: BOT } });
    expect(messageTrigger(inBotThread, true)).toMatchObject({ inBotThread: true, contentIntent: true });
    expect(messageTrigger(inBotThread, false)).toBeUndefined();
    expect(messageTrigger(message({ thread: { ownerId: 'member-2' } }), true)).toBeUndefined();
    expect(messageTrigger(message({ thread: { ownerId: null } }), true)).toBeUndefined();
  });
});
