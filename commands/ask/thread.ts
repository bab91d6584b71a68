/** `/ask thread:true`: a public thread opened from the reply, where the conversation continues. */
import { type APIChannel, Routes } from 'discord.js';
import type { BotContext } from '../../src/context.js';
import { discordReason } from '../../src/discord/errorBoundary.js';

export function threadName(prompt: string): string {
  const line = prompt.split('\n')[0]?.trim() ?? '';
  const name = line.length > 90 ? `${line.slice(0, 89)}…` : line;
  return name || 'Conversation';
}

/** Opens a public thread from the reply; returns its id, or why it could not. */
export async function openThread(
  context: BotContext,
  channelId: string,
  messageId: string,
  prompt: string,
): Promise<{ id: string } | { error: string }> {
  try {
    const thread = (await context.discordRest.post(Routes.threads(channelId, messageId), {
      body: { name: threadName(prompt), auto_archive_duration: 1440 },
    })) as APIChannel;
    return { id: thread.id };
  } catch (error) {
    context.logger.warn({ err: error, channelId }, 'could not open a thread');
    return { error: discordReason(error) };
  }
}
