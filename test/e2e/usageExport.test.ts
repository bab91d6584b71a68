/**
 * /usage export end to end, through the local Discord with a small upload limit: the files of a
 * streamed export rejoin to exactly the ledger's entries; the file cap and the command for the
 * rest; the from/to options and their refusals; a failure midway; the retention note.
 * Entries are charged on days before the bot's "today", a fixed day (its clock is fixed), so a
 * run across midnight UTC sees the same days.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LocalInteraction,
  type LocalMessage,
  type LocalUser,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { CSV_HEADER, entryRow } from '../../src/spend/csv.js';
import { utcDay } from '../../src/spend/records.js';
import { FORMULA_START, parseCsv } from '../helpers/csv.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { settled } from '../helpers/harness.js';

/** The bot's "now": a fixed time, today for every command of the file. */
const NOW = Date.parse('2026-11-22T12:00:00Z');
const suite = useHarness({ clock: { now: () => NOW } });
const { h, ephemeralText } = suite;
const DAY = 86_400_000;
const PER_DAY = 60;
const DAYS = 10;
let admin: LocalUser;
/** `n` days before today (UTC). */
const daysAgo = (n: number) => utcDay(NOW - n * DAY);
const ledger = () => h.running.bot.capabilities.spend.ledger;

beforeAll(async () => {
  admin = h.discord.user('admin', 'Admin');
  // 600 entries: 60 a day from 12 to 3 days ago, some with cells that need quoting.
  for (let d = 0; d < DAYS; d += 1) {
    const start = Date.parse(`${daysAgo(12 - d)}T00:00:00Z`);
    await Promise.all(
      Array.from({ length: PER_DAY }, (_, i) =>
        ledger().charge({
          id: `e-${d}-${i}`,
          time: start + i * 60_000,
          guildId: h.discord.guildId,
          // Not a channel id in practice, but cells that need quoting must survive the cuts.
          channelId: i % 13 === 0 ? 'cut, "short"' : (h.discord.channelIds[0] as string),
          userId: `10000000000000000${i % 7}`,
          kind: 'chat',
          model: 'service-v1-flash',
          inputTokens: 1000 + i,
          outputTokens: 200 + d,
          estimated: i % 9 === 0,
          outcome: i % 13 === 0 ? 'stopped' : 'completed',
        }),
      ),
    );
  }
});

function usageExport(options: CommandOptions, attachmentSizeLimit?: number): LocalInteraction {
  return h.discord.sendCommand({
    name: 'usage',
    subcommand: 'export',
    options,
    user: admin,
    permissions: SERVER_MANAGER_PERMISSIONS,
    ...(attachmentSizeLimit !== undefined && { attachmentSizeLimit }),
  });
}

/** The export's messages once the bot is done with it; each private, each with at most one file. */
async function exported(interaction: LocalInteraction): Promise<LocalMessage[]> {
  await settled(h, interaction.id, 20_000);
  const messages = h.discord.replyMessages(interaction);
  for (const message of messages) {
    expect(message.flags & 64).toBe(64);
    expect(message.attachments.length).toBeLessThanOrEqual(1);
    expect(message.content.length).toBeLessThanOrEqual(2000);
  }
  return messages;
}

/** The files' rows (headers checked and dropped), joined. */
function rows(messages: readonly LocalMessage[], limit: number): string {
  return messages
    .flatMap((message) => message.attachments)
    .map((file) => {
      expect(file.data.length).toBeLessThanOrEqual(limit);
      const text = file.data.toString('utf8');
      expect(text.startsWith(CSV_HEADER)).toBe(true);
      return text.slice(CSV_HEADER.length);
    })
    .join('');
}

const expected = async (from: string, to: string) =>
  (await ledger().entries(h.discord.guildId, from, to)).map(entryRow).join('');

