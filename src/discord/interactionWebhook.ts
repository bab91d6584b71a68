/**
 * Every write after an interaction's first response (edits of the reply, follow-ups, files)
 * goes through its webhook with the interaction token, on a REST client of its own: Discord
 * does not count these against the bot's global rate limit (50 requests/s), but discord.js's
 * shared client does, which would delay every streamed edit once ~50 replies stream at once.
 * Per-route limits (about 5 requests per 2 s per token) are still honoured by this client.
 *
 * The token lives 15 minutes (tokenLifetime.ts). A reply that would outlive it (a long wait in
 * the channel's queue, a slow generation) goes on through the bot token a margin before it
 * expires, and at once when Discord refuses the token sooner: the first message is edited
 * through the channel route and follow-ups become bot messages in the channel, so the member
 * sees one continuous reply. Private follow-ups have no bot-token equivalent and stay on the
 * webhook. An interaction has one webhook, shared by all that write for it (its handler, then the
 * error boundary), so a failure replaces the reply's first message wherever the reply went on.
 */
import {
  type APIMessage,
  MessageFlags,
  makeURLSearchParams,
  type RawFile,
  REST,
  type RESTOptions,
  Routes,
} from 'discord.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { MessageComponents } from './buttons.js';
import { messageBody } from './messages.js';
import { INTERACTION_TOKEN_TTL_MS, isDeadTokenError, tokenSwitchAt } from './tokenLifetime.js';

/** What replies need to go on through the bot token once their interaction's token ends. */
export interface BotTokenContinuation {
  /** The bot's REST client (bot token, under the global limit). */
  readonly rest: REST;
  /** How long interaction tokens live (default: Discord's 15 minutes; tests shorten it). */
  readonly tokenTtlMs?: number | undefined;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** The interaction-token REST client; its webhooks continue through `continuation` when given. */
export class InteractionRest extends REST {
  /** Each interaction's webhook; keyed by the interaction, an entry goes when its interaction does. */
  readonly webhooks = new WeakMap<InteractionToken, InteractionWebhook>();

