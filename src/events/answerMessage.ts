/**
 * Talking to the bot without a command: a message that mentions it, a reply to one of its
 * messages, any message in a DM, and (with the Message Content intent) any message in a thread
 * the bot opened. The adapter of the chat service (chat/chatService.ts) for messages: it says
 * where the question came from (the message) and where the reply is written (bot messages
 * replying to it); which messages count is in chat/prompt.ts. Where the bot may not post, it has
 * nowhere to say so: it does not call the service, and logs why.
 */
import { DiscordAPIError, type MessageMentionOptions, PermissionFlagsBits } from 'discord.js';
import { type AskFilesDeps, promptWithFiles } from '../chat/askFiles.js';
import type { ChatService } from '../chat/chatService.js';
import { isForTheBot, type MessageTrigger, promptFromMessage } from '../chat/prompt.js';
import type { LayoutFallback } from '../discord/layoutFallback.js';
import { NO_PINGS } from '../discord/messages.js';
import { channelReplySink } from '../discord/replySinks.js';
import type { AttachmentInfo } from '../files/attachments.js';
import { memberNote } from '../files/fileNote.js';
import { fileTooBig } from '../files/readFiles.js';
import { messageVoices, type Voices } from '../i18n/voices.js';
import { isBlank } from '../lib/blank.js';
import type { Logger } from '../lib/logger.js';
import type { ReplySink } from '../reply/streamRenderer.js';
import { promptProblem } from '../settings/promptRules.js';
import type { Settings } from '../settings/settingsStore.js';
import { memberRoleIds } from '../spend/roleRules.js';

/**
 * What answering a message reads: the chat service, the server's answer-mentions setting, the
 * locales, the bot's REST client for the reply, a logger, and the readers of its files.
 */
export interface AnswerMessageDeps extends AskFilesDeps {
  readonly chat: Pick<ChatService, 'ask'>;
  readonly settings: Pick<Settings, 'guild'>;
  readonly logger: Pick<Logger, 'warn' | 'debug'>;
  readonly i18n: Parameters<typeof messageVoices>[0];
  /** The bot's REST client (bot token): the reply is a channel message. */
  readonly discordRest: Parameters<typeof channelReplySink>[0];
  /** Where Discord refuses a V2 reply: it goes out classic (discord/layoutFallback.ts). */
  readonly layoutFallback?: LayoutFallback;
}

/** What `messageTrigger` reads of a message (a discord.js Message has it all). */
export interface TriggerMessage {
  readonly author: { readonly bot: boolean };
  readonly system: boolean;
  readonly webhookId: string | null;
  readonly client: { readonly user: { readonly id: string } };
  readonly channel: { isThread(): boolean; readonly ownerId?: string | null };
  inGuild(): boolean;
  readonly mentions: {
    readonly users: { has(id: string): boolean };
    readonly repliedUser: { readonly id: string } | null;
  };
}

export const CANNOT_ANSWER_HERE = 'cannot answer a message here: the bot lacks permissions in this channel';
export const REPLY_REFUSED = 'Discord refused the reply for missing permissions; the request was stopped';

/** Discord's answers meaning the bot may not post here (Missing Access, Missing Permissions, no history). */
const CANNOT_POST = new Set([50001, 50013, 160002]);

/**
 * What the bot lacks to answer in the message's channel: see it, post (in a thread: post in
 * threads), and read its history (a reply refers to the member's message). Empty in DMs, and
 * when discord.js cannot tell (Discord's answer is handled then, see `stopWhenRefused`).
 */
function missingPermissions(message: AnswerableMessage): string[] {
  if (!message.inGuild()) return [];
  const { channel } = message;
  const permissions = channel.permissionsFor?.(message.client.user);
  if (!permissions) return [];
  return permissions.missing([
    PermissionFlagsBits.ViewChannel,
    channel.isThread() ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages,
    PermissionFlagsBits.ReadMessageHistory,
  ]);
}

/**
 * The sink, but a write Discord refuses for permissions calls `onRefused` (once) and every write
 * after it is dropped: knocking again would only add to the bot's invalid requests.
 */
