/**
 * Our bot's two layouts in one run: `ours` answers in the local Discord's first guild (V2 cards,
 * the default), `oursClassic` in a second guild that a server manager set to the classic layout
 * once, before the warm-up (`/config features classic_layout:true`). The same bot process serves
 * both, so the two stream under the same conditions; every reply's messages are checked for the
 * layout of its guild, so that no round mixes them.
 */
import {
  type LocalDiscord,
  type LocalMessage,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { IS_COMPONENTS_V2 } from '../../src/reply/layout.js';
import { ACTIVE, type PolicyKey } from './conditions.js';

/** The guilds the local Discord needs: a second one when oursClassic runs. */
export const GUILDS_PER_SHARD = ACTIVE.includes('oursClassic') ? 2 : 1;

/** The channels a policy's replies are asked in: oursClassic's guild's, else the first guild's. */
export function channelsOf(discord: LocalDiscord, policy: PolicyKey): readonly string[] {
  if (policy !== 'oursClassic') return discord.channelIds;
  const guild = discord.guilds[1];
  if (!guild) throw new Error('side by side: oursClassic needs a second guild (GUILDS_PER_SHARD)');
  return guild.channelIds;
}

/** Sets oursClassic's guild to the classic layout, as a server manager would; waits for the answer. */
export async function useClassicLayout(discord: LocalDiscord): Promise<void> {
  const channelId = channelsOf(discord, 'oursClassic')[0] as string;
  const interaction = discord.sendCommand({
    name: 'config',
    subcommand: 'features',
    options: { classic_layout: true },
    channelId,
    user: discord.user('bench-admin', 'Bench Admin'),
    permissions: SERVER_MANAGER_PERMISSIONS,
  });
  const answer = await discord.waitFor(
    () => discord.replyMessages(interaction).find((message) => message.content !== '')?.content,
    15_000,
    'the answer to /config features classic_layout:true',
  );
  // Its answer lists the features, the layout with them ("… classic layout …: on").
  if (!/classic layout[^\n]*: on/i.test(answer))
    throw new Error(`side by side: /config features classic_layout:true answered:\n${answer}`);
}

/** The layout a policy's messages must be in. */
const wantsV2 = (policy: PolicyKey) => policy !== 'oursClassic';

/** Whether every message of a reply is in its policy's layout (our bot's policies only). */
export function inItsLayout(policy: PolicyKey, messages: readonly LocalMessage[]): boolean {
  return (
    messages.length > 0 &&
    messages.every((message) => ((message.flags & IS_COMPONENTS_V2) !== 0) === wantsV2(policy))
  );
}
