/** Members' messages: mentions, replies, DMs and bot threads continue the channel's conversation. */
import { Events } from 'discord.js';
import { withErrorBoundary } from '../discord/errorBoundary.js';
import { NO_PINGS } from '../discord/messages.js';
import { messageVoices } from '../i18n/voices.js';
import { type AnswerMessageDeps, answerMessage, messageTrigger } from './answerMessage.js';
import type { Event } from './event.js';

/** What the handler reads itself (the intent, the error boundary's), and what answering declares. */
export type MessageCreateDeps = AnswerMessageDeps & {
  readonly config: { readonly messageContentIntent: boolean };
} & Parameters<typeof withErrorBoundary>[0];

export function createMessageCreate(deps: MessageCreateDeps) {
  return {
    name: Events.MessageCreate,
    execute(message) {
      // Members talking among themselves (nearly every message): nothing to do, no promise made.
      const trigger = messageTrigger(message, deps.config.messageContentIntent);
      if (!trigger) return;
      return withErrorBoundary(
        deps,
        { messageId: message.id, channelId: message.channelId },
        // A reply in the channel: the channel's words (in a DM, the member's).
        (say) => {
          const { server } = messageVoices(deps.i18n, {
            authorId: message.author.id,
            serverLocale: message.guild?.preferredLocale ?? null,
          });
          return message.reply({ content: say(server), allowedMentions: NO_PINGS });
        },
        () => answerMessage(deps, message, trigger),
      );
    },
  } satisfies Event<Events.MessageCreate>;
}
