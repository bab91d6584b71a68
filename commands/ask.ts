/**
 * /ask: a streamed reply from one of the service's chat models, continuing the channel's
 * conversation.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  MessageFlags,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { runChatTurn } from '../src/chatTurn.js';
import { type Command, optionValues } from '../src/command.js';
import { interactionReplySink, NO_PINGS, speakerName } from '../src/discordReply.js';
import { CHAT_MODELS, type ChatModel, isChatModel, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../src/models.js';

export const PROMPT_MAX_LENGTH = 4000;
/** The command's own ceiling; the operator's MAX_OUTPUT_TOKENS may be lower. */
export const MAX_TOKENS_OPTION_MAX = 32_000;

const data = {
  name: 'ask',
  description: 'Ask the model; the conversation in this channel continues from earlier /ask',
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
      description: 'Which model answers (default: the bot default)',
      choices: CHAT_MODELS.map((model) => ({ name: model, value: model })),
    },
    {
      type: ApplicationCommandOptionType.Number,
      name: 'temperature',
      description: 'Randomness, 0 to 2 (default 0.7)',
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
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export interface AskOptions {
  readonly prompt: string;
  readonly model: ChatModel;
  readonly temperature?: number;
  readonly maxTokens: number;
}

export interface AskDefaults {
  readonly model: ChatModel;
  readonly maxOutputTokens: number;
}

/**
 * Validates raw option values. Discord enforces the declared constraints too, but the handler
 * does not rely on it: bad input never reaches the service.
 */
export function parseAskOptions(
  raw: Readonly<Record<string, unknown>>,
  defaults: AskDefaults,
): { ok: true; options: AskOptions } | { ok: false; error: string } {
  const prompt = typeof raw.prompt === 'string' ? raw.prompt.trim() : '';
  if (prompt === '') return { ok: false, error: 'Your prompt is empty. Write something to ask.' };
  if (prompt.length > PROMPT_MAX_LENGTH) {
    return {
      ok: false,
      error: `Your prompt is ${prompt.length} characters; the limit is ${PROMPT_MAX_LENGTH}.`,
    };
  }
  let model = defaults.model;
  if (raw.model !== undefined) {
    if (!isChatModel(raw.model))
      return { ok: false, error: `Unknown model. Choose one of: ${CHAT_MODELS.join(', ')}.` };
    model = raw.model;
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
  const maxTokens = raw.max_tokens ?? defaults.maxOutputTokens;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    return { ok: false, error: 'max_tokens must be a whole number of at least 1.' };
  }
  if (maxTokens > defaults.maxOutputTokens) {
    return { ok: false, error: `max_tokens can be at most ${defaults.maxOutputTokens} on this bot.` };
  }
  return {
    ok: true,
    options: {
      prompt,
      model,
      maxTokens,
      ...(temperature !== undefined && { temperature: temperature as number }),
    },
  };
}

function waitingText(ahead: number): string {
  return `⏳ Waiting for ${ahead} earlier request${ahead === 1 ? '' : 's'} in this channel…`;
}

export const askCommand = {
  data,
  async execute(interaction, context) {
    const parsed = parseAskOptions(optionValues(interaction), {
      model: context.config.defaultModel,
      maxOutputTokens: context.config.maxOutputTokens,
    });
    if (!parsed.ok) {
      await interaction.reply({
        content: parsed.error,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_PINGS,
      });
      return;
    }
    // Acknowledge before any I/O: Discord allows 3 s for the first response.
    await interaction.deferReply();
    const sink = interactionReplySink(interaction, context.interactionRest);
    const { options } = parsed;
    await context.channelQueue.run(
      interaction.channelId,
      () =>
        runChatTurn(
          context,
          {
            guildId: interaction.guildId,
            channelId: interaction.channelId,
            userId: interaction.user.id,
            userName: speakerName(interaction),
            prompt: options.prompt,
            model: options.model,
            maxTokens: options.maxTokens,
            ...(options.temperature !== undefined && { temperature: options.temperature }),
          },
          sink,
        ),
      (ahead) => {
        sink
          .editOriginal(waitingText(ahead))
          .catch((error: unknown) =>
            context.logger.warn({ err: error }, 'could not show the waiting notice'),
          );
      },
    );
  },
} satisfies Command;
