/**
 * The bot as its own process (as `npm start` runs it), against the fakes: a burst of 50 asks
 * against a budget cap, then an alert and the next command. The in-process suites run the bot
 * beside the fakes; this checks the same sequence across real process boundaries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalDiscord,
  type LocalInteraction,
  SERVER_MANAGER_PERMISSIONS,
  startLocalDiscord,
} from '../../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';

let discord: LocalDiscord;
let service: FakeService;
let bot: BotProcess;
beforeAll(async () => {
  discord = await startLocalDiscord({ channelCount: 60 });
  service = await startFakeService();
  bot = startBotProcess(discord, service, { fromSource: true });
  await bot.ready();
}, 60_000);
afterAll(async () => {
  await bot?.stop();
  await discord?.close();
  await service?.close();
});

describe('the bot as its own process', () => {
  it('serves exactly the asks a cap allows in a burst of 50, then alerts and keeps answering at once', async () => {
    const admin = discord.user('admin');
    const member = discord.user('member');
    const budget = async (
      sub: string,
      options: Record<string, number> = {},
      channelOptions?: Record<string, string>,
    ) => {
      const interaction = discord.sendCommand({
        name: 'budget',
        subcommand: sub,
        options,
        user: admin,
        permissions: SERVER_MANAGER_PERMISSIONS,
        ...(channelOptions && { channelOptions }),
      });
      return discord.waitFor(() => discord.replyMessages(interaction)[0]?.content || undefined);
    };
    const finished = (interaction: LocalInteraction) =>
      discord.waitFor(() => {
        const text = discord.replyMessages(interaction)[0]?.content ?? '';
        return text.includes('💰') || text.includes('⛔') ? text : undefined;
      }, 20_000);
    const ask = (channel: number, maxTokens: number) =>
      discord.sendCommand({
        name: 'ask',
        options: { prompt: 'go', max_tokens: maxTokens },
        channelId: discord.channelIds[channel] as string,
        user: member,
      });

    const alertChannel = discord.channelIds[55] as string;
    const alerts = () => discord.channelMessages(alertChannel).map((message) => message.content);
    await budget('alerts', {}, { channel: alertChannel });
    // Each ask reserves and really costs 401 micro-units: a cap of 4,010 allows ten.
    expect(await budget('set', { monthly: 0.00401 })).toContain('Monthly cap: USD\u00a00.00401');
    for (let i = 0; i < 50; i += 1) {
      service.enqueue({
        text: 'ok',
        usage: { input_tokens: 3, output_tokens: 1000 },
        chunks: 1,
        headersDelayMs: 100,
      });
    }
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => finished(ask(i, 1000))));
    expect(outcomes.filter((text) => text.includes('💰'))).toHaveLength(10);
    expect(service.chatRequests()).toHaveLength(10);

    // The burst used the whole cap: the 100 % alert (an 80 % one may come first), each once.
    const full =
      "📈 This server's spend on the bot this month reached 100 % of its cap: USD\u00a00.00401 of USD\u00a00.00401. New requests are refused until the cap is raised (/budget) or the month ends.";
    await discord.waitFor(() => alerts().includes(full), 5_000, 'the 100 % alert');
    const burstAlerts = alerts().length;
    expect(burstAlerts).toBeLessThanOrEqual(2);
    expect(alerts().filter((text) => text.includes('100 %'))).toHaveLength(1);

    // 4,010 + 401 = 4,411 is 80 % of 5,513.75: the next ask crosses 80 % of a 0.005513 cap.
    await budget('set', { monthly: 0.005513 });
    service.enqueue({ text: 'ok', usage: { input_tokens: 3, output_tokens: 1000 } });
    expect(await finished(ask(56, 1000))).toContain('💰');
    await discord.waitFor(() => alerts().length > burstAlerts, 5_000, 'the 80 % alert of the new cap');
    expect(alerts().at(-1)).toBe(
      "📈 This server's spend on the bot this month reached 80 % of its cap: USD\u00a00.004411 of USD\u00a00.005513.",
    );

    const next = ask(57, 1);
    const started = performance.now();
    await discord.waitFor(() => next.callbacks.length > 0, 3_000, 'the next command to be acknowledged');
    expect(performance.now() - started).toBeLessThan(3_000);
    await finished(next);
  });
});
