/**
 * Spend end to end: cost footers, /usage (show, export, chart), /budget, budget enforcement
 * under concurrency, alerts: through the fake Discord with admin and non-admin members.
 */
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalInteraction,
  type LocalUser,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { CHART_HEIGHT, CHART_WIDTH } from '../../src/spend/chart.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { settled, waitForIdle, waitForReply } from '../helpers/harness.js';

// The context line has tests of its own; here the line under replies is the cost alone.
const suite = useHarness({ discord: { channelCount: 70 }, guildConfig: { showContext: false } });
const { h, freshChannel, ephemeralText, ask } = suite;
let admin: LocalUser;
let member: LocalUser;
beforeAll(() => {
  admin = h.discord.user('admin', 'Admin');
  member = suite.asker;
});

const money = (micros: number) => english.money(micros, 'USD');
const today = () => new Date().toISOString().slice(0, 10);

function command(
  name: string,
  subcommand: string,
  options: CommandOptions = {},
  as: 'admin' | 'member' = 'admin',
  channelOptions?: Record<string, string>,
): LocalInteraction {
  return h.discord.sendCommand({
    name,
    subcommand,
    options,
    user: as === 'admin' ? admin : member,
    ...(as === 'admin' && { permissions: SERVER_MANAGER_PERMISSIONS }),
    ...(channelOptions && { channelOptions }),
  });
}

