/**
 * `/usage show` timed through the whole command: the built bot (its own process, on the stored
 * 400-day SQLite file) in a local Discord whose guilds are the first scopes of that store; a
 * member with Manage Server sends `/usage show period:<p>` and the time runs from the
 * interaction's dispatch to Discord holding the answer with its chart (the deferral, the ledger's
 * reads, the budget line, the text, the PNG and its upload). Each guild is asked once per period,
 * this month first, so each read is cold (nothing of that scope in the bot's memory yet).
 *
 * The bot's retention sweep starts a minute after it is up and walks every entry (millions in a
 * full run): a bot is restarted on the same file before that minute is out, so no command shares
 * the process with a sweep. The REST delay is 0: the figure is the bot's, plus loopback.
 */
import type { LocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { SERVER_MANAGER_PERMISSIONS } from '../../src/localDiscord/model.js';
import type { FakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';

/** Restart the bot once it has been up this long (its first sweep comes at 60 s). */
const FRESH_FOR_MS = 45_000;

export type Period = 'this-month' | 'all-time';

export interface UsageTimings {
  readonly commands: number;
  readonly botStarts: number;
  readonly ms: Record<Period, number[]>;
  /** Every answer had its chart and the expected number of requests. */
  readonly allAnswered: boolean;
}

export async function timeUsageCommands(
  discord: LocalDiscord,
  service: FakeService,
  databaseDir: string,
  expectedAllTime: number,
): Promise<UsageTimings> {
  const ms: Record<Period, number[]> = { 'this-month': [], 'all-time': [] };
  let bot: BotProcess | undefined;
  let upSince = 0;
  let botStarts = 0;
  let allAnswered = true;
  const fresh = async () => {
    if (bot && performance.now() - upSince < FRESH_FOR_MS) return;
    await bot?.stop();
    bot = startBotProcess(discord, service, { databaseDir });
    await bot.ready();
    upSince = performance.now();
    botStarts += 1;
  };
  try {
    for (const guild of discord.guilds) {
      const channelId = guild.channelIds[0];
      if (!channelId) throw new Error(`guild ${guild.id} has no channel`);
      await fresh();
      for (const period of ['this-month', 'all-time'] as const) {
        const interaction = discord.sendCommand({
          name: 'usage',
          subcommand: 'show',
          options: { period },
          channelId,
          permissions: SERVER_MANAGER_PERMISSIONS,
        });
        const answer = await discord.waitFor(
          () => discord.replyMessages(interaction).find((message) => message.attachments.length > 0),
          30_000,
          `the /usage ${period} answer in ${guild.id}`,
        );
        ms[period].push((answer.versions.at(-1)?.at ?? Number.NaN) - interaction.createdAt);
        if (period === 'all-time' && !answer.content.includes(`over ${expectedAllTime} requests`))
          allAnswered = false;
      }
    }
  } catch (error) {
    console.error(bot?.output().slice(-3000));
    throw error;
  } finally {
    await bot?.stop();
  }
  return { commands: ms['this-month'].length + ms['all-time'].length, botStarts, ms, allAnswered };
}
