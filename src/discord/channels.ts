import type { TextBasedChannel } from 'discord.js';

/**
 * The parent channel when a message or interaction happened in a thread (threads follow their
 * parent's settings); null elsewhere.
 */
export function parentChannelId(source: { readonly channel: TextBasedChannel | null }): string | null {
  const channel = source.channel;
  return channel?.isThread() ? channel.parentId : null;
}
