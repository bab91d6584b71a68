/**
 * Rules per role end to end (/budget role): caps per member by role (daily, monthly), models and
 * /imagine per role, the most generous rule for a member with several roles, refusals before any
 * service call, and the ledger, through the local Discord (members carry `member.roles`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalInteraction,
  type LocalUser,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { createRole } from '../../src/localDiscord/members.js';
import { deleteRole } from '../../src/localDiscord/roleDeletion.js';
import type { LocalRole } from '../../src/localDiscord/roles.js';
import type { LedgerEntry } from '../../src/spend/aggregate.js';
import { CSV_COLUMNS, entryRow } from '../../src/spend/csv.js';
import { MAX_ROLE_RULES } from '../../src/spend/roleRules.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { settled, waitForReply } from '../helpers/harness.js';

const money = (micros: number) => english.money(micros, 'USD');

// The context line has tests of its own; here the line under replies is the cost alone.
const suite = useHarness({ discord: { channelCount: 40 }, guildConfig: { showContext: false } });
const { h, freshChannel, ephemeralText } = suite;
let admin: LocalUser;
const roles: Record<string, LocalRole> = {};
let people = 0;
/** A member of its own for each check, so spend and the rate limit of one do not reach another. */
const someone = () => h.discord.user(`person${++people}`, `Person ${people}`);

beforeAll(() => {
  admin = h.discord.user('admin', 'Admin');
  for (const name of [
    'Newcomer',
    'Supporter',
    'Limited',
    'Unlimited',
    'Monthly',
    'ProOnly',
    'Artist',
    'ProLimited',
  ])
    roles[name] = createRole(h.discord, name);
});

const role = (name: string) => (roles[name] as LocalRole).id;

/** `/budget role <sub>` as the admin (or as a member without Manage Server). */
function budgetRole(
  sub: string,
  options: CommandOptions = {},
  roleName?: string,
  as: 'admin' | 'member' = 'admin',
) {
  return h.discord.sendCommand({
    name: 'budget',
    subcommandGroup: 'role',
    subcommand: sub,
    options,
    ...(roleName && { roleOptions: { role: role(roleName) } }),
    user: as === 'admin' ? admin : someone(),
    ...(as === 'admin' && { permissions: SERVER_MANAGER_PERMISSIONS }),
  });
}

const setRule = (roleName: string, options: CommandOptions) =>
  ephemeralText(budgetRole('set', options, roleName));

/**
 * `/ask` by `user` holding `roleNames`; resolves to the reply's text once served (💰) or refused
 * (⛔), and the bot is done with it (the footer shows while the charge is being written).
 */
async function askAs(
  user: LocalUser,
  roleNames: string[],
  options: CommandOptions,
): Promise<[string, LocalInteraction]> {
  const interaction = h.discord.sendCommand({
    name: 'ask',
    options,
    user,
    channelId: freshChannel(),
    roles: roleNames.map(role),
  });
  const [text] = await waitForReply(
    h,
    interaction,
    ([t]) => (t?.includes('💰') || t?.includes('⛔') || t?.includes('not allowed')) ?? false,
  );
  await settled(h, interaction.id);
  return [text as string, interaction];
}

const isPrivate = (interaction: LocalInteraction) =>
  ((h.discord.replyMessages(interaction)[0]?.flags ?? 0) & 64) === 64;

const now = () => Date.now();
const today = () => new Date().toISOString().slice(0, 10);