  constructor(
    options: Partial<RESTOptions>,
    readonly continuation?: BotTokenContinuation,
  ) {
    super(options);
  }
}

export function createInteractionRest(
  apiUrl: string | undefined,
  continuation?: BotTokenContinuation,
): InteractionRest {
  return new InteractionRest(
    { ...(apiUrl !== undefined && { api: apiUrl }), globalRequestsPerSecond: 10_000 },
    continuation,
  );
}

export interface OutgoingMessage {
  readonly content: string;
  /** Undefined leaves a message's buttons as they are. */
  readonly components?: MessageComponents | undefined;
  /** Attachments (uploaded as multipart). */
  readonly files?: readonly { readonly name: string; readonly data: Buffer }[];
}

export interface InteractionWebhook {
  /** Edits the interaction's first response; resolves to its message id. */
  editOriginal(message: OutgoingMessage): Promise<string>;
  /** Posts a follow-up; resolves to its message id. */
  followUp(message: OutgoingMessage & { readonly private?: boolean }): Promise<string>;
  editFollowUp(id: string, message: OutgoingMessage): Promise<void>;
  /** Withdraws the (deferred) first response and tells the member privately why. */
  withdraw(content: string): Promise<void>;
  /** Whether writes now go through the bot token (the interaction's token ended or was refused). */
  usesBotToken?(): boolean;
}

/** What the webhook routes need of an interaction; the rest, for the bot-token continuation. */
export interface InteractionToken {
  readonly applicationId: string;
  readonly token: string;
  /** When Discord created the interaction: its token's lifetime starts then. */
  readonly createdTimestamp?: number;
  /** Where its reply is (bot-token writes post and edit there). */
  readonly channelId?: string | null;
  /** A private reply has no bot-token equivalent: it stays on the token. */
  readonly ephemeral?: boolean | null;
}

function request(message: OutgoingMessage, flags?: number): { body: object; files?: RawFile[] } {
  const files = message.files ?? [];
  const body = {
    ...messageBody(message.content, message.components),
    ...(flags !== undefined && { flags }),
    ...(files.length > 0 && { attachments: files.map((file, id) => ({ id, filename: file.name })) }),
  };
  return files.length > 0 ? { body, files: files.map((file) => ({ ...file })) } : { body };
}

/** The interaction's webhook: the same one for every caller (it knows where the reply is). */
export function interactionWebhook(rest: REST, interaction: InteractionToken): InteractionWebhook {
  const shared = rest instanceof InteractionRest ? rest.webhooks : undefined;
  let webhook = shared?.get(interaction);
  if (!webhook) {
    webhook = newWebhook(rest, interaction);
    shared?.set(interaction, webhook);
  }
  return webhook;
}

/** A private follow-up: always on the token, so it needs (and starts) nothing of the continuation. */
export function privateFollowUp(rest: REST, interaction: InteractionToken, content: string): Promise<string> {
  return tokenWebhook(rest, interaction).followUp({ content, private: true });
}

/** What a refusal says once it can only be public: the member's spend is not for the channel. */
export const PUBLIC_REFUSAL = '⛔ This request was refused. Ask again to be told why (only you will see it).';

function newWebhook(rest: REST, interaction: InteractionToken): InteractionWebhook {
  const viaToken = tokenWebhook(rest, interaction);
  const continuation = rest instanceof InteractionRest ? rest.continuation : undefined;
  const { channelId, createdTimestamp } = interaction;
  if (!continuation || !channelId || createdTimestamp === undefined || interaction.ephemeral) return viaToken;
  return continuingWebhook(viaToken, continuation, channelId, createdTimestamp);
}

interface TokenWebhook extends InteractionWebhook {
  /** The id of the first response (GET @original). */
  originalId(): Promise<string>;
}

function tokenWebhook(rest: REST, { applicationId, token }: InteractionToken): TokenWebhook {
  const messageRoute = (id: string) => Routes.webhookMessage(applicationId, token, id);
  const post = async (message: OutgoingMessage, flags?: number) => {
    const sent = (await rest.post(Routes.webhook(applicationId, token), {
      ...request(message, flags),
      auth: false,
      query: makeURLSearchParams({ wait: true }),
    })) as APIMessage;
    return sent.id;
  };
  const patch = async (id: string, message: OutgoingMessage) =>
    (await rest.patch(messageRoute(id), { ...request(message), auth: false })) as APIMessage;

  return {
    editOriginal: async (message) => (await patch('@original', message)).id,
    followUp: (message) => post(message, message.private ? MessageFlags.Ephemeral : undefined),
    async editFollowUp(id, message) {
      await patch(id, message);
    },
    async withdraw(content) {
      await rest.delete(messageRoute('@original'), { auth: false });
      await post({ content }, MessageFlags.Ephemeral);
    },
    originalId: async () => ((await rest.get(messageRoute('@original'), { auth: false })) as APIMessage).id,
  };
}

/**
 * The token's writes until it is about to expire or Discord refuses it, then the same writes as
 * bot messages in the channel, for the rest of the reply. Bot-token writes share the global
 * limit: a chat reply's edits are paced as its sink says when it starts streaming (see
 * render/editPacing.ts and `usesBotToken`), so a reply that starts after the switch (a long
 * wait in line) is paced, and one that switches mid-stream keeps the webhook's pace to its end.
 */
function continuingWebhook(
  viaToken: TokenWebhook,
  bot: BotTokenContinuation,
  channelId: string,
  createdAt: number,
): InteractionWebhook {
  const log = bot.logger.child({ channelId });
  const switchAt = tokenSwitchAt(createdAt, bot.tokenTtlMs ?? INTERACTION_TOKEN_TTL_MS);
  const post = async (message: OutgoingMessage) =>
    ((await bot.rest.post(Routes.channelMessages(channelId), request(message))) as APIMessage).id;
  const patch = async (id: string, message: OutgoingMessage) => {
    await bot.rest.patch(Routes.channelMessage(channelId, id), request(message));
  };

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
      if (!isDeadTokenError(error)) throw error;
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
    // Without the token the refusal cannot be private: it replaces the reply, saying only that.
    withdraw: (content) => {
      clearTimeout(lookup);
      return write(
        () => viaToken.withdraw(content),
        async () => {
          await editOriginalWithBotToken({ content: PUBLIC_REFUSAL, components: [] });
        },
      );
    },
  };
}
