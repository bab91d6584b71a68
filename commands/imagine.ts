/**
 * /imagine: 1-4 images from the service's image model, posted as PNG attachments, with a
 * Reroll button that generates again with the same options.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { type AdmissionInput, admitRequest } from '../src/admission.js';
import { type Command, optionValues, parseButtonId } from '../src/command.js';
import { NO_PINGS } from '../src/discordReply.js';
import type { ImagineRequest } from '../src/images/imagineRequests.js';
import { runImagine } from '../src/imagine.js';
import { IMAGE_SIZES, type ImageSize } from '../src/service/types.js';

export const IMAGINE_PROMPT_MAX_LENGTH = 1000;
export const IMAGINE_N_MAX = 4;
const DEFAULT_SIZE: ImageSize = '1024x1024';

const data = {
  name: 'imagine',
  description: 'Generate 1-4 images from a description',
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'prompt',
      description: 'What the image should show',
      required: true,
      min_length: 1,
      max_length: IMAGINE_PROMPT_MAX_LENGTH,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'size',
      description: 'Image size (default 1024x1024)',
      choices: IMAGE_SIZES.map((size) => ({ name: size, value: size })),
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'n',
      description: 'How many images (1-4, default 1)',
      min_value: 1,
      max_value: IMAGINE_N_MAX,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export function parseImagineOptions(
  raw: Readonly<Record<string, unknown>>,
): { ok: true; options: { prompt: string; size: ImageSize; n: number } } | { ok: false; error: string } {
  const prompt = typeof raw.prompt === 'string' ? raw.prompt.trim() : '';
  if (prompt === '') return { ok: false, error: 'Your prompt is empty. Describe the image you want.' };
  if (prompt.length > IMAGINE_PROMPT_MAX_LENGTH) {
    return {
      ok: false,
      error: `Your prompt is ${prompt.length} characters; the limit is ${IMAGINE_PROMPT_MAX_LENGTH}.`,
    };
  }
  const size = raw.size ?? DEFAULT_SIZE;
  if (typeof size !== 'string' || !(IMAGE_SIZES as readonly string[]).includes(size)) {
    return { ok: false, error: `size must be one of ${IMAGE_SIZES.join(', ')}.` };
  }
  const n = raw.n ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > IMAGINE_N_MAX) {
    return { ok: false, error: `n must be a whole number from 1 to ${IMAGINE_N_MAX}.` };
  }
  return { ok: true, options: { prompt, size: size as ImageSize, n } };
}

async function refuse(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  content: string,
): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_PINGS });
}

/** The channel and rate-limit checks /imagine and Reroll share with chat requests. */
function admission(interaction: ChatInputCommandInteraction | ButtonInteraction): AdmissionInput {
  const channel = interaction.channel;
  return {
    guildId: interaction.guildId,
    channelId: interaction.channelId ?? '',
    parentId: channel?.isThread() ? channel.parentId : null,
    userId: interaction.user.id,
    kind: 'image',
  };
}

export const imagineCommand = {
  data,
  async execute(interaction, context) {
    const parsed = parseImagineOptions(optionValues(interaction));
    if (!parsed.ok) return refuse(interaction, parsed.error);
    const admitted = await admitRequest(context, admission(interaction));
    if (!admitted.ok) return refuse(interaction, admitted.error);
    try {
      await interaction.deferReply();
      const request: ImagineRequest = { ...parsed.options, userId: interaction.user.id };
      const requestId = await context.imagineRequests.save(request);
      await runImagine(context, interaction, {
        request,
        requestId,
        guildId: interaction.guildId,
        channelId: interaction.channelId,
      });
    } finally {
      admitted.slot.release();
    }
  },
  async handleButton(interaction, context) {
    const { action, argument } = parseButtonId(interaction.customId);
    if (action !== 'reroll') return refuse(interaction, 'This button is no longer supported.');
    const stored = await context.imagineRequests.load(argument);
    if (!stored) return refuse(interaction, 'This image request is too old to reroll. Use /imagine again.');
    const mayReroll =
      interaction.user.id === stored.userId ||
      (interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false);
    if (!mayReroll) {
      return refuse(
        interaction,
        'Only the person who asked for these images (or a moderator) can reroll them.',
      );
    }
    const admitted = await admitRequest(context, admission(interaction));
    if (!admitted.ok) return refuse(interaction, admitted.error);
    try {
      await interaction.deferReply();
      // The reroll is charged to whoever pressed the button.
      const request: ImagineRequest = { ...stored, userId: interaction.user.id };
      await runImagine(context, interaction, {
        request,
        requestId: argument,
        guildId: interaction.guildId,
        channelId: interaction.channelId ?? '',
      });
    } finally {
      admitted.slot.release();
    }
  },
} satisfies Command;