describe('/budget role', () => {
  it('is refused (privately) to members without Manage Server', async () => {
    const text = await ephemeralText(budgetRole('show', {}, undefined, 'member'));
    expect(text).toMatch(/Only members with the Manage Server permission/);
  });

  it('set, show and clear a rule; fields not given are kept', async () => {
    let text = await setRule('Newcomer', { daily: 0.25, models: 'service-v1-flash', imagine: false });
    expect(text).toContain(
      `<@&${role('Newcomer')}>: daily USD\u00a00.25 · monthly no cap per member · models service-v1-flash · /imagine no`,
    );
    text = await setRule('Newcomer', { monthly: 2 });
    expect(text).toContain(
      `<@&${role('Newcomer')}>: daily USD\u00a00.25 · monthly USD\u00a02.00 per member · models service-v1-flash · /imagine no`,
    );
    expect(await ephemeralText(budgetRole('show'))).toContain(`<@&${role('Newcomer')}>: daily USD\u00a00.25`);
    text = await ephemeralText(budgetRole('clear', {}, 'Newcomer'));
    expect(text).toContain(`The rule for <@&${role('Newcomer')}> is removed.`);
    expect(await ephemeralText(budgetRole('clear', {}, 'Newcomer'))).toContain('had no rule');
    expect(await h.running.bot.capabilities.spend.roleRules.list(h.discord.guildId)).toEqual([]);
  });

  it.each([
    [
      'an unknown model',
      { models: 'service-v1-flash, gpt-9' },
      /^Unknown model gpt-9\. Choose from: service-v1-flash/,
    ],
    ['a negative cap', { daily: -1 }, /^A cap must be a number from 0 to 1,000,000\.$/],
    ['a cap too high', { monthly: 2_000_000 }, /^A cap must be a number from 0 to 1,000,000\.$/],
    ['no field', {}, /^Give `daily`, `monthly`, `models` or `imagine` for the role\.$/],
  ])('refuses %s, and stores nothing', async (_, options, expected) => {
    expect(await setRule('Supporter', options as CommandOptions)).toMatch(expected);
    expect(await h.running.bot.capabilities.spend.roleRules.list(h.discord.guildId)).toEqual([]);
  });

  it(`keeps at most ${MAX_ROLE_RULES} rules per server`, async () => {
    const { roleRules } = h.running.bot.capabilities.spend;
    const guildId = h.discord.guildId;
    for (let i = 0; i < MAX_ROLE_RULES; i += 1)
      await roleRules.set(guildId, { roleId: `9000${i}`, imagine: true });
    const text = await setRule('Supporter', { daily: 1 });
    expect(text).toBe(
      `This server already has ${MAX_ROLE_RULES} role rules, the most it may keep: clear one first (/budget role clear).`,
    );
    for (let i = 0; i < MAX_ROLE_RULES; i += 1) await roleRules.clear(guildId, `9000${i}`);
    expect(await roleRules.list(guildId)).toEqual([]);
  });

  it('a role deleted in Discord takes its rule with it', async () => {
    const { roleRules } = h.running.bot.capabilities.spend;
    const guildId = h.discord.guildId;
    roles.Doomed = createRole(h.discord, 'Doomed');
    roles.Kept = createRole(h.discord, 'Kept');
    await setRule('Doomed', { daily: 0.5 });
    await setRule('Kept', { daily: 0.75 });
    expect(await ephemeralText(budgetRole('show'))).toContain(`<@&${role('Doomed')}>: daily USD\u00a00.50`);
    // As an admin's app would (Discord's delete_guild_role): 204, then GUILD_ROLE_DELETE.
    const response = await fetch(`${h.discord.apiUrl}/v10/guilds/${guildId}/roles/${role('Doomed')}`, {
      method: 'DELETE',
      headers: { authorization: `Bot ${h.discord.botToken}` },
    });
    expect(response.status).toBe(204);
    await settled(h, role('Doomed'));
    expect((await roleRules.list(guildId)).map((rule) => rule.roleId)).toEqual([role('Kept')]);
    const shown = await ephemeralText(budgetRole('show'));
    expect(shown).not.toContain(role('Doomed'));
    expect(shown).toContain(`<@&${role('Kept')}>: daily USD\u00a00.75`);
    const removed = () =>
      h.logs.filter((line) => line.includes('its role rule was removed')).map((line) => JSON.parse(line));
    expect(removed()).toMatchObject([{ level: 30, guildId, roleId: role('Doomed') }]);
    // The test-facing deletion does the same as REST; a role without a rule goes quietly.
    roles.Plain = createRole(h.discord, 'Plain');
    for (const name of ['Kept', 'Plain']) {
      expect(deleteRole(h.discord, role(name))).toBe(true);
      await settled(h, role(name));
    }
    expect(await roleRules.list(guildId)).toEqual([]);
    expect(removed().map((line) => line.roleId)).toEqual([role('Doomed'), role('Kept')]);
    expect(deleteRole(h.discord, role('Kept'))).toBe(false);
  });
});

