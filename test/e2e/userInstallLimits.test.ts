/**
 * Discord's limits where the app works only as installed to the member, end to end: at most 5
 * follow-ups per interaction (a long reply ends with the exact rest as a .md file, or cut with a
 * note without Attach Files; a 40094 from Discord counts as the limit reached), nothing after the
 * 15-minute token (a reply still running ends before it, with a note, charged for what the
 * service did), and who pays: the member's own ledger scopes under the DM cap, shown apart by
 * `npm run usage`.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type LocalInteraction, PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { EVERYONE_PERMISSIONS } from '../../src/localDiscord/model.js';
import { openGroupDm, openServerWithoutBot } from '../../src/localDiscord/places.js';
import { REST_FILE_NAME, REST_FILE_TYPE } from '../../src/reply/overflow.js';
import { withoutQuestionHead } from '../../src/reply/quote.js';
import { useHarness } from '../helpers/e2e.js';
import { type Harness, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const today = () => new Date().toISOString().slice(0, 10);

/** About 30,000 characters in paragraphs: more than 6 V2 messages of 4,000. */
const LONG = Array.from(
  { length: 60 },
  (_, i) => `Paragraph ${i}: ${'the quick brown fox jumps '.repeat(19)}`,
).join('\n\n');

/** What a long reply shows: its messages' text (the question and the notes left out), and the file. */
function shownReply(h: Harness, interaction: LocalInteraction) {
  const messages = h.discord.replyMessages(interaction);
  const texts = messages.map((message) => message.content);
  texts[0] = withoutQuestionHead(texts[0] ?? '');
  const last = texts.at(-1) ?? '';
  const cut = last.indexOf('-# ✂️');
  texts[texts.length - 1] = cut === -1 ? last : last.slice(0, cut);
  const file = messages.at(-1)?.attachments.find((attachment) => attachment.filename === REST_FILE_NAME);
  return { messages, shown: texts.join(''), note: cut === -1 ? '' : last.slice(cut), file };
}

describe('5 follow-ups per interaction where the app is installed to the member only', () => {
  const { h, ask } = useHarness();
  const done = (interaction: LocalInteraction) =>
    waitForReply(h, interaction, (texts) => texts.at(-1)?.includes('💰') ?? false, 15_000);

  it('a long reply fits in 6 messages and ends with the exact rest as a .md file', async () => {
    const alex = h.discord.user('alex', 'Alex');
    const group = openGroupDm(h.discord, [alex, h.discord.user('sam', 'Sam')]);
    h.service.enqueue({ text: LONG, chunks: 60 });
    const interaction = ask({ prompt: 'tell me everything' }, { channelId: group.id, user: alex });
    await done(interaction);
    await waitForIdle(h);
    expect(interaction.followUpIds).toHaveLength(5);
    const { messages, shown, note, file } = shownReply(h, interaction);
    expect(messages).toHaveLength(6);
    expect(messages.every((message) => message.content.length <= 4000)).toBe(true);
    expect(file).toBeDefined();
    expect(shown + (file?.data.toString('utf8') ?? '')).toBe(LONG);
    expect(note).toContain(
      `Continued in the attached ${REST_FILE_NAME} (${(file?.data.length ?? 0).toLocaleString('en-US')} more characters)`,
    );
    expect(note).toContain('💰');
    // Discord never had to refuse a follow-up: the bot counted them.
    expect(h.discord.requestLog.filter((entry) => entry.status === 400)).toEqual([]);
    // The whole reply is remembered.
    const turns = (await h.running.bot.capabilities.conversations.load(group.id)).turns;
    expect(turns.at(-1)?.content).toBe(LONG);
  });

  it('the file is uploaded as text/markdown, also when the rest starts like an SVG image', async () => {
    const alex = h.discord.user('alex4', 'Alex');
    const group = openGroupDm(h.discord, [alex, h.discord.user('lee', 'Lee')]);
    // Every paragraph starts `<svg`: so does the rest, wherever the last message ends.
    const svg = LONG.replaceAll(/Paragraph (\d+): /g, '<svg onload="alert($1)"> ');
    h.service.enqueue({ text: svg, chunks: 60 });
    const interaction = ask({ prompt: 'draw it in text' }, { channelId: group.id, user: alex });
    await done(interaction);
    await waitForIdle(h);
    const { shown, file } = shownReply(h, interaction);
    expect(shown + (file?.data.toString('utf8') ?? '')).toBe(svg);
    expect(file?.data.toString('utf8').startsWith('<svg')).toBe(true);
    // As the local Discord received it in the multipart upload (discord.js would say image/svg+xml).
    expect(file?.contentType).toBe(REST_FILE_TYPE);
  });

  it('Discord refusing a follow-up with 40094 counts as the limit: the message before it ends the reply, with the file', async () => {
    const alex = h.discord.user('alex2', 'Alex');
    const friends = openServerWithoutBot(h.discord);
    const channelId = friends.channelIds[0] as string;
    h.service.enqueue({ text: LONG, chunks: 60 });
    const interaction = ask({ prompt: 'again, all of it' }, { channelId, user: alex });
    let posts = 0;
    h.discord.failNext(
      (method, path) =>
        method === 'POST' &&
        path === `/webhooks/${h.discord.applicationId}/${interaction.token}` &&
        ++posts === 3,
      400,
      { message: 'This interaction has hit the maximum number of follow up messages', code: 40094 },
    );
    await done(interaction);
    await waitForIdle(h);
    expect(interaction.followUpIds).toHaveLength(2);
    const { shown, file } = shownReply(h, interaction);
    expect(file).toBeDefined();
    expect(shown + (file?.data.toString('utf8') ?? '')).toBe(LONG);
    expect(h.discord.failuresLeft()).toBe(0);
  });

  it('without Attach Files the reply is cut with a note saying how much is not shown', async () => {
    const alex = h.discord.user('alex3', 'Alex');
    const group = openGroupDm(h.discord, [alex, h.discord.user('kim', 'Kim')]);
    h.service.enqueue({ text: LONG, chunks: 60 });
    const interaction = ask(
      { prompt: 'no files here' },
      { channelId: group.id, user: alex, appPermissions: EVERYONE_PERMISSIONS & ~PERMISSIONS.attachFiles },
    );
    await done(interaction);
    await waitForIdle(h);
    const { messages, shown, note, file } = shownReply(h, interaction);
    expect(messages).toHaveLength(6);
    expect(file).toBeUndefined();
    expect(messages.flatMap((message) => message.attachments)).toEqual([]);
    expect(LONG.startsWith(shown)).toBe(true);
    const rest = (LONG.length - shown.length).toLocaleString('en-US');
    expect(note).toContain(`✂️ Cut here: ${rest} more characters are not shown.`);
  });
});