function stopWhenRefused(sink: ReplySink, onRefused: (error: DiscordAPIError) => void): ReplySink {
  let refused = false;
  async function guarded<T>(write: () => Promise<T>, nothing: T): Promise<T> {
    if (refused) return nothing;
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof DiscordAPIError && CANNOT_POST.has(Number(error.code)))) throw error;
      if (!refused) onRefused(error);
      refused = true;
      return nothing;
    }
  }
  return {
    ...(sink.botToken !== undefined && { botToken: sink.botToken }),
    ...(sink.messageLimit && { messageLimit: sink.messageLimit.bind(sink) }),
    editOriginal: (content, components) => guarded(() => sink.editOriginal(content, components), ''),
    sendFollowUp: (content, components) => guarded(() => sink.sendFollowUp(content, components), ''),
    editFollowUp: (id, content, components) =>
      guarded(() => sink.editFollowUp(id, content, components), undefined),
    refuse: (content) => guarded(() => sink.refuse(content), undefined),
  };
}

/**
 * Why a member's message may be for the bot, or undefined when it is not (nearly every message
 * a bot in many servers receives: members talking among themselves). Synchronous and cheap, so
 * the event handler returns at once for those.
 */
export function messageTrigger(message: TriggerMessage, contentIntent: boolean): MessageTrigger | undefined {
  if (message.author.bot || message.system || message.webhookId) return undefined;
  const botId = message.client.user.id;
  const channel = message.channel;
  const trigger: MessageTrigger = {
    inDm: !message.inGuild(),
    mentionsBot: message.mentions.users.has(botId),
    repliesToBot: message.mentions.repliedUser?.id === botId,
    inBotThread: channel.isThread() && channel.ownerId === botId,
    contentIntent,
  };
  return isForTheBot(trigger) ? trigger : undefined;
}

/** What answering reads of a message besides `TriggerMessage` (a discord.js Message has it all). */
export interface AnswerableMessage extends TriggerMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly content: string;
  readonly author: TriggerMessage['author'] & { readonly id: string; readonly displayName: string };
  /** The member (its roles read by `memberRoleIds`); null in DMs. */
  readonly member: { readonly displayName: string } | null;
  readonly guild: { readonly preferredLocale: string } | null;
  readonly channel: TriggerMessage['channel'] & {
    /** A thread's parent channel (on other channels, their category: not read). */
    readonly parentId?: string | null;
    permissionsFor?(user: { readonly id: string }): { missing(bits: readonly bigint[]): string[] } | null;
  };
  readonly mentions: TriggerMessage['mentions'] & {
    readonly users: { get(id: string): { readonly displayName: string } | undefined };
    readonly members: { get(id: string): { readonly displayName: string } | undefined } | null;
    readonly roles: { get(id: string): { readonly name: string } | undefined };
  };
  /** The files attached to the message, as Discord describes them. */
  readonly attachments: {
    values(): Iterable<{ name: string; url: string; size: number; contentType: string | null }>;
  };
  reply(options: { content: string; allowedMentions: MessageMentionOptions }): Promise<unknown>;
}

/** What the message asks, once the checks only a message has passed; the chat service admits it. */
interface Asked {
  readonly prompt: string;
  readonly files: readonly AttachmentInfo[];
  readonly userName: string;
  readonly voices: Voices;
  readonly roleIds: readonly string[];
  readonly where: { readonly guildId: string | null; readonly channelId: string; readonly messageId: string };
}

/**
 * The checks only a message has, before the chat service admits it: silence where the server
 * turned mentions off or where the bot may not post (logged); a reply instead of a turn for a
 * prompt with a problem. Call it before any await: it reads the members first (cached only
 * while their event is handled).
 */