describe('rules per role at work', () => {
  beforeAll(async () => {
    await setRule('Newcomer', { models: 'service-v1-flash', imagine: false });
    await setRule('Supporter', { models: 'service-v1-pro' });
    await setRule('Limited', { daily: 0.0005 });
    await setRule('Unlimited', { daily: 1_000_000 });
    await setRule('Monthly', { monthly: 0.0005 });
    await setRule('ProOnly', { models: 'service-v1-pro' });
    await setRule('Artist', { imagine: true });
    await setRule('ProLimited', { models: 'service-v1-pro', daily: 0.0005 });
  });

  it('a model the member’s roles do not allow is refused privately, before the service', async () => {
    const calls = h.service.chatRequests().length;
    const [text, interaction] = await askAs(someone(), ['Newcomer'], {
      prompt: 'hi',
      model: 'service-v1-pro',
    });
    expect(text).toBe(
      'The model service-v1-pro is not allowed for your roles on this server: their rule (/budget role) permits service-v1-flash.',
    );
    expect(isPrivate(interaction)).toBe(true);
    expect(h.service.chatRequests().length).toBe(calls);
    // Without the role, the same request is served.
    h.service.enqueue({ text: 'Pro.', usage: { input_tokens: 10, output_tokens: 10 } });
    const [served] = await askAs(someone(), [], { prompt: 'hi', model: 'service-v1-pro' });
    expect(served).toContain('Pro.');
    expect(h.service.chatRequests().length).toBe(calls + 1);
  });

  it('a mention by a member whose roles do not allow the model gets the refusal as a reply', async () => {
    const calls = h.service.chatRequests().length;
    const message = h.discord.sendMessage({
      channelId: freshChannel(),
      user: someone(),
      roles: [role('ProOnly')],
      content: `<@${h.discord.botUser.id}> hello`,
    });
    await settled(h, message.id);
    expect(h.discord.replyTo(message)[0]?.content).toMatch(
      /^The model service-v1-flash is not allowed for your roles/,
    );
    expect(h.service.chatRequests().length).toBe(calls);
  });

  it('several roles: the most generous of each field (union of models)', async () => {
    h.service.enqueue({ text: 'Both.', usage: { input_tokens: 10, output_tokens: 10 } });
    const [text] = await askAs(someone(), ['Newcomer', 'Supporter'], {
      prompt: 'hi',
      model: 'service-v1-pro',
    });
    expect(text).toContain('Both.');
  });

  it('a daily cap per role: refused privately before the service, the ledger exact; a more generous role lifts it', async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const guildId = h.discord.guildId;
    const limited = someone();
    // Each ask reserves 1000 × 0.4 + a few input tokens ≈ 401 micro-units and costs exactly 401.
    h.service.enqueue({ text: 'First.', usage: { input_tokens: 3, output_tokens: 1000 } });
    const [first] = await askAs(limited, ['Limited'], { prompt: 'go', max_tokens: 1000 });
    expect(first).toContain('First.');
    const entries = (await ledger.entries(guildId, today(), today())).filter((e) => e.userId === limited.id);
    expect(entries.map((e) => e.costMicros)).toEqual([401]);
    expect(await ledger.userDaySpendMicros(guildId, limited.id, now())).toBe(401);

    const calls = h.service.chatRequests().length;
    const [refused, interaction] = await askAs(limited, ['Limited'], { prompt: 'again', max_tokens: 1000 });
    expect(refused).toBe(
      `⛔ This request could cost more than the ${money(99)} left of your daily spending limit on this server (${money(401)} of ${money(500)} today). It resets at 00:00 UTC. An admin (Manage Server) can raise it with /budget set daily_per_member, or for a role with /budget role set daily.`,
    );
    expect(isPrivate(interaction)).toBe(true);
    expect(h.service.chatRequests().length).toBe(calls);
    expect(await ledger.userDaySpendMicros(guildId, limited.id, now())).toBe(401);

    // Holding a role with a higher daily cap as well: the higher one applies.
    h.service.enqueue({ text: 'Lifted.', usage: { input_tokens: 3, output_tokens: 1000 } });
    const [lifted] = await askAs(limited, ['Limited', 'Unlimited'], { prompt: 'again', max_tokens: 1000 });
    expect(lifted).toContain('Lifted.');
    expect(await ledger.userDaySpendMicros(guildId, limited.id, now())).toBe(802);
  });

  it('a monthly cap per member by role, from the month’s spend; a mention is told without figures', async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const guildId = h.discord.guildId;
    const member = someone();
    h.service.enqueue({ text: 'Once.', usage: { input_tokens: 3, output_tokens: 1000 } });
    const [once] = await askAs(member, ['Monthly'], { prompt: 'go', max_tokens: 1000 });
    expect(once).toContain('Once.');
    expect(await ledger.userDaySpendMicros(guildId, member.id, now(), true)).toBe(401);
    const calls = h.service.chatRequests().length;
    const [refused] = await askAs(member, ['Monthly'], { prompt: 'more', max_tokens: 1000 });
    expect(refused).toBe(
      `⛔ This request could cost more than the ${money(99)} left of your monthly spending limit on this server (${money(401)} of ${money(500)} this month). It resets on the 1st of next month (UTC). An admin (Manage Server) can raise it with /budget role set monthly.`,
    );
    const message = h.discord.sendMessage({
      channelId: freshChannel(),
      user: member,
      roles: [role('Monthly')],
      content: `<@${h.discord.botUser.id}> more please`,
    });
    await settled(h, message.id);
    expect(h.discord.replyTo(message)[0]?.content).toBe(`⛔ ${english.t('spend.memberMonthlyNoRoom')}`);
    expect(h.service.chatRequests().length).toBe(calls);
  });

  it('/imagine per role: refused privately before the service; allowed when any role allows it', async () => {
    const before = h.service.imageRequests().length;
    const refused = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a fox' },
      user: someone(),
      roles: [role('Newcomer')],
    });
    expect(await ephemeralText(refused)).toBe(
      'Your roles on this server do not allow /imagine (their rule, /budget role).',
    );
    expect(h.service.imageRequests().length).toBe(before);
    const allowed = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a fox' },
      user: someone(),
      roles: [role('Newcomer'), role('Artist')],
    });
    await h.discord.waitFor(
      () => h.discord.replyMessages(allowed)[0]?.content.includes('service-image-v1') || undefined,
      10_000,
      'the /imagine reply',
    );
    expect(h.service.imageRequests().length).toBe(before + 1);
  });

  it('fallback: off by default the cap refuses; on, the cheapest allowed model that fits answers, and says so', async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const member = someone();
    const calls = h.service.chatRequests().length;
    // service-v1-pro's worst case (100 × 10 per million, and the prompt) passes the 500 micro-unit daily cap.
    const [refused] = await askAs(member, ['Limited'], {
      prompt: 'pro',
      model: 'service-v1-pro',
      max_tokens: 100,
    });
    expect(refused).toMatch(
      /^⛔ This request could cost more than the .* left of your daily spending limit on this server/,
    );
    expect(h.service.chatRequests().length).toBe(calls);

    const features = (fallback: boolean) =>
      ephemeralText(
        h.discord.sendCommand({
          name: 'config',
          subcommand: 'features',
          options: { fallback },
          user: admin,
          permissions: SERVER_MANAGER_PERMISSIONS,
        }),
      );
    expect(await features(true)).toContain("Fallback to a cheaper model when a member's cap refuses: on");
    h.service.enqueue({ text: 'Cheaper.', usage: { input_tokens: 5, output_tokens: 50 } });
    const [text] = await askAs(member, ['Limited'], {
      prompt: 'pro',
      model: 'service-v1-pro',
      max_tokens: 100,
    });
    expect(text).toContain('Cheaper.');
    expect(text).toContain(
      '-# answered with service-v1-flash: your daily limit would not cover service-v1-pro',
    );
    expect(h.service.chatRequests().at(-1)?.body.model).toBe('service-v1-flash');
    expect(h.service.chatRequests().length).toBe(calls + 1);
    const entries = (await ledger.entries(h.discord.guildId, today(), today())).filter(
      (e) => e.userId === member.id,
    );
    // flash: ceil(5 × 0.1 + 50 × 0.4) = 21 micro-units.
    expect(entries.map((e) => [e.model, e.costMicros])).toEqual([['service-v1-flash', 21]]);
    // A model the member's roles do not allow is never the fallback: ProLimited allows service-v1-pro alone.
    const [still] = await askAs(someone(), ['ProLimited'], {
      prompt: 'pro',
      model: 'service-v1-pro',
      max_tokens: 100,
    });
    expect(still).toMatch(/^⛔ This request could cost more than the .* left of your daily spending limit/);
    expect(h.service.chatRequests().length).toBe(calls + 1);
    expect(await features(false)).toContain("Fallback to a cheaper model when a member's cap refuses: off");
  });

  it('/usage show: spend by role from the roles recorded on each entry, and without any', async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const guildId = h.discord.guildId;
    const entries = await ledger.entries(guildId, today(), today());
    // Entries record the member's rule-bearing roles (none for a member without a rule).
    const sum = (pick: (roles: readonly string[]) => boolean) => {
      const chosen = entries.filter((e) => pick(e.roleIds ?? []));
      return [chosen.reduce((total, e) => total + e.costMicros, 0), chosen.length] as const;
    };
    const [limitedCost, limitedCount] = sum((ids) => ids.includes(role('Limited')));
    const [noneCost, noneCount] = sum((ids) => ids.length === 0);
    expect(limitedCount).toBeGreaterThan(0);
    expect(noneCount).toBeGreaterThan(0);
    const summary = await ledger.summary(guildId, today(), today());
    expect(summary.byRole[role('Limited')]).toEqual({ requests: limitedCount, costMicros: limitedCost });
    expect(summary.noRole).toEqual({ requests: noneCount, costMicros: noneCost });
    const text = await ephemeralText(
      h.discord.sendCommand({
        name: 'usage',
        subcommand: 'show',
        options: { period: 'today' },
        user: admin,
        permissions: SERVER_MANAGER_PERMISSIONS,
      }),
    );
    expect(text).toContain('**By role**');
    expect(text).toContain(`<@&${role('Limited')}>: ${money(limitedCost)} (${limitedCount} req)`);
    expect(text).toContain(`No role with a rule: ${money(noneCost)} (${noneCount} req)`);
    // The export's column before who paid: the entry's roles (empty without any).
    const limitedEntry = entries.find((e) => e.roleIds?.includes(role('Limited')));
    // (The paid plans' columns come after who paid: empty here, no plans.)
    const paidBy = CSV_COLUMNS.indexOf('paid_by');
    expect(CSV_COLUMNS.slice(paidBy - 1, paidBy + 1)).toEqual(['roles', 'paid_by']);
    const planCells = ','.repeat(CSV_COLUMNS.length - 1 - paidBy);
    expect(
      entryRow(limitedEntry as LedgerEntry).endsWith(`,${role('Limited')},operator${planCells}\r\n`),
    ).toBe(true);
    const plain = entries.find((e) => !e.roleIds);
    expect(entryRow(plain as LedgerEntry).endsWith(`,,operator${planCells}\r\n`)).toBe(true);
  });
});