describe('nothing after the token (tokens live 3 s here: the reply ends 0.6 s before)', () => {
  const { h, ask } = useHarness({ discord: { interactionTokenTtlMs: 3000 }, interactionTokenTtlMs: 3000 });

  it('a reply still running ends with a note before the token does, and is charged for what the service did', async () => {
    const alex = h.discord.user('alex', 'Alex');
    const group = openGroupDm(h.discord, [alex, h.discord.user('sam', 'Sam')]);
    const text = 'slowly '.repeat(200);
    h.service.enqueue({ text, chunks: 100, intervalMs: 60, usage: null });
    const interaction = ask({ prompt: 'take your time' }, { channelId: group.id, user: alex });
    const [reply] = await waitForReply(h, interaction, ([t]) => t?.includes('cut short') ?? false, 10_000);
    await waitForIdle(h);
    expect(reply).toContain(
      "-# ⚠️ Here the bot can answer only within 3 sec of the command (Discord's limit for an app installed to your account), so it stopped the reply before that. The reply was cut short.",
    );
    expect(reply?.startsWith('slowly')).toBe(true);
    // Written while the token lived: nothing was refused, nothing went through the bot token.
    const tokenRequests = h.discord.requestLog.filter((entry) => entry.route.includes(interaction.token));
    expect(tokenRequests.every((entry) => entry.status < 400)).toBe(true);
    expect(Math.max(...tokenRequests.map((entry) => entry.at)) - interaction.createdAt).toBeLessThan(3000);
    expect(h.discord.requestLog.filter((entry) => entry.route.startsWith('/channels/'))).toEqual([]);
    const entries = await h.running.bot.capabilities.spend.ledger.entries(
      `userinstall-${alex.id}`,
      today(),
      today(),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'reply_timeout', estimated: true, userInstall: true });
    expect(entries[0]?.costMicros).toBeGreaterThan(0);
    // Cut short: not remembered.
    expect((await h.running.bot.capabilities.conversations.load(group.id)).turns).toEqual([]);
  });

  it('/imagine the same: images not ready before the token ends are given up, nothing charged', async () => {
    const alex = h.discord.user('alex2', 'Alex');
    const friends = openServerWithoutBot(h.discord);
    h.service.enqueueImages({ headersDelayMs: 4000 });
    const interaction = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a slow fox' },
      channelId: friends.channelIds[0] as string,
      user: alex,
    });
    const [reply] = await waitForReply(
      h,
      interaction,
      ([t]) => t?.includes('not ready in time') ?? false,
      10_000,
    );
    expect(reply).toContain('nothing was charged');
    // waitForIdle follows chat replies only: /imagine is done when its interaction is.
    await settled(h, interaction.id);
    const scope = `userinstall-${alex.id}-in-${friends.guildId}`;
    expect(await h.running.bot.capabilities.spend.ledger.entries(scope, today(), today())).toEqual([]);
  });
});

