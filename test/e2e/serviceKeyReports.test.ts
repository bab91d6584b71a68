/**
 * Reports and the operator's cap with a server's own service key (issue 31), end to end through
 * the local Discord: with a small OPERATOR_MONTHLY_CAP, the server that pays with its own key is
 * not refused by the operator's cap (neither its in-flight reservation nor its spend counts
 * there), while an operator-paid request in another server is; `/usage show` says what the key
 * paid; the CSV export says who paid each entry (`paid_by`: `operator` or `server key`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  type LocalInteraction,
  type LocalUser,
} from '../../src/localDiscord/localDiscord.js';
import type { LedgerEntry } from '../../src/spend/aggregate.js';
import { CSV_COLUMNS } from '../../src/spend/csv.js';
import { utcDay } from '../../src/spend/records.js';
import { parseCsv } from '../helpers/csv.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const SERVER_KEY = 'sk-server-REPORTS0000abcd';
/** 32 bytes in hex, as an operator would set it. */
const DATA_ENCRYPTION_KEY = '5c'.repeat(16) + 'e1'.repeat(16);

const today = () => utcDay(Date.now());

describe("spend paid with a server's own key", () => {
  const suite = useHarness({
    // 1,000 micro-units: an /ask's worst case fits (820 here), an image's (20,000 or more) never does.
    env: { DATA_ENCRYPTION_KEY, OPERATOR_MONTHLY_CAP: '0.001' },
    // Two guilds (both on the one shard): the second never sets a key.
    discord: { channelCount: 20, guildsPerShard: 2 },
    guildConfig: PLAIN_REPLIES,
    asker: { username: 'ann', globalName: 'Ann' },
  });
  const { h, freshChannel, ephemeralText, ask } = suite;
  let admin: LocalUser;
  let ann: LocalUser;
  let otherChannel: string;
  beforeAll(() => {
    admin = h.discord.user('sam', 'Sam');
    ann = suite.asker;
    const other = h.discord.guilds[1];
    if (!other) throw new Error('the fake should have a second guild');
    otherChannel = other.channelIds[0] as string;
  });

  const ledger = () => h.running.bot.capabilities.spend.ledger;
  const guildEntries = async (guildId = h.discord.guildId): Promise<LedgerEntry[]> =>
    ledger().entries(guildId, today(), today());

  /** /ask as Ann; waits for the finished echo and for the bot to be done with it. */
  async function answered(options: CommandOptions, channelId: string) {
    const interaction = ask(options, { channelId });
    await waitForReply(h, interaction, ([text]) => text?.includes(`Echo: Ann: ${options.prompt}`) ?? false);
    await waitForIdle(h);
    await settled(h, interaction.id);
    return interaction;
  }

  function imagine(channelId: string): LocalInteraction {
    return h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a lighthouse' },
      channelId,
      user: ann,
    });
  }

  function usage(subcommand: 'show' | 'export', options: CommandOptions): LocalInteraction {
    return h.discord.sendCommand({
      name: 'usage',
      subcommand,
      options,
      user: admin,
      permissions: ADMIN_PERMISSIONS,
    });
  }

  it('before the key: an /ask the operator pays fits the operator cap', async () => {
    await answered({ prompt: 'paid by the operator' }, freshChannel());
    const entries = await guildEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toHaveProperty('paidBy');
  });

  it('with the key: an image far over the operator cap is made, and paid by the key', async () => {
    const opened = h.discord.sendCommand({
      name: 'config',
      subcommandGroup: 'service-key',
      subcommand: 'set',
      user: admin,
      permissions: ADMIN_PERMISSIONS,
    });
    await settled(h, opened.id);
    const submit = h.discord.submitModal(opened, { key: SERVER_KEY });
    expect(await ephemeralText(submit)).toBe(english.t('config.serviceKeySaved', { last4: 'abcd' }));
    await settled(h, submit.id);

    const channelId = freshChannel();
    const interaction = imagine(channelId);
    await h.discord.waitFor(
      () => h.discord.replyMessages(interaction)[0]?.content.includes('service-image-v1'),
      10_000,
      'the /imagine reply',
    );
    await settled(h, interaction.id);
    await answered({ prompt: 'paid by the key' }, freshChannel());
    const keyPaid = (await guildEntries()).filter((entry) => entry.paidBy === 'serverKey');
    expect(keyPaid.map((entry) => entry.kind).sort()).toEqual(['chat', 'image']);
    const cap = h.config.operatorMonthlyCapMicros ?? 0;
    expect(keyPaid.reduce((sum, entry) => sum + entry.costMicros, 0)).toBeGreaterThan(cap);
  });

  it('another server, paid by the operator: its /ask still fits (key-paid spend is not counted), its image is refused by the operator cap', async () => {
    await answered({ prompt: 'elsewhere' }, otherChannel);
    const refused = imagine(otherChannel);
    const noRoom = `⛔ ${english.t('spend.operatorCapNoRoom')}`;
    await waitForReply(h, refused, (texts) => texts.includes(noRoom));
    await settled(h, refused.id);
    const entries = await guildEntries(h.discord.guilds[1]?.id);
    expect(entries.map((entry) => [entry.kind, entry.paidBy])).toEqual([['chat', undefined]]);
  });

  it("/usage show says what the server's own key paid", async () => {
    const keyPaid = (await guildEntries()).filter((entry) => entry.paidBy === 'serverKey');
    const { currency } = h.running.bot.capabilities.spend.prices;
    const line = english.t('spend.paidWithServerKey', {
      money: english.money(
        keyPaid.reduce((sum, entry) => sum + entry.costMicros, 0),
        currency,
      ),
      requests: english.t('spend.requestsShort', { count: keyPaid.length }),
    });
    const text = await ephemeralText(usage('show', { period: 'today' }));
    expect(text.split('\n')).toContain(line);
    expect(line).toMatch(/^Paid with this server’s own key: USD\u00a00\.\d+ \(2 req\)$/);
    // Not in the other server's report: it paid nothing with a key.
    const other = h.discord.sendCommand({
      name: 'usage',
      subcommand: 'show',
      options: { period: 'today' },
      user: admin,
      permissions: ADMIN_PERMISSIONS,
      channelId: otherChannel,
    });
    expect(await ephemeralText(other)).not.toContain('own key');
  });

  it('the CSV export says who paid each entry: operator or server key', async () => {
    const interaction = usage('export', { period: 'today' });
    await settled(h, interaction.id, 20_000);
    const files = h.discord.replyMessages(interaction).flatMap((message) => message.attachments);
    expect(files).toHaveLength(1);
    const [header, ...rows] = parseCsv((files[0]?.data ?? Buffer.alloc(0)).toString('utf8'));
    expect(header).toEqual([...CSV_COLUMNS]);
    const paidBy = CSV_COLUMNS.indexOf('paid_by');
    expect(header?.[paidBy]).toBe('paid_by');
    const entries = await guildEntries();
    expect(rows.map((row) => [row[0], row[paidBy]])).toEqual(
      entries.map((entry) => [entry.id, entry.paidBy === 'serverKey' ? 'server key' : 'operator']),
    );
    expect(new Set(rows.map((row) => row[paidBy]))).toEqual(new Set(['operator', 'server key']));
  });
});