describe('costs and /usage', () => {
  it('shows the cost under each reply, equal to the ledger entry', async () => {
    h.service.enqueue({ text: 'Priced reply.', usage: { input_tokens: 1200, output_tokens: 800 } });
    const interaction = ask({ prompt: 'price me' }, { channelId: freshChannel() });
    const [text] = await waitForReply(h, interaction, ([t]) => t?.includes('💰') ?? false);
    // flash: 1200 × 0.1 + 800 × 0.4 per million = 440 micro-units.
    expect(text).toBe('Priced reply.\n\n-# 💰 USD\u00a00.00044 · 1,200 in · 800 out tokens');
    // The footer shows while the charge is being written: the ledger is read once it landed.
    await settled(h, interaction.id);
    const entries = await h.running.bot.capabilities.spend.ledger.entries(
      h.discord.guildId,
      today(),
      today(),
    );
    expect(entries.at(-1)).toMatchObject({
      costMicros: 440,
      inputTokens: 1200,
      outputTokens: 800,
      estimated: false,
    });
  });

  it('/usage is refused (privately) to members without Manage Server', async () => {
    const interaction = command('usage', 'show', {}, 'member');
    const text = await ephemeralText(interaction);
    expect(text).toMatch(/Only members with the Manage Server permission/);
    expect(h.discord.replyMessages(interaction)[0]?.attachments).toEqual([]);
  });

  it('/usage show: totals, models, top members, and a daily chart PNG', async () => {
    h.service.enqueue({ text: 'Pro reply.', usage: { input_tokens: 1000, output_tokens: 1000 } });
    const priced = ask({ prompt: 'pro please' }, { channelId: freshChannel() });
    await waitForReply(h, priced, ([t]) => t?.includes('💰') ?? false);
    await settled(h, priced.id);
    const summary = await h.running.bot.capabilities.spend.ledger.summary(
      h.discord.guildId,
      `${today().slice(0, 8)}01`,
      today(),
    );
    const interaction = command('usage', 'show', { period: 'this-month' });
    const text = await ephemeralText(interaction, (t) => t.includes('Spend'));
    expect(text).toContain(`**Spend · This month`);
    expect(text).toContain(`${money(summary.costMicros)} over ${summary.requests} requests`);
    expect(text).toContain('`service-v1-flash`');
    expect(text).toContain(`<@${member.id}>`);
    const message = h.discord.replyMessages(interaction)[0];
    expect(message?.versions.some((version) => version.pinged)).toBe(false);
    const chart = message?.attachments.find((file) => file.filename === 'daily-spend.png');
    expect(chart).toBeDefined();
    const png = PNG.sync.read(chart?.data as Buffer);
    expect([png.width, png.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
  });

  it('/usage export: a CSV whose rows sum to the total shown', async () => {
    const interaction = command('usage', 'export', { period: 'today' });
    const text = await ephemeralText(interaction, (t) => t.includes('billed request'));
    const file = h.discord.replyMessages(interaction)[0]?.attachments[0];
    expect(file?.filename).toBe(`usage-${today()}-to-${today()}.csv`);
    const [header, ...rows] = (file?.data.toString('utf8') ?? '').trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    const costColumn = columns.indexOf('cost_micros');
    const sum = rows.reduce((total, row) => total + Number(row.split(',')[costColumn]), 0);
    const summary = await h.running.bot.capabilities.spend.ledger.summary(
      h.discord.guildId,
      today(),
      today(),
    );
    expect(rows).toHaveLength(summary.requests);
    expect(sum).toBe(summary.costMicros);
    expect(text).toContain(`${summary.requests} billed requests`);
  });
});

describe('/budget', () => {
  it('is refused to members without Manage Server', async () => {
    const text = await ephemeralText(command('budget', 'set', { monthly: 1 }, 'member'));
    expect(text).toMatch(/Only members with the Manage Server permission/);
    expect(
      (await h.running.bot.capabilities.spend.budgets.settings(h.discord.guildId)).monthlyCapMicros,
    ).toBeNull();
  });

  it('hides and shows the cost footer (/config features)', async () => {
    expect(await ephemeralText(command('config', 'features', { cost_line: false }))).toContain(
      'Under replies: cost hidden',
    );
    h.service.enqueue({ text: 'No price shown.' });
    const hidden = ask({ prompt: 'quiet' }, { channelId: freshChannel() });
    const [text] = await waitForReply(
      h,
      hidden,
      ([t]) => (t?.startsWith('No price shown.') && !t.endsWith(STREAMING_CURSOR)) ?? false,
    );
    expect(text).toBe('No price shown.');
    expect(await ephemeralText(command('config', 'features', { cost_line: true }))).toContain(
      'Under replies: cost shown',
    );
  });

  it('announces 80 % and 100 % of the monthly cap once each in the alert channel', async () => {
    const spend = h.running.bot.capabilities.spend;
    const alertChannel = freshChannel();
    expect(
      await ephemeralText(command('budget', 'alerts', {}, 'admin', { channel: alertChannel })),
    ).toContain(`Alerts: <#${alertChannel}>`);
    // The previous test's reply may still be charging.
    await waitForIdle(h);
    const spent = await spend.ledger.monthSpendMicros(h.discord.guildId, Date.now());
    // A cap such that one more 401-micro ask reaches exactly 80 %.
    const cap = Math.floor(((spent + 401) * 100) / 80);
    expect(await ephemeralText(command('budget', 'set', { monthly: cap / 1e6 }))).toContain(
      'Monthly cap: USD',
    );
    // Only this cap's alerts (a reply of the previous test may still announce the old cap's).
    const capText = `of ${money(cap)}`;
    const alerts = () =>
      [...h.discord.messages.values()].filter(
        (message) => message.channelId === alertChannel && message.content.includes(capText),
      );
    const done = ([t]: string[]) => (t?.includes('💰') || t?.includes('⛔')) ?? false;
    h.service.enqueue({ text: 'ok', usage: { input_tokens: 3, output_tokens: 1000 } });
    await waitForReply(h, ask({ prompt: 'go', max_tokens: 1000 }, { channelId: freshChannel() }), done);
    await h.discord.waitFor(() => alerts().length === 1);
    expect(alerts()[0]?.content).toMatch(/reached 80 % of its cap/);

    // The rest of the cap is reserved in full; the service then reports more output than
    // max_tokens: the overshoot is that estimation error, nothing more.
    const remaining = cap - (spent + 401);
    const maxTokens = Math.floor(((remaining - 1) * 1_000_000) / 400_000);
    h.service.enqueue({ text: 'ok', usage: { input_tokens: 3, output_tokens: maxTokens + 100 } });
    const [last] = await waitForReply(
      h,
      ask({ prompt: 'go', max_tokens: maxTokens }, { channelId: freshChannel() }),
      done,
    );
    expect(last).toContain('💰');
    await h.discord.waitFor(() => alerts().length === 2);
    expect(alerts()[1]?.content).toMatch(/reached 100 % of its cap.*New requests are refused/);
    const overshoot = (await spend.ledger.monthSpendMicros(h.discord.guildId, Date.now())) - cap;
    expect(overshoot).toBeGreaterThanOrEqual(0);
    expect(overshoot).toBeLessThanOrEqual(40 + 2);

    const again = ask({ prompt: 'again', max_tokens: 10 }, { channelId: freshChannel() });
    const [refused] = await waitForReply(h, again, done);
    expect(refused).toMatch(/monthly spending cap/);
    // No third alert: checked once the bot is done with the refused request.
    await settled(h, again.id);
    expect(alerts()).toHaveLength(2);
    expect(alerts().every((message) => message.versions.every((version) => !version.pinged))).toBe(true);
  });

  it('a daily cap per member refuses further requests privately, /imagine included', async () => {
    await ephemeralText(command('budget', 'clear', { which: 'monthly' }));
    const spent = await h.running.bot.capabilities.spend.ledger.userDaySpendMicros(
      h.discord.guildId,
      member.id,
      Date.now(),
    );
    await ephemeralText(command('budget', 'set', { daily_per_member: (spent + 100) / 1e6 }));
    const refusedAsk = ask({ prompt: 'one more', max_tokens: 1000 }, { channelId: freshChannel() });
    const [text] = await waitForReply(h, refusedAsk, ([t]) => t?.includes('⛔') ?? false);
    expect(text).toMatch(/daily spending limit/);
    expect((h.discord.replyMessages(refusedAsk)[0]?.flags ?? 0) & 64).toBe(64);
    const before = h.service.imageRequests().length;
    const image = h.discord.sendCommand({ name: 'imagine', options: { prompt: 'x' }, user: member });
    const [imageText] = await waitForReply(h, image, ([t]) => t?.includes('⛔') ?? false);
    expect(imageText).toMatch(/daily spending limit/);
    expect((h.discord.replyMessages(image)[0]?.flags ?? 0) & 64).toBe(64);
    expect(h.service.imageRequests().length).toBe(before);
    const shown = await ephemeralText(command('budget', 'show'));
    expect(shown).toMatch(/Daily cap per member: USD/);
    await ephemeralText(command('budget', 'clear', { which: 'both' }));
  });

  it('a mention refused by a cap says in public which limit and when it resets, no figures; /ask says them privately; "reached" only when it is', async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const channelId = freshChannel();
    /** The bot's public answer to a mention (a reply to the member's message), once it is handled. */
    const mention = async (content: string) => {
      const message = h.discord.sendMessage({
        channelId,
        user: member,
        content: `<@${h.discord.botUser.id}> ${content}`,
      });
      await settled(h, message.id);
      const replies = h.discord.replyTo(message);
      expect(replies).toHaveLength(1);
      expect((replies[0]?.flags ?? 0) & 64).toBe(0);
      return replies[0]?.content ?? '';
    };
    const privateRefusal = async () => {
      const refused = ask({ prompt: 'one more', max_tokens: 1000 }, { channelId: freshChannel() });
      const [text] = await waitForReply(h, refused, ([t]) => t?.includes('⛔') ?? false);
      expect((h.discord.replyMessages(refused)[0]?.flags ?? 0) & 64).toBe(64);
      return text as string;
    };
    const noFigures = (text: string, spent: number) => {
      expect(text).not.toMatch(/USD|\$|\d\.\d/);
      expect(text).not.toContain(money(spent).slice(4));
    };
    const calls = h.service.chatRequests().length;

    // The member's daily cap, not reached: 100 micro-units left, and a request's worst case is 401.
    const daySpent = await ledger.userDaySpendMicros(h.discord.guildId, member.id, Date.now());
    expect(daySpent).toBeGreaterThan(0);
    await ephemeralText(command('budget', 'set', { daily_per_member: (daySpent + 100) / 1e6 }));
    const dailyInPublic = await mention('one more?');
    expect(dailyInPublic).toBe(`⛔ ${english.t('spend.memberDailyNoRoom')}`);
    noFigures(dailyInPublic, daySpent);
    const dailyInPrivate = await privateRefusal();
    expect(dailyInPrivate).toBe(
      `⛔ This request could cost more than the ${money(100)} left of your daily spending limit on this server (${money(daySpent)} of ${money(daySpent + 100)} today). It resets at 00:00 UTC. An admin (Manage Server) can raise it with /budget set daily_per_member, or for a role with /budget role set daily.`,
    );
    // Reached: the spend takes the whole cap.
    await ephemeralText(command('budget', 'set', { daily_per_member: daySpent / 1e6 }));
    expect(await mention('one more?')).toBe(`⛔ ${english.t('spend.memberDailyCapReached')}`);
    expect(await privateRefusal()).toMatch(
      /^⛔ You have reached your daily spending limit on this server \(/,
    );

    // The server's monthly cap: 100 left, then none.
    await ephemeralText(command('budget', 'clear', { which: 'daily_per_member' }));
    const monthSpent = await ledger.monthSpendMicros(h.discord.guildId, Date.now());
    await ephemeralText(command('budget', 'set', { monthly: (monthSpent + 100) / 1e6 }));
    const roomInPublic = await mention('and now?');
    expect(roomInPublic).toBe(`⛔ ${english.t('spend.serverCapNoRoom')}`);
    noFigures(roomInPublic, monthSpent);
    expect(await privateRefusal()).toBe(
      `⛔ This request could cost more than the ${money(100)} left of this server's monthly spending cap for the bot (${money(monthSpent)} of ${money(monthSpent + 100)} used). An admin (Manage Server) can raise it with /budget set monthly.`,
    );
    await ephemeralText(command('budget', 'set', { monthly: monthSpent / 1e6 }));
    const monthlyInPublic = await mention('and now?');
    expect(monthlyInPublic).toBe(`⛔ ${english.t('spend.serverCapReached')}`);
    noFigures(monthlyInPublic, monthSpent);
    const monthlyInPrivate = await privateRefusal();
    expect(monthlyInPrivate).toBe(
      `⛔ This server has reached its monthly spending cap for the bot (${money(monthSpent)} of ${money(monthSpent)} used). An admin (Manage Server) can raise it with /budget set monthly.`,
    );

    expect(h.service.chatRequests().length).toBe(calls);
    await ephemeralText(command('budget', 'clear', { which: 'both' }));
  });

  // Kept last on purpose: with the bot in the same process as the fakes, a channel-message POST
  // (a budget alert) right after this burst stays unflushed in the fake Discord for ~10 s. The
  // same sequence with the bot as its own process (test/e2e/process.test.ts) alerts in ~0.1 s
  // and acknowledges the next command at once, so this is an artifact of the in-process setup,
  // whose cause is not found yet.
  it('50 concurrent asks against a cap that allows 10: exactly 10 are served, spend stays within the cap', async () => {
    const spend = h.running.bot.capabilities.spend;
    const spentBefore = await spend.ledger.monthSpendMicros(h.discord.guildId, Date.now());
    // Each ask reserves ceil((2 × 0.1 + 1000 × 0.4) micro-units) = 401 and really costs 401.
    const cap = spentBefore + 10 * 401;
    await spend.budgets.update(h.discord.guildId, { monthlyCapMicros: cap });
    const before = h.service.chatRequests().length;
    for (let i = 0; i < 50; i += 1) {
      h.service.enqueue({
        text: 'ok',
        usage: { input_tokens: 3, output_tokens: 1000 },
        chunks: 1,
        headersDelayMs: 100,
      });
    }
    const interactions = Array.from({ length: 50 }, () =>
      ask({ prompt: 'go', max_tokens: 1000 }, { channelId: freshChannel() }),
    );
    const outcomes = await Promise.all(
      interactions.map((interaction) =>
        waitForReply(h, interaction, ([t]) => (t?.includes('💰') || t?.includes('⛔')) ?? false, 20_000),
      ),
    );
    const served = outcomes.filter(([t]) => t?.includes('💰')).length;
    const refused = interactions.filter((interaction) => {
      const [message] = h.discord.replyMessages(interaction);
      return (
        message !== undefined &&
        (message.flags & 64) === 64 &&
        message.content.includes('monthly spending cap')
      );
    }).length;
    expect(served).toBe(10);
    expect(refused).toBe(40);
    expect(h.service.chatRequests().length - before).toBe(10);
    // Each footer shows while its charge is being written.
    await waitForIdle(h, 20_000);
    expect(await spend.ledger.monthSpendMicros(h.discord.guildId, Date.now())).toBeLessThanOrEqual(cap);
  });

  it('(log check) no error was logged', () => {
    expect(h.logs.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});
