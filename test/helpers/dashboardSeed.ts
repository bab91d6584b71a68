/**
 * Realistic spend for the dashboard's browser test and its screenshot: this month's days so
 * far, several members (some holding roles with a rule), models, images and channels, charged
 * straight into the bot's ledger (the page reads nothing else).
 */
import type { LocalUser } from '../../src/localDiscord/localDiscord.js';
import { createRole } from '../../src/localDiscord/members.js';
import type { LocalRole } from '../../src/localDiscord/roles.js';
import type { UsageRecord } from '../../src/spend/records.js';
import type { Harness } from './harness.js';

const DAY = 86_400_000;
const CHAT = ['service-v1-flash', 'service-v1-pro', 'service-v1-flash-extended'] as const;

export interface Seeded {
  readonly members: readonly LocalUser[];
  readonly roles: readonly LocalRole[];
  /** How many entries were charged. */
  readonly charged: number;
}

/** Charges a month so far of varied spend in the harness's first guild, up to yesterday. */
export async function seedSpend(h: Harness, now = Date.now()): Promise<Seeded> {
  const roles = ['Supporter', 'Artist', 'Moderator'].map((name) => createRole(h.discord, name));
  const members = [
    ['ana', 'Ana'],
    ['ben', 'Ben'],
    ['chloe', 'Chloe'],
    ['dev', 'Dev'],
  ].map(([username, name]) => h.discord.user(username as string, name as string));
  // Who holds which roles: Ana both Supporter and Artist, Ben Supporter, Chloe Moderator, Dev none.
  const held = [[0, 1], [0], [2], []].map((indexes) => indexes.map((i) => (roles[i] as LocalRole).id));
  const startOfDay = now - (now % DAY);
  const days = new Date(now).getUTCDate() - 1;
  let charged = 0;
  for (let day = 1; day <= days; day += 1) {
    const time = startOfDay - (days - day + 1) * DAY + 12 * 3_600_000;
    // A few requests a day, more mid-month and on some weekdays: a chart with a shape.
    const count = 2 + ((day * 7) % 5) + (day % 6 === 0 ? 4 : 0);
    for (let i = 0; i < count; i += 1) {
      const who = (day + i * 3) % members.length;
      const base = {
        id: `seed-${day}-${i}`,
        time: time + i * 60_000,
        guildId: h.discord.guildId,
        channelId: h.discord.channelIds[(day + i) % h.discord.channelIds.length] as string,
        userId: (members[who] as LocalUser).id,
        estimated: false,
        outcome: 'completed',
        ...((held[who] as string[]).length > 0 && { roleIds: held[who] }),
      };
      const record: UsageRecord =
        (day + i) % 9 === 0
          ? {
              ...base,
              kind: 'image',
              model: 'service-image-v1',
              size: '512x512',
              n: 1 + (i % 2),
              imagesDelivered: 1 + (i % 2),
            }
          : {
              ...base,
              kind: 'chat',
              model: CHAT[(day * 3 + i) % CHAT.length] as string,
              inputTokens: 12_000 + ((day * 977 + i * 331) % 48_000),
              outputTokens: 2_400 + ((day * 613 + i * 127) % 20_000),
            };
      await h.running.bot.capabilities.spend.ledger.charge(record);
      charged += 1;
    }
  }
  // Rules for two of the roles and a monthly cap, so the page's other sections have something to show.
  const { roleRules, budgets } = h.running.bot.capabilities.spend;
  await roleRules.set(h.discord.guildId, { roleId: (roles[0] as LocalRole).id, dailyCapMicros: 2_000_000 });
  await roleRules.set(h.discord.guildId, {
    roleId: (roles[1] as LocalRole).id,
    models: ['service-v1-pro'],
    imagine: true,
  });
  await budgets.update(h.discord.guildId, { monthlyCapMicros: 40_000_000 });
  return { members, roles, charged };
}
