/** An interaction's reply that goes on through the bot token once the token ends. */

import { ACCENT } from '../reply/layout.js';
import { FollowUpLimitReached } from '../reply/sink.js';
import type { InteractionWebhook, OutgoingMessage, TokenWebhook } from '../reply/webhook.js';
import { channelMessageWrites } from './bucketWatch.js';
import { type BotTokenContinuation, request } from './outgoing.js';
import { INTERACTION_TOKEN_TTL_MS, isDeadTokenError, tokenSwitchAt } from './tokenLifetime.js';

/**
 * The token's writes until it is about to expire, Discord refuses it, or it has posted all its
 * follow-ups (a user install in the bot's DM), then the same writes as bot messages in the
 * channel, for the rest of the reply. Bot-token writes share the global
 * limit: a chat reply's edits are paced as its sink says when it starts streaming (see
 * render/editPacing.ts and `usesBotToken`), so a reply that starts after the switch (a long
 * wait in line) is paced, and one that switches mid-stream keeps the webhook's pace to its end.
 */
export function continuingWebhook(
  viaToken: TokenWebhook,
  bot: BotTokenContinuation,
  channelId: string,
  createdAt: number,
  guildLocale: string | null | undefined,
): InteractionWebhook {
  const log = bot.logger.child({ channelId });
  const switchAt = tokenSwitchAt(createdAt, bot.tokenTtlMs ?? INTERACTION_TOKEN_TTL_MS);
  // Bot messages in a channel share the channel's bucket.
  const channel = channelMessageWrites(bot.rest, channelId, () => bot.clock.now());
  const post = (message: OutgoingMessage) => channel.post(request(message));
  const patch = (id: string, message: OutgoingMessage) => channel.patch(id, request(message));

  let originalId: string | undefined;
  let switched: Promise<void> | undefined;
  const learn = (id: string) => {
    originalId ??= id;
    clearTimeout(lookup);
    return id;
  };
  // The first message's id must be known before the switch: a reply that wrote nothing yet
  // (first in line, waiting for the service) looks it up while the token still works.
  const lookup = setTimeout(
    () => {
      if (originalId !== undefined || switched) return;
      viaToken.originalId().then(learn, (error: unknown) => {
        log.warn({ err: error }, 'could not look up the reply’s first message');
      });
    },
    Math.max(0, switchAt - bot.clock.now()),
  );
  lookup.unref();

  function switchToBotToken(refusal?: unknown): Promise<void> {
    switched ??= (async () => {
      clearTimeout(lookup);
      if (refusal === undefined) {
        if (originalId === undefined) {
          try {
            learn(await viaToken.originalId());
          } catch (error) {
            log.warn({ err: error }, 'could not look up the reply’s first message');
          }
        }
        log.info('the interaction token is about to expire: the reply continues through the bot token');
      } else {
        log.warn(
          { err: refusal },
          'Discord refused the interaction token: the reply continues through the bot token',
        );
      }
    })();
    return switched;
  }

  async function write<T>(withToken: () => Promise<T>, withBotToken: () => Promise<T>): Promise<T> {
    if (!switched && bot.clock.now() >= switchAt) void switchToBotToken();
    if (switched) {
      await switched;
      return withBotToken();
    }
    try {
      return await withToken();
    } catch (error) {
      // Also where the token has posted all the follow-ups Discord allows (a user install in the
      // bot's DM): the bot token has no such limit.
      if (!isDeadTokenError(error) && !(error instanceof FollowUpLimitReached)) throw error;
      await switchToBotToken(error);
      return withBotToken();
    }
  }

  // One new first message at a time: a write arriving while it is posted edits it after.
  let firstPost: Promise<string> | undefined;
  const editOriginalWithBotToken = async (message: OutgoingMessage) => {
    while (originalId === undefined && firstPost) {
      const pending = firstPost;
      await pending.catch(() => undefined);
      if (firstPost === pending) firstPost = undefined; // it failed: this write posts
    }
    if (originalId) {
      await patch(originalId, message);
      return originalId;
    }
    // The token died before any write showed the first message: the reply goes on in a new one.
    log.warn('the reply’s first message is unknown: the reply continues in a new message');
    firstPost = post(message).then(learn);
    return firstPost;
  };

  return {
    usesBotToken: () => switched !== undefined || bot.clock.now() >= switchAt,
    rateBucket: () => (switched ? channel.bucket.current() : viaToken.rateBucket?.()),
    editOriginal: (message) =>
      write(
        async () => learn(await viaToken.editOriginal(message)),
        () => editOriginalWithBotToken(message),
      ),
    // A private message exists only on the webhook: it stays there (a dead token fails it).
    followUp: (message) =>
      message.private
        ? viaToken.followUp(message)
        : write(
            () => viaToken.followUp(message),
            () => post(message),
          ),
    editFollowUp: (id, message) =>
      write(
        () => viaToken.editFollowUp(id, message),
        () => patch(id, message),
      ),
    // Without the token the refusal cannot be private: it replaces the reply, saying only that
    // (the member's spend is not for the channel), in the server's language.
    withdraw: (content, offer, layout) => {
      clearTimeout(lookup);
      return write(
        () => viaToken.withdraw(content, offer, layout),
        async () => {
          await editOriginalWithBotToken({
            content: bot.publicRefusal(guildLocale),
            components: [],
            layout,
            card: { accent: ACCENT.refusal },
          });
        },
      );
    },
  };
}
