/**
 * The app installed to a member's own account, through the real bot and the local Discord: the
 * commands registered for both installs and every context (and guild install only with
 * USER_INSTALL=false), a group DM and a server that did not add the bot, where the bot answers
 * through the interaction alone (no channel route is ever called with its token, no gateway event
 * but the interactions reach it, each routed to the shard Discord would route it to), remembers
 * the channel from its own exchanges, keeps a member's forced-private exchanges to themselves,
 * posts images as links without Attach Files, and in its own DM goes on with the bot token past
 * Discord's 5 follow-ups.
 */
import { describe, expect, it } from 'vitest';
import { sweepIdleDmChannels } from '../../src/discord/caches.js';
import { MEMBER_PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { openGroupDm, openServerWithoutBot } from '../../src/localDiscord/places.js';
import { installOf, USE_EXTERNAL_APPS } from '../../src/localDiscord/userInstall.js';
import { V2_LIMITS } from '../../src/reply/layout.js';
import { withoutQuestionHead } from '../../src/reply/quote.js';
import { splitMessage } from '../../src/reply/split.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { type Harness, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

/** REST requests the bot made on channel routes (its token) since `from` in the request log. */
const channelRoutes = (h: Harness, from: number) =>
  h.discord.requestLog.slice(from).filter((entry) => entry.route.startsWith('/channels/'));

/** Where Discord delivered an interaction: a gateway shard, or the interactions endpoint (HTTP transport). */
const deliveredOf = (h: Harness, id: string) =>
  h.discord.deliveries
    .filter((delivery) => delivery.id === id)
    .map((delivery) => (delivery.transport === 'http' ? 'endpoint' : delivery.shard));

const footer = (text: string | undefined) => text?.includes('💰') ?? false;

describe('a user-installed app: group DMs, servers without the bot, the bot’s DM', () => {
  const { h, ask, ephemeralText } = useHarness({
    discord: { shards: 2, maxConcurrency: 2, channelCount: 4 },
  });
  const people = () => ({
    alex: h.discord.user('alex', 'Alex'),
    sam: h.discord.user('sam', 'Sam'),
    kim: h.discord.user('kim', 'Kim'),
  });

  it('registers /ask, /imagine and /reset for both installs and every context, the admin commands for servers', () => {
    const registered = new Map(
      (h.discord.commands.get('global') ?? []).map((command) => [command.name, command]),
    );
    for (const name of ['ask', 'imagine', 'reset']) {
      expect(registered.get(name)).toMatchObject({ integration_types: [0, 1], contexts: [0, 1, 2] });
    }
    for (const name of ['config', 'budget', 'usage', 'system']) {
      expect(registered.get(name)).toMatchObject({ integration_types: [0], contexts: [0] });
    }
  });

  it('the registration route refuses install fields Discord would refuse', async () => {
    const put = (command: Record<string, unknown>) =>
      fetch(`${h.discord.apiUrl}/v10/applications/${h.discord.applicationId}/guilds/1/commands`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bot ${h.discord.botToken}` },
        body: JSON.stringify([{ name: 'x', description: 'x', ...command }]),
      });
    for (const bad of [
      { integration_types: [2] },
      { integration_types: [] },
      { contexts: [0, 0] },
      { contexts: [3] },
      { contexts: 'everywhere' },
    ]) {
      const answer = await put(bad);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: number }).code).toBe(50035);
    }
    expect((await put({ integration_types: [0, 1], contexts: [0, 1, 2] })).status).toBe(200);
    expect((await put({ integration_types: null, contexts: null })).status).toBe(200);
  });

  it('/ask in a group DM: through the interaction only, on shard 0, remembering the group’s own exchanges', async () => {
    const { alex, sam, kim } = people();
    const group = openGroupDm(h.discord, [alex, sam, kim]);
    expect(group).toMatchObject({ type: 3, name: 'Alex, Sam, Kim' });
    const from = h.discord.requestLog.length;
    h.service.enqueue({ text: 'Paris.' });
    const first = ask({ prompt: 'capital of France?' }, { channelId: group.id, user: alex });
    const [answer] = await waitForReply(h, first, ([text]) => footer(text));
    expect(answer?.startsWith('Paris.')).toBe(true);
    // Discord's fields: a private channel, the member's install only, its app permissions there.
    expect(installOf(h.discord, first.token)).toMatchObject({ context: 2, owners: { '1': alex.id } });
    expect(installOf(h.discord, first.token)?.owners).not.toHaveProperty('0');
    expect(deliveredOf(h, first.id)).toEqual([h.transport === 'http' ? 'endpoint' : [0, 2]]);
    await waitForIdle(h);

    h.service.enqueue({ text: 'About two million.' });
    const second = ask({ prompt: 'and its population?' }, { channelId: group.id, user: sam });
    await waitForReply(h, second, ([text]) => footer(text));
    await waitForIdle(h);
    const sent = h.service.chatRequests().at(-1)?.body.messages as { role: string; content: string }[];
    expect(sent.map((message) => `${message.role} ${message.content}`)).toEqual([
      'user Alex: capital of France?',
      'assistant Paris.',
      'user Sam: and its population?',
    ]);
    // The bot never reads or writes the channel with its token, and no message there reaches it.
    expect(channelRoutes(h, from)).toEqual([]);
    const message = h.discord.sendMessage({ channelId: group.id, user: kim, content: 'hi bot' });
    expect(h.discord.deliveries.some((delivery) => delivery.id === message.id)).toBe(false);
    // Kim may reset the group's conversation (nobody moderates a group DM); announced to all.
    const reset = h.discord.sendCommand({ name: 'reset', channelId: group.id, user: kim });
    const [said] = await waitForReply(h, reset, ([text]) => text?.startsWith('🧹') ?? false);
    expect(said).toContain('Kim reset');
    expect(h.discord.replyMessages(reset)[0]?.flags ?? 0).toBe(0);
    expect((await h.running.bot.capabilities.conversations.load(group.id)).turns).toEqual([]);
    expect(channelRoutes(h, from)).toEqual([]);
    // discord.js cached the group DM from the interactions: the DM sweep drops it (caches.ts).
    const cache = h.running.bot.client.channels.cache;
    expect(cache.has(group.id)).toBe(true);
    sweepIdleDmChannels(h.running.bot.client, Date.now());
    expect(cache.has(group.id)).toBe(false);
  });

  it('/ask in a server without the bot: its guild’s shard, no GUILD_CREATE, no channel route, no thread', async () => {
    const { alex } = people();
    const friends = openServerWithoutBot(h.discord, { channelNames: ['general'], shard: 1 });
    const channelId = friends.channelIds[0] as string;
    const from = h.discord.requestLog.length;
    const interaction = ask({ prompt: 'hello there' }, { channelId, user: alex });
    await waitForReply(h, interaction, ([text]) => footer(text));
    await waitForIdle(h);
    expect(deliveredOf(h, interaction.id)).toEqual([h.transport === 'http' ? 'endpoint' : [1, 2]]);
    expect(installOf(h.discord, interaction.token)).toMatchObject({ context: 0, owners: { '1': alex.id } });
    expect(h.running.bot.client.guilds.cache.has(friends.guildId)).toBe(false);
    expect((h.discord.replyMessages(interaction)[0]?.flags ?? 0) & 64).toBe(0);
    const thread = ask({ prompt: 'in a thread', thread: true }, { channelId, user: alex });
    expect(await ephemeralText(thread)).toMatch(/^Threads can only be opened where the server added the bot/);
    expect(channelRoutes(h, from)).toEqual([]);
    // Channel routes with the bot token are refused there, as Discord refuses them.
    const answer = await fetch(`${h.discord.apiUrl}/v10/channels/${channelId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bot ${h.discord.botToken}` },
      body: JSON.stringify({ content: 'x' }),
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { code: number }).code).toBe(50001);
  });

  it('Discord makes the replies private without Use External Apps: the member’s exchanges stay out of the channel’s memory', async () => {
    const { alex, kim } = people();
    const friends = openServerWithoutBot(h.discord, { channelNames: ['general'] });
    const channelId = friends.channelIds[0] as string;
    expect(BigInt(MEMBER_PERMISSIONS) & USE_EXTERNAL_APPS).toBe(0n);
    // Two messages: Discord makes the follow-up private too (the bot asks that of the first only).
    h.service.enqueue({ text: `A secret answer. ${'and more '.repeat(600)}` });
    const hidden = ask(
      { prompt: 'my secret question' },
      { channelId, user: kim, permissions: MEMBER_PERMISSIONS },
    );
    await waitForReply(h, hidden, (texts) => footer(texts.at(-1)));
    await waitForIdle(h);
    const messages = h.discord.replyMessages(hidden);
    expect(messages).toHaveLength(2);
    expect(messages.map((message) => message.flags & 64)).toEqual([64, 64]);
    expect(installOf(h.discord, hidden.token)?.forcedPrivate).toBe(true);
    const conversations = h.running.bot.capabilities.conversations;
    expect((await conversations.load(`${channelId}-only-${kim.id}`)).turns).toHaveLength(2);
    expect((await conversations.load(channelId)).turns).toEqual([]);
    // Alex, who may get public replies there, asks in the same channel: Kim's words are not sent.
    const open = ask({ prompt: 'anything new?' }, { channelId, user: alex });
    await waitForReply(h, open, ([text]) => footer(text));
    await waitForIdle(h);
    expect((h.discord.replyMessages(open)[0]?.flags ?? 0) & 64).toBe(0);
    expect(JSON.stringify(h.service.chatRequests().at(-1)?.body.messages)).not.toContain('secret');
  });

  it('/imagine without Attach Files posts the service’s links (nothing downloaded); with it, files', async () => {
    const { alex, sam } = people();
    const group = openGroupDm(h.discord, [alex, sam]);
    const downloads = h.service.cdnRequests.length;
    h.service.enqueueImages({});
    const links = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a red fox', n: 2 },
      channelId: group.id,
      user: alex,
      appPermissions: 0n,
    });
    const [text] = await waitForReply(h, links, ([t]) => t?.includes('service-image-v1') ?? false);
    expect(text).toContain('these are the service’s links');
    expect(text?.match(/https?:\/\/\S+/g)).toHaveLength(2);
    expect(h.discord.replyMessages(links)[0]?.attachments).toEqual([]);
    expect(h.service.cdnRequests.length).toBe(downloads);
    // waitForIdle follows chat replies only: the member's next /imagine waits for this one's end.
    await settled(h, links.id);
    h.service.enqueueImages({});
    const files = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a blue fox' },
      channelId: group.id,
      user: alex,
    });
    await waitForReply(h, files, ([t]) => t?.includes('service-image-v1') ?? false);
    expect(h.discord.replyMessages(files)[0]?.attachments.map((file) => file.filename)).toEqual([
      'image-1.png',
    ]);
  });

  it('in its own DM, installed to the member only: past Discord’s 5 follow-ups the reply goes on with the bot token', async () => {
    const { alex } = people();
    const text = Array.from(
      { length: 32 },
      (_, i) => `Part ${i}: ${'words and more words '.repeat(40)}`,
    ).join('\n\n');
    const pieces = splitMessage(text, V2_LIMITS.text);
    expect(pieces.length).toBeGreaterThan(6);
    h.service.enqueue({ text, chunks: 20 });
    const started = performance.now();
    const interaction = ask({ prompt: 'a long one' }, { dm: true, install: 'user', user: alex });
    expect(installOf(h.discord, interaction.token)).toMatchObject({ context: 1, owners: { '1': alex.id } });
    const botMessages = () =>
      h.discord
        .channelMessages(h.discord.dmChannelOf(alex))
        .filter((message) => message.authorId === h.discord.botUser.id && message.createdAt >= started);
    await h.discord.waitFor(() => botMessages().some((message) => message.content.includes('💰')), 15_000);
    await waitForIdle(h);
    expect(interaction.followUpIds).toHaveLength(5);
    expect(botMessages().filter((message) => message.kind === 'channel').length).toBeGreaterThan(0);
    const shown = botMessages().map((message) => message.content);
    shown[0] = withoutQuestionHead(shown[0] ?? '');
    const answer = shown.join('');
    expect(answer.slice(0, text.length)).toBe(text);
    // No follow-up was ever refused: the bot counted them.
    const tokenRoutes = h.discord.requestLog.filter((entry) => entry.route.includes(interaction.token));
    expect(tokenRoutes.filter((entry) => entry.status !== 200 && entry.status !== 204)).toEqual([]);
  });
});

describe('USER_INSTALL=false', () => {
  const { h, ask, ephemeralText } = useHarness({ env: { USER_INSTALL: 'false' } });

  it('registers guild install only, and a change of the setting registers anew', async () => {
    const registered = h.discord.commands.get('global') ?? [];
    for (const command of registered) expect(command.integration_types).toEqual([0]);
    expect(registered.find((command) => command.name === 'ask')?.contexts).toEqual([0, 1]);
    const writes = h.discord.commandWrites.length;
    await h.restart(() => Object.assign(h.config, { userInstall: true }));
    expect(h.discord.commandWrites.length).toBe(writes + 1);
    const ask2 = (h.discord.commands.get('global') ?? []).find((command) => command.name === 'ask');
    expect(ask2).toMatchObject({ integration_types: [0, 1], contexts: [0, 1, 2] });
    await h.restart(() => Object.assign(h.config, { userInstall: false }));
    expect(h.discord.commandWrites.length).toBe(writes + 2);
  });

  it('a member whose earlier install still sends commands is told privately, and nothing reaches the service', async () => {
    const alex = h.discord.user('alex', 'Alex');
    const group = openGroupDm(h.discord, [alex, h.discord.user('sam', 'Sam')]);
    const chats = h.service.chatRequests().length;
    expect(await ephemeralText(ask({ prompt: 'hi' }, { channelId: group.id, user: alex }))).toBe(
      english.t('errors.userInstallOff'),
    );
    const imagine = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'x' },
      channelId: group.id,
      user: alex,
    });
    expect(await ephemeralText(imagine)).toBe(english.t('errors.userInstallOff'));
    expect(h.service.chatRequests()).toHaveLength(chats);
    expect(h.service.imageRequests()).toHaveLength(0);
  });
});
