/** `/ask thread:true`: a public thread opened from the reply, where the conversation continues. */
import {
  type APIChannel,
  PermissionFlagsBits,
  type REST,
  type RepliableInteraction,
  Routes,
} from 'discord.js';
import type { Translator } from '../../src/i18n/translator.js';
import type { Logger } from '../../src/lib/logger.js';
import { discordReason } from '../../src/reply/discordReason.js';

/**
 * Whether the member may open the thread themselves: the bot opens it with its own permissions,
 * so it must not open one where the member could not (Create Public Threads, as Discord computed
 * it for the member in this channel and sent with the interaction).
 */
export function memberMayCreateThreads(interaction: RepliableInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.CreatePublicThreads) ?? false;
}

/** The prompt's first line; `t`: the server's voice, for a name the bot must choose itself. */
export function threadName(t: Translator, prompt: string): string {
  const line = prompt.split('\n')[0]?.trim() ?? '';
  const name = line.length > 90 ? `${line.slice(0, 89)}…` : line;
  return name || t.t('chat.threadName');
}

/** Opens a public thread from the reply; returns its id, or why it could not (in `t`'s words). */
export async function openThread(
  deps: { readonly discordRest: Pick<REST, 'post'>; readonly logger: Pick<Logger, 'warn'> },
  t: Translator,
  channelId: string,
  messageId: string,
  prompt: string,
): Promise<{ id: string } | { error: string }> {
  try {
    const thread = (await deps.discordRest.post(Routes.threads(channelId, messageId), {
      body: { name: threadName(t, prompt), auto_archive_duration: 1440 },
    })) as APIChannel;
    return { id: thread.id };
  } catch (error) {
    deps.logger.warn({ err: error, channelId }, 'could not open a thread');
    return { error: discordReason(t, error) };
  }
}