describe('/usage export', () => {
  it('streams a range over several files within the upload limit that rejoin to exactly the ledger’s entries', async () => {
    const limit = 25_000;
    const from = daysAgo(12);
    const to = daysAgo(0);
    const messages = await exported(usageExport({ from, to }, limit));
    expect(messages.length).toBeGreaterThan(3);
    expect(messages.length).toBeLessThanOrEqual(10);
    expect(messages.map((message) => message.attachments[0]?.filename)).toEqual(
      messages.map((_, i) => `usage-${from}-to-${to}-part-${i + 1}.csv`),
    );
    const all = await expected(from, to);
    expect(all.split('\r\n').length - 1).toBe(DAYS * PER_DAY);
    expect(rows(messages, limit)).toBe(all);
    expect(messages[0]?.content).toContain(
      `**Usage export** · ${english.day(from)} to ${english.day(to)} (UTC)`,
    );
    expect(messages.at(-1)?.content).toContain(`✅ Done: 600 billed requests`);
    expect(messages.at(-1)?.content).toContain(`in ${messages.length} files`);
  });

  it('one file, named after the range, when it fits (the default 10 MiB limit)', async () => {
    const day = daysAgo(5);
    const messages = await exported(usageExport({ from: day, to: day }));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.attachments[0]?.filename).toBe(`usage-${day}-to-${day}.csv`);
    expect(rows(messages, 10 * 1024 * 1024)).toBe(await expected(day, day));
    expect(messages[0]?.content).toMatch(
      new RegExp(
        `^60 billed requests · USD\u00a0[0-9.]+ · ${english.day(day)} to ${english.day(day)} \\(UTC\\)$`,
      ),
    );
  });

  it('stops at 10 files on a day boundary and names the command for the rest, which continues without gap or repeat', async () => {
    // Sized so that a day boundary falls inside the tenth file (rows grew with the paid_by column,
    // then the plan columns).
    const limit = 4_350;
    let from = daysAgo(12);
    const to = daysAgo(0);
    let joined = '';
    let exports = 0;
    for (let round = 0; round < 10; round += 1) {
      exports += 1;
      const messages = await exported(usageExport({ from, to }, limit));
      joined += rows(messages, limit);
      const last = messages.at(-1)?.content ?? '';
      if (last.includes('✅ Done')) break;
      expect(messages).toHaveLength(10);
      expect(last).toMatch(
        new RegExp(
          `⚠️ Stopped at 10 files, the most one export sends: they hold \\d+ billed requests \\(USD\u00a0[0-9.]+\\), every one from ${english.day(from)} through \\w+ \\d+, \\d{4} \\(UTC\\)\\.`,
        ),
      );
      const rest = /For the rest: `\/usage export from:(\d{4}-\d\d-\d\d) to:(\d{4}-\d\d-\d\d)`\./.exec(last);
      expect(rest?.[2]).toBe(to);
      from = rest?.[1] as string;
    }
    expect(exports).toBeGreaterThan(2);
    expect(joined).toBe(await expected(daysAgo(12), to));
  });

  it('refuses bad dates privately, before reading anything', async () => {
    const firstDay = vi.spyOn(ledger(), 'firstDay');
    const entryPages = vi.spyOn(ledger(), 'entryPages');
    try {
      const cases: [CommandOptions, RegExp][] = [
        [{ from: '2026/11/01' }, /`from` must be a date written YYYY-MM-DD \(UTC\)/],
        [{ to: '2026-02-30' }, /`to`: `2026-02-30` is not a date on the calendar/],
        [{ from: daysAgo(1), to: daysAgo(3) }, /is after `to`/],
        [{ from: daysAgo(-2) }, /is in the future \(today is .*\): there is nothing to export yet/],
        [{ period: 'today', from: daysAgo(3) }, /either a `period` or `from`\/`to` dates, not both/],
      ];
      for (const [options, refusal] of cases) {
        const interaction = usageExport(options);
        expect(await ephemeralText(interaction)).toMatch(refusal);
        await settled(h, interaction.id);
        expect(h.discord.replyMessages(interaction)[0]?.attachments).toEqual([]);
      }
      expect(firstDay).not.toHaveBeenCalled();
      expect(entryPages).not.toHaveBeenCalled();
    } finally {
      firstDay.mockRestore();
      entryPages.mockRestore();
    }
  });

  it('a `to` past today exports through today; `from` alone runs to today', async () => {
    const from = daysAgo(4);
    const messages = await exported(usageExport({ from, to: daysAgo(-30) }));
    expect(messages[0]?.attachments[0]?.filename).toBe(`usage-${from}-to-${daysAgo(0)}.csv`);
    expect(rows(messages, 10 * 1024 * 1024)).toBe(await expected(from, daysAgo(0)));
    const alone = await exported(usageExport({ from }));
    expect(alone[0]?.attachments[0]?.filename).toBe(`usage-${from}-to-${daysAgo(0)}.csv`);
  });

  it('a file Discord refuses midway: the member learns what the files above hold and how to get the rest', async () => {
    const limit = 25_000;
    const from = daysAgo(12);
    const to = daysAgo(0);
    h.discord.failNext(
      (method, _path, json) => method === 'POST' && String(json.content).startsWith('Part 3 '),
      413,
      { message: 'Request entity too large', code: 40005 },
    );
    const messages = await exported(usageExport({ from, to }, limit));
    expect(h.discord.failuresLeft()).toBe(0);
    const files = messages.filter((message) => message.attachments.length > 0);
    expect(files).toHaveLength(2);
    const note = messages.at(-1)?.content ?? '';
    expect(note).toMatch(
      /^⚠️ The export stopped after part 2: Discord said: Request entity too large\. The files above hold \d+ billed requests up to /,
    );
    const rest = /For the rest: `\/usage export from:(\d{4}-\d\d-\d\d) to:(\d{4}-\d\d-\d\d)`/.exec(note);
    expect(rest?.[2]).toBe(to);
    // What went is the start of the range, in order.
    const all = await expected(from, to);
    expect(all.startsWith(rows(files, limit))).toBe(true);
  });

  it('says so when the range reaches further back than the entries are kept', async () => {
    const old = daysAgo(420);
    await ledger().charge({
      id: 'old-1',
      time: Date.parse(`${old}T12:00:00Z`),
      guildId: h.discord.guildId,
      channelId: h.discord.channelIds[0] as string,
      userId: '100000000000000001',
      kind: 'chat',
      model: 'service-v1-flash',
      inputTokens: 10,
      outputTokens: 10,
      estimated: false,
      outcome: 'completed',
    });
    const messages = await exported(usageExport({ from: old, to: daysAgo(410) }));
    expect(messages[0]?.content).toContain('Single requests are kept 400 days');
    const recent = await exported(usageExport({ from: daysAgo(12), to: daysAgo(10) }));
    expect(recent[0]?.content).not.toContain('Single requests are kept');
  });
  it('no cell can start a formula in a spreadsheet; a finish reason the service made up is recorded and exported as `other`', async () => {
    // Names are never exported (only ids), whatever a member calls themself.
    const member = h.discord.user('formula', '=HYPERLINK("http://member.example")');
    const channelId = suite.freshChannel();
    h.service.enqueue({ text: 'An answer.', finishReason: '=HYPERLINK("http://service.example")' });
    const asked = suite.ask({ prompt: 'hello' }, { user: member, channelId });
    await settled(h, asked.id);
    // Cells that would start a formula, as an entry from an older version or a crafted store could hold.
    await ledger().charge({
      id: '@SUM(1+1)',
      time: NOW - 1000,
      guildId: h.discord.guildId,
      channelId: '=HYPERLINK("http://x")',
      userId: '-2+3',
      kind: 'image',
      model: 'service-image-v1',
      size: "+cmd|' /C calc'!A0",
      n: 1,
      imagesDelivered: 0,
      estimated: false,
      outcome: 'partial',
    });
    const today = daysAgo(0);
    const stored = await ledger().entries(h.discord.guildId, today, today);
    expect(stored.find((entry) => entry.userId === member.id)?.outcome).toBe('other');

    const [message] = await exported(usageExport({ from: today, to: today }));
    const file = message?.attachments[0]?.data.toString('utf8') ?? '';
    expect(file).not.toContain('member.example');
    expect(file).not.toContain('service.example');
    const [header, ...body] = parseCsv(file);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    for (const row of body)
      for (const cell of row) if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(FORMULA_START);
    const asks = body.filter((row) => row[column('user')] === member.id);
    expect(asks.map((row) => row[column('outcome')])).toEqual(['other']);
    const crafted = body.find((row) => row[column('id')] === "'@SUM(1+1)");
    expect(crafted && Object.fromEntries(header?.map((name, i) => [name, crafted[i]]) ?? [])).toMatchObject({
      channel: `'=HYPERLINK("http://x")`,
      user: "'-2+3",
      size: "'+cmd|' /C calc'!A0",
      images: '1',
      outcome: 'partial',
    });
  });
});
