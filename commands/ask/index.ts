/**
 * /ask: a streamed reply from one of the service's chat models, continuing the channel's
 * conversation (or opening a thread for it); and the Stop and Regenerate buttons under every
 * chat reply, however it was asked for.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { REGENERATE_ACTION, STOP_ACTION } from '../../src/chat/controls.js';
import { PROMPT_MAX_LENGTH } from '../../src/chat/prompt.js';
import { parseButtonId } from '../../src/discord/buttons.js';
import { parentChannelId } from '../../src/discord/channels.js';
import { type Command, optionValues } from '../../src/discord/command.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { CHAT_MODELS, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../../src/service/models.js';
import { MAX_TOKENS_OPTION_MAX } from '../../src/settings/requestOptions.js';
import { runInteractionTurn } from './interactionTurn.js';
import { explicitOptions, parseAskOptions } from './options.js';
import { pressRegenerate } from './regenerate.js';
import { pressStop } from './stop.js';
import { MEMBER_CANNOT_CREATE_THREADS, memberMayCreateThreads, openThread } from './thread.js';

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

export const askCommand = {
  data,
  async execute(interaction, context) {
    const parsed = parseAskOptions(optionValues(interaction));
    if (!parsed.ok) return replyPrivately(interaction, parsed.error);
    const { options } = parsed;
    const parentId = parentChannelId(interaction);
    if (options.thread && !interaction.inGuild()) {
      return replyPrivately(interaction, 'Threads can only be opened in a server channel.');
    }
    if (options.thread && (parentId !== null || interaction.channel?.isThread())) {
      return replyPrivately(interaction, 'This is already a thread: just ask here.');
    }
    // Refused outright, before admission: the member asked for a thread, and answering in the
    // channel instead would charge them for something else than they asked for.
    if (options.thread && !memberMayCreateThreads(interaction)) {
      return replyPrivately(interaction, MEMBER_CANNOT_CREATE_THREADS);
    }
    await runInteractionTurn(
      interaction,
      context,
      { channelId: interaction.channelId, options },
      async () => {
        if (!options.thread) {
          return {
            channelId: interaction.channelId,
            replyChannelId: interaction.channelId,
            ask: { kind: 'new', prompt: options.prompt },
            options: explicitOptions(options),
          };
        }
        // A deferred response carries no message in its callback: ask for the reply's id.
        const reply = await interaction.fetchReply();
        const opened = await openThread(context, interaction.channelId, reply.id, options.prompt);
        return {
          channelId: 'id' in opened ? opened.id : interaction.channelId,
          replyChannelId: interaction.channelId,
          ask: { kind: 'new', prompt: options.prompt },
          options: explicitOptions(options),
          ...('error' in opened && {
            extraNote: `⚠️ Could not open a thread (${opened.error}); the conversation continues in this channel.`,
          }),
        };
      },
    );
  },
  async handleButton(interaction, context) {
    const { action, argument } = parseButtonId(interaction.customId);
    if (action === STOP_ACTION) return pressStop(interaction, context, argument);
    if (action === REGENERATE_ACTION) return pressRegenerate(interaction, context, argument);
    await replyPrivately(interaction, 'This button is no longer supported.');
  },
} satisfies Command;
