/**
 * /ask: a streamed reply from one of the service's chat models, continuing the channel's
 * conversation (or opening a thread for it); and the Stop and Regenerate buttons under every
 * chat reply, however it was asked for.
 */
import {
  type APIChannel,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import { prepareChatRequest, runQueuedChatTurn, stopReply } from '../src/chatRequest.js';
import { NOT_LATEST, regenerationBase } from '../src/chatTurn.js';
import { type Command, optionValues, parseButtonId } from '../src/command.js';
import type { BotContext } from '../src/context.js';
import { PROMPT_MAX_LENGTH, promptProblem, type TurnOptions } from '../src/conversation/history.js';
import { interactionReplySink, NO_PINGS, speakerName } from '../src/discordReply.js';
import { CHAT_MODELS, type ChatModel, isChatModel, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../src/models.js';
import { REGENERATE_ACTION, STOP_ACTION } from '../src/replyControls.js';
import type { RequestOptions } from '../src/settings/resolve.js';

export { PROMPT_MAX_LENGTH };
/** The command's own ceiling; the operator's MAX_OUTPUT_TOKENS and /config may be lower. */
export const MAX_TOKENS_OPTION_MAX = 32_000;

const data = {
  name: 'ask',
  description: 'Ask the model; the conversation in this channel continues from earlier messages',
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'prompt',
      description: 'What to ask',
      required: true,
      min_length: 1,
      max_length: PROMPT_MAX_LENGTH,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'model',
      description: 'Which model answers (default: the channel’s or server’s setting)',
      choices: CHAT_MODELS.map((model) => ({ name: model, value: model })),
    },
    {
      type: ApplicationCommandOptionType.Number,
      name: 'temperature',
      description: 'Randomness, 0 to 2',
      min_value: TEMPERATURE_MIN,
      max_value: TEMPERATURE_MAX,
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'max_tokens',
      description: 'Longest reply, in tokens',
      min_value: 1,
      max_value: MAX_TOKENS_OPTION_MAX,
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'thread',
      description: 'Open a thread from the reply; the conversation continues there with its own memory',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export interface AskOptions extends RequestOptions {
  readonly prompt: string;
  readonly thread: boolean;
}

/**
 * Validates raw option values. Discord enforces the declared constraints too, but the handler
 * does not rely on it: bad input never reaches the service. Unset options stay unset, for the
 * channel, server and bot defaults to fill in (see settings/resolve.ts).
 */
export function parseAskOptions(
  raw: Readonly<Record<string, unknown>>,
): { ok: true; options: AskOptions } | { ok: false; error: string } {
  const prompt = typeof raw.prompt === 'string' ? raw.prompt.trim() : '';
  const problem = promptProblem(prompt);
  if (problem) return { ok: false, error: problem };
  if (raw.model !== undefined && !isChatModel(raw.model)) {
    return { ok: false, error: `Unknown model. Choose one of: ${CHAT_MODELS.join(', ')}.` };
  }
  const temperature = raw.temperature;
  if (
    temperature !== undefined &&
    (typeof temperature !== 'number' ||
      !Number.isFinite(temperature) ||
      temperature < TEMPERATURE_MIN ||
      temperature > TEMPERATURE_MAX)
  ) {
    return {
      ok: false,
      error: `temperature must be a number from ${TEMPERATURE_MIN} to ${TEMPERATURE_MAX}.`,
    };
  }
  const maxTokens = raw.max_tokens;
  if (
    maxTokens !== undefined &&
    (typeof maxTokens !== 'number' ||
      !Number.isInteger(maxTokens) ||
      maxTokens < 1 ||
      maxTokens > MAX_TOKENS_OPTION_MAX)
  ) {
    return { ok: false, error: `max_tokens must be a whole number from 1 to ${MAX_TOKENS_OPTION_MAX}.` };
  }
  if (raw.thread !== undefined && typeof raw.thread !== 'boolean') {
    return { ok: false, error: 'thread must be true or false.' };
  }
  return {
    ok: true,
    options: {
      prompt,
      thread: raw.thread === true,
      ...(raw.model !== undefined && { model: raw.model as ChatModel }),
      ...(temperature !== undefined && { temperature: temperature as number }),
      ...(maxTokens !== undefined && { maxTokens: maxTokens as number }),
    },
  };
}

/** The request options kept with a reply, checked again before Regenerate reuses them. */
function storedOptions(options: TurnOptions | undefined): RequestOptions {
  const parsed = parseAskOptions({
    prompt: 'x',
    ...(options?.model !== undefined && { model: options.model }),
    ...(options?.temperature !== undefined && { temperature: options.temperature }),
    ...(options?.maxTokens !== undefined && { max_tokens: options.maxTokens }),
  });
  if (!parsed.ok) return {};
  const { prompt: _prompt, thread: _thread, ...rest } = parsed.options;
  return rest;
}

function explicitOptions(options: RequestOptions): TurnOptions {
  return {
    ...(options.model !== undefined && { model: options.model }),
    ...(options.temperature !== undefined && { temperature: options.temperature }),
    ...(options.maxTokens !== undefined && { maxTokens: options.maxTokens }),
  };
}

function refuse(interaction: ChatInputCommandInteraction | ButtonInteraction, content: string) {
  return interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_PINGS });
}

function parentChannelId(interaction: ChatInputCommandInteraction | ButtonInteraction): string | null {
  const channel = interaction.channel;
  return channel?.isThread() ? channel.parentId : null;
}

function threadName(prompt: string): string {
  const line = prompt.split('\n')[0]?.trim() ?? '';
  const name = line.length > 90 ? `${line.slice(0, 89)}…` : line;
  return name || 'Conversation';
}

/** Opens a public thread from the reply; returns its id, or why it could not. */
async function openThread(
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
    return { error: error instanceof DiscordAPIError ? `Discord said: ${error.message}` : 'Discord failed' };
  }
}

