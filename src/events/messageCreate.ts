/** Members' messages: mentions, replies, DMs and bot threads continue the channel's conversation. */
import { Events } from 'discord.js';
import { answerMessage, messageTrigger } from '../chat/answerMessage.js';
import { withErrorBoundary } from '../discord/errorBoundary.js';
import { NO_PINGS } from '../discord/messages.js';
import { messageVoices } from '../i18n/voices.js';
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
      // A reply in the channel: the channel's words (in a DM, the member's).
      (say) => {
        const { server } = messageVoices(context.i18n, {
          authorId: message.author.id,
          serverLocale: message.guild?.preferredLocale ?? null,
        });
        return message.reply({ content: say(server), allowedMentions: NO_PINGS });
      },
      () => answerMessage(message, context, trigger),
    );
  },
} satisfies Event<Events.MessageCreate>;
