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
import { z } from 'zod';
import { type Admission, type AdmissionInput, admitRequest } from '../src/access/admission.js';
import { canManageMessages } from '../src/access/permissions.js';
import { imagineRule } from '../src/access/roleGate.js';
import { deadlineSignal } from '../src/chat/deadline.js';
import type { BotContext } from '../src/context.js';
import { parseButtonId } from '../src/discord/buttons.js';
import { parentChannelId } from '../src/discord/channels.js';
import { type Command, optionValues } from '../src/discord/command.js';
import { installContext } from '../src/discord/installContext.js';
import { interactionWebhook, tokenLife } from '../src/discord/interactionWebhook.js';
import { replyPrivately } from '../src/discord/messages.js';
import { runImagine } from '../src/images/imagine.js';
import type { ImagineRequest } from '../src/images/imagineRequests.js';
import { IMAGE_SIZES, type ImageSize } from '../src/service/types.js';
import { parseWith, promptField, wholeNumberField } from '../src/settings/requestOptions.js';
import type { MemberCaps } from '../src/spend/memberCaps.js';

export const IMAGINE_PROMPT_MAX_LENGTH = 1000;
export const IMAGINE_N_MAX = 4;
/** The answer where the bot could generate but not post the images (nothing is charged). */
export const NO_ATTACH_FILES =
  'The bot cannot post images here: it lacks the Attach Files permission in this channel.';
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

const imagineOptionsSchema = z.object({
  prompt: promptField(IMAGINE_PROMPT_MAX_LENGTH, 'Describe the image you want.'),
  size: z
    .enum(IMAGE_SIZES, { error: `size must be one of ${IMAGE_SIZES.join(', ')}.` })
    .default(DEFAULT_SIZE),
  n: wholeNumberField('n', 1, IMAGINE_N_MAX).default(1),
});

export function parseImagineOptions(
  raw: Readonly<Record<string, unknown>>,
): { ok: true; options: { prompt: string; size: ImageSize; n: number } } | { ok: false; error: string } {
  const parsed = parseWith(imagineOptionsSchema, raw);
  return parsed.ok ? { ok: true, options: parsed.value } : parsed;
}

/** The channel and rate-limit checks /imagine and Reroll share with chat requests. */
function admission(interaction: ChatInputCommandInteraction | ButtonInteraction): AdmissionInput {
  return {
    guildId: interaction.guildId,
    channelId: interaction.channelId ?? '',
    parentId: parentChannelId(interaction),
    userId: interaction.user.id,
    kind: 'image',
    ...(!installContext(interaction).botPresent && { userInstall: true }),
  };
}

export const REROLL_ELSEWHERE =
  'This image request was made in another channel, so it can only be rerolled there.';

/**
 * Whether the bot may post images in the interaction's channel (Discord sends its permissions
 * there): as files with Attach Files; where it works only as installed to the member, as links.
 */
function canPostImages(interaction: ChatInputCommandInteraction | ButtonInteraction): boolean {
  return (
    interaction.appPermissions.has(PermissionFlagsBits.AttachFiles) || !installContext(interaction).botPresent
  );
}

/**
 * The checks /imagine and Reroll share before anything is generated: Attach Files, the member's
 * role rule for /imagine, then admission (channel gate, fair-use slot). A refusal is private.
 */
async function admitImagine(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  context: BotContext,
): Promise<
  | { readonly refusal: string }
  | (Extract<Admission, { ok: true }> & { readonly caps: MemberCaps | undefined })
> {
  if (!canPostImages(interaction)) return { refusal: NO_ATTACH_FILES };
  const rule = await imagineRule(
    context,
    interaction.guildId,
    interaction.member,
    !installContext(interaction).botPresent,
  );
  if ('error' in rule) return { refusal: rule.error };
  const admitted = await admitRequest(context, admission(interaction));
  if (!admitted.ok) return { refusal: admitted.error };
  return { ...admitted, caps: rule.caps };
}

/** Acknowledges at once, then generates in the interaction's reply. */
async function generate(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  context: BotContext,
  admitted: Extract<Admission, { ok: true }>,
  request: ImagineRequest,
  requestId: string | undefined,
  memberCaps: MemberCaps | undefined,
): Promise<void> {
  const install = installContext(interaction);
  // Where the bot is not present only the token writes, and only until shortly before it ends.
  const life = tokenLife(context.interactionRest, interaction);
  const deadline = install.botPresent
    ? undefined
    : deadlineSignal(life.deadline, life.ttlMs, context.clock.now());
  try {
    await interaction.deferReply(install.forcedPrivate ? { flags: MessageFlags.Ephemeral } : {});
    await runImagine(context, interactionWebhook(context.interactionRest, interaction), {
      request,
      requestId: requestId ?? (await context.imagineRequests.save(request)),
      guildId: interaction.guildId,
      channelId: interaction.channelId ?? '',
      attachmentSizeLimit: interaction.attachmentSizeLimit,
      showCost: admitted.guild.showCost,
      ...(deadline && { userInstall: { deadline: deadline.signal, ttlMs: life.ttlMs } }),
      ...(!install.canAttach && { linksOnly: true }),
      ...(memberCaps && { memberCaps }),
    });
  } finally {
    deadline?.clear();
    admitted.slot.release();
  }
}

export const imagineCommand = {
  data,
  async execute(interaction, context) {
    const parsed = parseImagineOptions(optionValues(interaction));
    if (!parsed.ok) return replyPrivately(interaction, parsed.error);
    const admitted = await admitImagine(interaction, context);
    if ('refusal' in admitted) return replyPrivately(interaction, admitted.refusal);
    await generate(
      interaction,
      context,
      admitted,
      { ...parsed.options, userId: interaction.user.id, channelId: interaction.channelId },
      undefined,
      admitted.caps,
    );
  },
  async handleButton(interaction, context) {
    const { action, argument } = parseButtonId(interaction.customId);
    if (action !== 'reroll') return replyPrivately(interaction, 'This button is no longer supported.');
    const stored = await context.imagineRequests.load(argument);
    if (!stored) {
      return replyPrivately(interaction, 'This image request is too old to reroll. Use /imagine again.');
    }
    if (stored.channelId !== undefined && stored.channelId !== interaction.channelId) {
      return replyPrivately(interaction, REROLL_ELSEWHERE);
    }
    if (interaction.user.id !== stored.userId && !canManageMessages(interaction)) {
      return replyPrivately(
        interaction,
        'Only the person who asked for these images (or a moderator) can reroll them.',
      );
    }
    const admitted = await admitImagine(interaction, context);
    if ('refusal' in admitted) return replyPrivately(interaction, admitted.refusal);
    // The reroll is charged to whoever pressed the button.
    const request = { ...stored, userId: interaction.user.id };
    await generate(interaction, context, admitted, request, argument, admitted.caps);
  },
} satisfies Command;
