/** Members' messages: mentions, replies, DMs and bot threads continue the channel's conversation. */
import { Events } from 'discord.js';
import { answerMessage } from '../chat/answerMessage.js';
import { withErrorBoundary } from '../discord/errorBoundary.js';
import { NO_PINGS } from '../discord/messages.js';
import type { Event } from './event.js';

export const messageCreate = {
  name: Events.MessageCreate,
  async execute({ context }, message) {
    await withErrorBoundary(
      context,
      { messageId: message.id, channelId: message.channelId },
      (content) => message.reply({ content, allowedMentions: NO_PINGS }),
      () => answerMessage(message, context),
    );
  },
} satisfies Event<Events.MessageCreate>;
