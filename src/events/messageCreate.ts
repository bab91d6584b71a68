/** Members' messages: mentions, replies, DMs and bot threads continue the channel's conversation. */
import { Events } from 'discord.js';
import { answerMessage, messageTrigger } from '../chat/answerMessage.js';
import { withErrorBoundary } from '../discord/errorBoundary.js';
import { NO_PINGS } from '../discord/messages.js';
import type { Event } from './event.js';

export const messageCreate = {
  name: Events.MessageCreate,
  execute({ context }, message) {
    // Members talking among themselves (nearly every message): nothing to do, no promise made.
    const trigger = messageTrigger(message, context.config.messageContentIntent);
    if (!trigger) return;
    return withErrorBoundary(
      context,
      { messageId: message.id, channelId: message.channelId },
      (content) => message.reply({ content, allowedMentions: NO_PINGS }),
      () => answerMessage(message, context, trigger),
    );
  },
} satisfies Event<Events.MessageCreate>;