// Each ask reserves and costs 401 micro-units (3 in, 1,000 out): three fit in a cap of 0.0013.
const ASK = { prompt: 'go', max_tokens: 1000 } as const;
const USAGE = { text: 'ok', usage: { input_tokens: 3, output_tokens: 1000 } } as const;

describe('who pays: the member, under one daily cap everywhere, apart from any server', () => {
  const { h, ask, ephemeralText } = useHarness({ env: { DM_DAILY_CAP_PER_USER: '0.0013' } });
  const charged = (interaction: LocalInteraction) =>
    waitForReply(h, interaction, ([t]) => t?.includes('💰') ?? false).then(() => waitForIdle(h));

  it('DMs, group DMs and every server without the bot share one cap per member (not one per server)', async () => {
    const ann = h.discord.user('ann', 'Ann');
    const group = openGroupDm(h.discord, [ann, h.discord.user('bob', 'Bob')]);
    const friends = openServerWithoutBot(h.discord);
    const games = openServerWithoutBot(h.discord);
    const channelId = friends.channelIds[0] as string;
    h.service.enqueue(USAGE, USAGE, USAGE, USAGE);
    await charged(ask(ASK, { dm: true, user: ann }));
    await charged(ask(ASK, { channelId: group.id, user: ann }));
    await charged(ask(ASK, { channelId, user: ann }));
    const chats = h.service.chatRequests().length;
    const refused = await ephemeralText(ask(ASK, { channelId: group.id, user: ann }), (t) =>
      t.startsWith('⛔'),
    );
    expect(refused).toBe(
      "⛔ This request could cost more than the USD\u00a00.000097 left of today's limit for using the bot outside servers that added it (its DMs, group DMs and DMs with friends) (USD\u00a00.001203 of USD\u00a00.0013 used); it resets at 00:00 UTC.",
    );
    // The same server again, and a server never used before: the one cap, already used.
    for (const place of [channelId, games.channelIds[0] as string]) {
      const inServer = await ephemeralText(ask(ASK, { channelId: place, user: ann }), (t) =>
        t.startsWith('⛔'),
      );
      expect(inServer).toBe(
        "⛔ This request could cost more than the USD\u00a00.000097 left of today's limit for using the bot in this server, where it works only because you installed it (USD\u00a00.001203 of USD\u00a00.0013 used); it resets at 00:00 UTC.",
      );
    }
    expect(h.service.chatRequests()).toHaveLength(chats);

    const ledger = h.running.bot.capabilities.spend.ledger;
    const day = (scope: string) => ledger.userDaySpendMicros(scope, ann.id, Date.now());
    expect(await day(`dm-${ann.id}`)).toBe(401);
    expect(await day(`userinstall-${ann.id}`)).toBe(401);
    expect(await day(`userinstall-${ann.id}-in-${friends.guildId}`)).toBe(401);
    expect(await day(`userinstall-${ann.id}-in-${games.guildId}`)).toBe(0);
    // The server that did not add the bot is billed nothing, and the operator's total counts it all.
    expect((await ledger.summary(friends.guildId, today(), today())).costMicros).toBe(0);
    expect(await ledger.allScopesMonthSpendMicros(Date.now())).toBe(3 * 401);
  });

  it('`npm run usage` shows members’ own installs as their own line', async () => {
    const run = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/usage.ts', ...args], {
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite://${h.databasePath}` },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
        });
        child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const text = await run(['--dm-users']);
    const ann = [...h.discord.members.values()].find((user) => user.username === 'ann');
    expect(text).toMatch(/installed to members' accounts, 1 user +2 +USD 0\.000802/);
    expect(text).toMatch(new RegExp(`  user ${ann?.id} +1 +USD 0\\.000401`));
    expect(text).toMatch(new RegExp(`  user ${ann?.id} in server \\d+ +1 +USD 0\\.000401`));
    expect(text).toMatch(/DMs, 1 user +1 +USD 0\.000401/);
    expect(text).toMatch(/total +3 +USD 0\.001203/);
    const csv = await run(['--csv']);
    expect(csv).toContain(`user-install,${ann?.id},1,401,0.000401`);
    expect(csv).toMatch(new RegExp(`user-install,${ann?.id}-in-\\d+,1,401,0.000401`));
  });
});
