/**
 * Talking to the bot without a command: a message that mentions it, a reply to one of its
 * messages, any message in a DM, and (with the Message Content intent) any message in a thread
 * the bot opened. Each continues the channel's conversation like /ask; which messages count is
 * in prompt.ts.
 */
import type { Message } from 'discord.js';
import type { BotContext } from '../context.js';
import { parentChannelId } from '../discord/channels.js';
import { NO_PINGS, RESTARTING_NOW } from '../discord/messages.js';
import { channelReplySink } from '../discord/replySinks.js';
import { CHANNEL_NOT_ALLOWED } from '../settings/resolve.js';
import {
  isBlank,
  isForTheBot,
  MENTION_HINT,
  type MessageTrigger,
  promptFromMessage,
  promptProblem,
} from './prompt.js';
import { runQueuedChatTurn } from './queue.js';
import { prepareChatRequest } from './request.js';

export async function answerMessage(message: Message, context: BotContext): Promise<void> {
  const botId = message.client.user.id;
  if (message.author.bot || message.system || message.webhookId) return;
  const channel = message.channel;
  const trigger: MessageTrigger = {
    inDm: !message.inGuild(),
    mentionsBot: message.mentions.users.has(botId),
    repliesToBot: message.mentions.repliedUser?.id === botId,
    inBotThread: channel.isThread() && channel.ownerId === botId,
    contentIntent: context.config.messageContentIntent,
  };
  if (!isForTheBot(trigger)) return;
  const guildId = message.guildId;
  // A server that turned mentions off gets silence: the bot must not talk where it was told not to.
  if (guildId && !(await context.settings.guild(guildId)).answerMentions) return;

  const reply = (content: string) => message.reply({ content, allowedMentions: NO_PINGS });
  if (context.shutdown.aborted) return void (await reply(RESTARTING_NOW));
  const prompt = promptFromMessage(message.content, botId, {
    user: (id) =>
      message.mentions.members?.get(id)?.displayName ?? message.mentions.users.get(id)?.displayName,
    role: (id) => message.mentions.roles.get(id)?.name,
  });
  const problem = promptProblem(prompt);
  if (problem) {
    // An empty prompt from a reply or thread message may just be content Discord withheld.
    if (isBlank(prompt) && !trigger.inDm && !trigger.mentionsBot) return;
    await reply(isBlank(prompt) ? MENTION_HINT : problem);
    return;
  }
  const userName = message.member?.displayName ?? message.author.displayName;
  const parentId = parentChannelId(message);
  const prepared = await prepareChatRequest(context, {
    guildId,
    channelId: message.channelId,
    parentId,
    userId: message.author.id,
    userName,
    options: {},
  });
  if (!prepared.ok) {
    if (prepared.error !== CHANNEL_NOT_ALLOWED) await reply(prepared.error);
    return;
  }
  const sink = channelReplySink(context.discordRest, message.channelId, message.id, (error) =>
    context.logger.debug({ err: error }, 'could not show typing'),
  );
  try {
    await runQueuedChatTurn(
      context,
      {
        guildId,
        channelId: message.channelId,
        replyChannelId: message.channelId,
        userId: message.author.id,
        userName,
        ask: { kind: 'new', prompt },
        settings: prepared.settings,
        options: {},
      },
      sink,
    );
  } finally {
    prepared.slot.release();
    // A turn that failed before writing anything must not start "typing…" after the error.
    sink.stopTyping();
  }
}
