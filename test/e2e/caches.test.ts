/**
 * The bot's bounded discord.js caches (src/discord/caches.ts), end to end: the member messages
 * not meant for the bot leave nothing cached (messages, authors, members; nor the members a
 * server's GUILD_CREATE lists), while everything the bot reads still works: the author's and the
 * mentioned members' nicknames, a reply to one of its messages, a mention in a thread it opened,
 * a DM, and the permission check with its own member.
 */
import type { TextChannel } from 'discord.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DM_CHANNEL_IDLE_MS, sweepIdleDmChannels } from '../../src/discord/caches.js';
import { CANNOT_ANSWER_HERE } from '../../src/events/answerMessage.js';
import { type LocalMessage, type LocalUser, PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { useHarness } from '../helpers/e2e.js';
import { PLAIN_REPLIES, settled, waitForIdle } from '../helpers/harness.js';

const { h, freshChannel, ask } = useHarness({
  // Three members in the server's GUILD_CREATE besides the bot (as with the presence intent).
  discord: { channelCount: 8, membersPerGuild: 3 },
  guildConfig: PLAIN_REPLIES,
});
let ann: LocalUser;
let bob: LocalUser;
let cat: LocalUser;
beforeAll(() => {
  ann = h.discord.user('ann', 'Ann');
  bob = h.discord.user('bob', 'Bob');
  cat = h.discord.user('cat', 'Cat');
});

const client = () => h.running.bot.client;
const botId = () => h.discord.botUser.id;
const botMention = () => `<@${botId()}>`;
/** The next turn of the event loop, when the users and members of handled events are dropped. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The bot's log lines, parsed. */
const logLines = () => h.logs.map((line) => JSON.parse(line) as { msg: string; [key: string]: unknown });

/** The bot's finished reply to a member's message (its texts), once the bot is idle again. */
async function replyToMessage(message: LocalMessage): Promise<string[]> {
  await h.discord.waitFor(
    () => {
      const last = h.discord.replyTo(message).at(-1)?.content;
      return last !== undefined && !last.endsWith(STREAMING_CURSOR) && !last.startsWith('⏳');
    },
    10_000,
    `the bot's reply to "${message.content}"`,
  );
  await waitForIdle(h);
  return h.discord.replyTo(message).map((m) => m.content);
}

/** Members talking among themselves in `channels`, mentioning each other, with nicknames. */
async function chatter(channels: string[], count: number): Promise<void> {
  const members = [ann, bob, cat];
  let last: LocalMessage | undefined;
  for (let i = 0; i < count; i += 1) {
    const author = members[i % 3] as LocalUser;
    const other = members[(i + 1) % 3] as LocalUser;
    last = h.discord.sendMessage({
      channelId: channels[i % channels.length] as string,
      user: author,
      nick: `${author.username}-nick`,
      content: `chatting ${i} with <@${other.id}>`,
      nicks: { [other.id]: `${other.username}-nick` },
    });
  }
  if (last) await settled(h, last.id);
  await nextTurn();
}

/** What the client caches besides guilds, channels and roles. */
function cached(channels: string[]) {
  const guild = client().guilds.cache.get(h.discord.guildId);
  return {
    messages: channels.map((id) => (client().channels.cache.get(id) as TextChannel).messages.cache.size),
    users: [...client().users.cache.keys()],
    members: [...(guild?.members.cache.keys() ?? [])],
    me: guild?.members.me?.id,
  };
}

describe('bounded caches', () => {
  it('keeps no message, author or member of the messages not meant for the bot; only its own', async () => {
    const channels = [freshChannel(), freshChannel()];
    await chatter(channels, 300);
    expect(cached(channels)).toEqual({
      messages: [0, 0],
      users: [botId()],
      members: [botId()],
      me: botId(),
    });
    // Channels, roles and overwrites stay whole: the bot's permissions are known.
    const channel = client().channels.cache.get(channels[0] as string) as TextChannel;
    expect(channel.permissionsFor(botId())?.has('SendMessages')).toBe(true);
  });

  it('still answers with the nicknames of the author and of the members mentioned', async () => {
    const channelId = freshChannel();
    await chatter([channelId], 20);
    const question = h.discord.sendMessage({
      channelId,
      user: ann,
      nick: 'Annie',
      content: `${botMention()} say hi to <@${bob.id}> and <@${cat.id}>`,
      nicks: { [bob.id]: 'Bobby' },
    });
    expect(await replyToMessage(question)).toEqual(['Echo: Annie: say hi to @Bobby and @Cat']);
    await nextTurn();
    expect(cached([channelId])).toMatchObject({ messages: [0], users: [botId()], members: [botId()] });
  });

  it('answers a reply to its message (nothing cached to look it up in)', async () => {
    const channelId = freshChannel();
    const first = h.discord.sendMessage({ channelId, user: bob, content: `${botMention()} hello` });
    expect(await replyToMessage(first)).toEqual(['Echo: Bob: hello']);
    await chatter([channelId], 50);
    const botReply = h.discord.replyTo(first)[0] as LocalMessage;
    const reply = h.discord.sendMessage({ channelId, user: bob, content: 'and then?', replyTo: botReply });
    expect(await replyToMessage(reply)).toEqual(['Echo: Bob: and then?']);
    // A reply that does not ping the bot is left alone, as before.
    const silent = h.discord.sendMessage({
      channelId,
      user: bob,
      content: 'never mind',
      replyTo: botReply,
      replyPing: false,
    });
    await settled(h, silent.id);
    expect(h.discord.replyTo(silent)).toEqual([]);
  });

  it('answers a mention in a thread it opened, and a DM', async () => {
    const channelId = freshChannel();
    const opened = ask({ prompt: 'open a thread', thread: true }, { channelId, user: ann });
    await settled(h, opened.id);
    await waitForIdle(h);
    const thread = h.discord.threads().find((entry) => entry.parentId === channelId);
    expect(thread).toBeDefined();
    await chatter([thread?.id as string, channelId], 50);
    const inThread = h.discord.sendMessage({
      channelId: thread?.id as string,
      user: cat,
      content: `${botMention()} in the thread`,
    });
    expect(await replyToMessage(inThread)).toEqual(['Echo: Cat: in the thread']);
    const dm = h.discord.sendMessage({ dm: true, user: cat, content: 'hello in private' });
    expect((await replyToMessage(dm))[0]).toMatch(/^Echo: Cat: hello in private/);
  });

  it('drops DM channels idle for two hours; a later DM brings its channel back and is answered', async () => {
    const first = h.discord.sendMessage({ dm: true, user: bob, content: 'first in private' });
    expect((await replyToMessage(first))[0]).toMatch(/^Echo: Bob: first in private/);
    const dmChannel = h.discord.dmChannelOf(bob);
    expect(client().channels.cache.has(dmChannel)).toBe(true);
    expect(sweepIdleDmChannels(client(), Date.now())).toBe(0);
    // Each person has their own DM: Bob's, and any other DM an earlier test opened, all idle by then.
    const dms = client().channels.cache.filter((channel) => channel.isDMBased()).size;
    expect(dms).toBeGreaterThanOrEqual(1);
    expect(sweepIdleDmChannels(client(), Date.now() + DM_CHANNEL_IDLE_MS + 60_000)).toBe(dms);
    expect(client().channels.cache.has(dmChannel)).toBe(false);
    const again = h.discord.sendMessage({ dm: true, user: bob, content: 'back again' });
    expect((await replyToMessage(again)).at(-1)).toMatch(/^Echo: .*back again/);
    expect(client().channels.cache.has(dmChannel)).toBe(true);
  });

  it('checks its permissions with its own member: where it may not post it stays silent', async () => {
    const channelId = freshChannel();
    h.discord.withholdPermissions(channelId, PERMISSIONS.sendMessages);
    await chatter([channelId], 20);
    const before = h.service.chatRequests().length;
    const question = h.discord.sendMessage({ channelId, user: ann, content: `${botMention()} there?` });
    await settled(h, question.id);
    expect(h.service.chatRequests()).toHaveLength(before);
    expect(
      logLines().filter((line) => line.msg === CANNOT_ANSWER_HERE && line.messageId === question.id),
    ).toMatchObject([{ channelId, missing: ['SendMessages'] }]);
  });
});