const mayModerate = (interaction: ButtonInteraction) =>
  interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;

async function pressStop(interaction: ButtonInteraction, context: BotContext, stopId: string): Promise<void> {
  const outcome = stopReply(context, stopId, {
    userId: interaction.user.id,
    name: speakerName(interaction),
    canManageMessages: mayModerate(interaction),
  });
  if (outcome === 'finished') return void (await refuse(interaction, 'This reply has already finished.'));
  if (outcome === 'forbidden') {
    await refuse(
      interaction,
      'Only the member who asked (or someone with the Manage Messages permission) can stop this reply.',
    );
    return;
  }
  // The reply itself shows that it stopped; the click needs no message of its own.
  await interaction.deferUpdate();
}

async function pressRegenerate(
  interaction: ButtonInteraction,
  context: BotContext,
  argument: string,
): Promise<void> {
  const [conversationId = '', turnId = ''] = argument.split(':');
  const conversation = await context.conversations.load(conversationId);
  const base = regenerationBase(conversation.turns, turnId);
  if (!base) return void (await refuse(interaction, NOT_LATEST));
  if (base.userTurn.authorId !== interaction.user.id && !mayModerate(interaction)) {
    await refuse(
      interaction,
      'Only the member who asked (or someone with the Manage Messages permission) can regenerate this reply.',
    );
    return;
  }
  const last = conversation.turns.at(-1);
  const options: RequestOptions = {
    ...storedOptions(last?.role === 'assistant' ? last.options : undefined),
    origin: 'the options of the reply being regenerated',
  };
  const channelId = interaction.channelId ?? conversationId;
  const prepared = await prepareChatRequest(context, {
    guildId: interaction.guildId,
    channelId,
    parentId: parentChannelId(interaction),
    userId: interaction.user.id,
    userName: speakerName(interaction),
    options,
  });
  if (!prepared.ok) return void (await refuse(interaction, prepared.error));
  try {
    await interaction.deferReply();
    await runQueuedChatTurn(
      context,
      {
        guildId: interaction.guildId,
        channelId: conversationId,
        replyChannelId: channelId,
        userId: interaction.user.id,
        userName: speakerName(interaction),
        prompt: base.userTurn.content,
        settings: prepared.settings,
        options: explicitOptions(options),
        regenerateTurnId: turnId,
      },
      interactionReplySink(interaction, context.interactionRest),
    );
  } finally {
    prepared.slot.release();
  }
}

export const askCommand = {
  data,
  async execute(interaction, context) {
    const parsed = parseAskOptions(optionValues(interaction));
    if (!parsed.ok) return void (await refuse(interaction, parsed.error));
    const { options } = parsed;
    const parentId = parentChannelId(interaction);
    if (options.thread && !interaction.inGuild()) {
      return void (await refuse(interaction, 'Threads can only be opened in a server channel.'));
    }
    if (options.thread && (parentId !== null || interaction.channel?.isThread())) {
      return void (await refuse(interaction, 'This is already a thread: just ask here.'));
    }
    const prepared = await prepareChatRequest(context, {
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      parentId,
      userId: interaction.user.id,
      userName: speakerName(interaction),
      options,
    });
    if (!prepared.ok) return void (await refuse(interaction, prepared.error));

    try {
      // Acknowledge before any other I/O: Discord allows 3 s for the first response.
      await interaction.deferReply();
      let conversationId = interaction.channelId;
      let extraNote: string | undefined;
      if (options.thread) {
        // A deferred response carries no message in its callback: ask for the reply's id.
        const reply = await interaction.fetchReply();
        const opened = await openThread(context, interaction.channelId, reply.id, options.prompt);
        if ('id' in opened) conversationId = opened.id;
        else
          extraNote = `⚠️ Could not open a thread (${opened.error}); the conversation continues in this channel.`;
      }
      await runQueuedChatTurn(
        context,
        {
          guildId: interaction.guildId,
          channelId: conversationId,
          replyChannelId: interaction.channelId,
          userId: interaction.user.id,
          userName: speakerName(interaction),
          prompt: options.prompt,
          settings: prepared.settings,
          options: explicitOptions(options),
          ...(extraNote !== undefined && { extraNote }),
        },
        interactionReplySink(interaction, context.interactionRest),
      );
    } finally {
      prepared.slot.release();
    }
  },
  async handleButton(interaction, context) {
    const { action, argument } = parseButtonId(interaction.customId);
    if (action === STOP_ACTION) return pressStop(interaction, context, argument);
    if (action === REGENERATE_ACTION) return pressRegenerate(interaction, context, argument);
    await refuse(interaction, 'This button is no longer supported.');
  },
} satisfies Command;