export async function readMessage(
  deps: Pick<AnswerMessageDeps, 'settings' | 'logger' | 'i18n'>,
  message: AnswerableMessage,
  trigger: MessageTrigger,
): Promise<Asked | undefined> {
  const botId = message.client.user.id;
  // Read before any await: members are cached only while their event is handled (discord/caches.ts).
  const member = message.member;
  const roleIds = memberRoleIds(member);
  const mentionedMembers = message.mentions.members;
  const guildId = message.guildId;
  // A server that turned mentions off gets silence: the bot must not talk where it was told not to.
  if (guildId && !(await deps.settings.guild(guildId)).answerMentions) return undefined;
  const where = { guildId, channelId: message.channelId, messageId: message.id };
  const missing = missingPermissions(message);
  if (missing.length > 0) return void deps.logger.warn({ ...where, missing }, CANNOT_ANSWER_HERE);

  // A reply to a message is read by the channel (in a DM, by the member: the server voice is theirs).
  const voices = messageVoices(deps.i18n, {
    authorId: message.author.id,
    serverLocale: message.guild?.preferredLocale ?? null,
  });
  const t = voices.server;
  const files = [...message.attachments.values()].map(({ name, url, size, contentType }) => ({
    name,
    url,
    size,
    contentType,
  }));
  const written = promptFromMessage(message.content, botId, {
    user: (id) => mentionedMembers?.get(id)?.displayName ?? message.mentions.users.get(id)?.displayName,
    role: (id) => message.mentions.roles.get(id)?.name,
  });
  // Files without words ask what is in them, as /ask with only a file does.
  const prompt = isBlank(written) && files.length > 0 ? voices.member.t('chat.fileDefaultQuestion') : written;
  const tooBig = fileTooBig(files);
  if (tooBig) {
    await message.reply({ content: memberNote(t, tooBig.name, tooBig.note), allowedMentions: NO_PINGS });
    return undefined;
  }
  const problem = promptProblem(prompt);
  if (problem) {
    // An empty prompt from a reply or thread message may just be content Discord withheld.
    if (isBlank(prompt) && !trigger.inDm && !trigger.mentionsBot) return undefined;
    await message.reply({
      content: isBlank(prompt) ? t.t('chat.mentionHint') : t.t(problem.key, problem.values),
      allowedMentions: NO_PINGS,
    });
    return undefined;
  }
  const userName = member?.displayName ?? message.author.displayName;
  return { prompt, files, userName, voices, roleIds, where };
}

/** Answers a message `messageTrigger` found for the bot (called before any await: see `readMessage`). */
export async function answerMessage(
  deps: AnswerMessageDeps,
  message: AnswerableMessage,
  trigger: MessageTrigger,
): Promise<void> {
  const asked = await readMessage(deps, message, trigger);
  if (!asked) return;
  const { prompt, files, userName, voices, roleIds, where } = asked;
  const { guildId, channel } = message;
  const channelSink = channelReplySink(
    deps.discordRest,
    message.channelId,
    message.id,
    (error) => deps.logger.debug({ err: error }, 'could not show typing'),
    deps.layoutFallback,
  );
  // Refused: the turn stops (before the service is called, nothing reaches it or is charged).
  const refused = new AbortController();
  const onRefused = (error: DiscordAPIError) => {
    channelSink.stopTyping();
    deps.logger.warn({ ...where, code: error.code, reason: error.message }, REPLY_REFUSED);
    refused.abort(error);
  };
  try {
    await deps.chat.ask({
      asker: {
        guildId,
        channelId: message.channelId,
        parentId: channel.isThread() ? (channel.parentId ?? null) : null,
        userId: message.author.id,
        userName,
        options: {},
        roleIds,
        // A refusal is read by the channel (in a DM, by the member).
        voice: voices.server,
      },
      voices,
      // A DM is the member's own; in a server the reply is read by the channel.
      refusalsSeenBy: guildId === null ? 'member' : 'channel',
      reply: {
        // Silence in a channel the server does not allow the bot in.
        refuse: async (text, { channelRefused }) =>
          channelRefused ? undefined : message.reply({ content: text, allowedMentions: NO_PINGS }),
        // The reply itself is the acknowledgement ("typing…" starts with its first write).
        acknowledge: async () => undefined,
        sink: (layout) => stopWhenRefused(channelSink.inLayout(layout), onRefused),
      },
      shape: async (settings) => {
        const read = await promptWithFiles(deps, files, prompt, settings, voices.server);
        return {
          channelId: message.channelId,
          replyChannelId: message.channelId,
          ask: { kind: 'new', prompt: read.prompt, ...(read.withFiles && { withFiles: true as const }) },
          options: {},
          ...(read.note && { extraNote: read.note }),
        };
      },
      abort: refused.signal,
    });
  } finally {
    // A turn that failed before writing anything must not start "typing…" after the error.
    channelSink.stopTyping();
  }
}
