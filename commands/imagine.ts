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
  type REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { z } from 'zod';
import type { Access } from '../src/access/access.js';
import type { Admission, AdmissionInput } from '../src/access/admission.js';
import { canManageMessages } from '../src/access/permissions.js';
import { deadlineSignal } from '../src/chat/deadline.js';
import { parentChannelId } from '../src/discord/channels.js';
import { type Command, optionValues } from '../src/discord/command.js';
import { installContext } from '../src/discord/installContext.js';
import { interactionWebhook, tokenLife } from '../src/discord/interactionWebhook.js';
import { replyPrivately } from '../src/discord/messages.js';
import type { Translator } from '../src/i18n/translator.js';
import { interactionVoices } from '../src/i18n/voices.js';
import type { ImageService } from '../src/images/imageService.js';
import type { ImagineRequest } from '../src/images/imagineRequests.js';
import { promptCheck } from '../src/images/promptCheck.js';
import type { Clock } from '../src/lib/clock.js';
import { parseButtonId } from '../src/reply/buttons.js';
import { IMAGE_SIZES, type ImageSize } from '../src/service/types.js';
import type { MemberCaps } from '../src/settings/memberCaps.js';
import { parseWith } from '../src/settings/requestOptions.js';

export const IMAGINE_PROMPT_MAX_LENGTH = 1000;
export const IMAGINE_N_MAX = 4;
const DEFAULT_SIZE: ImageSize = '1024x1024';

export const imagineData = {
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

/** The options' checks, saying what is wrong in `t`'s language (the member's). */
function imagineOptionsSchema(t: Translator) {
  const nRule = t.t('images.nInvalid', { min: 1, max: IMAGINE_N_MAX });
  return z.object({
    prompt: z
      .unknown()
      .transform((value) => (typeof value === 'string' ? value.trim() : ''))
      .superRefine((prompt, check) => {
        const problem = promptCheck(t, prompt, IMAGINE_PROMPT_MAX_LENGTH, 'images.promptEmpty');
        if (problem) check.addIssue({ code: 'custom', message: problem });
      }),
    size: z
      .enum(IMAGE_SIZES, { error: t.t('images.sizeInvalid', { sizes: IMAGE_SIZES.join(', ') }) })
      .default(DEFAULT_SIZE),
    n: z
      .number({ error: nRule })
      .int({ error: nRule })
      .min(1, { error: nRule })
      .max(IMAGINE_N_MAX, { error: nRule })
      .default(1),
  });
}

export function parseImagineOptions(
  t: Translator,
  raw: Readonly<Record<string, unknown>>,
): { ok: true; options: { prompt: string; size: ImageSize; n: number } } | { ok: false; error: string } {
  const parsed = parseWith(imagineOptionsSchema(t), raw, t);
  return parsed.ok ? { ok: true, options: parsed.value } : parsed;
}

/** The channel and rate-limit checks /imagine and Reroll share with chat requests. */
function admission(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  voice: Translator,
): AdmissionInput {
  return {
    voice,
    guildId: interaction.guildId,
    channelId: interaction.channelId ?? '',
    parentId: parentChannelId(interaction),
    userId: interaction.user.id,
    kind: 'image',
    ...(!installContext(interaction).botPresent && { userInstall: true }),
  };
}

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
  deps: ImagineCommandDeps,
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  t: Translator,
): Promise<
  | { readonly refusal: string }
  | (Extract<Admission, { ok: true }> & { readonly caps: MemberCaps | undefined })
> {
  if (!canPostImages(interaction)) return { refusal: t.t('images.noAttachFiles') };
  const rule = await deps.access.imagineRule(
    interaction.guildId,
    interaction.member,
    !installContext(interaction).botPresent,
  );
  if ('error' in rule) return { refusal: t.t(rule.error) };
  const admitted = await deps.access.admit(admission(interaction, t));
  if (!admitted.ok) return { refusal: admitted.error };
  return { ...admitted, caps: rule.caps };
}

/** Acknowledges at once, then generates in the interaction's reply. */
async function generate(
  deps: ImagineCommandDeps,
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  admitted: Extract<Admission, { ok: true }>,
  request: ImagineRequest,
  requestId: string | undefined,
  memberCaps: MemberCaps | undefined,
): Promise<void> {
  const install = installContext(interaction);
  const { member, server } = interactionVoices(deps.i18n, interaction);
  // Where the bot is not present only the token writes, and only until shortly before it ends.
  const life = tokenLife(deps.interactionRest, interaction);
  const deadline = install.botPresent
    ? undefined
    : deadlineSignal(life.deadline, life.ttlMs, deps.clock.now());
  try {
    await interaction.deferReply(install.forcedPrivate ? { flags: MessageFlags.Ephemeral } : {});
    // Without a request id (a new /imagine) the service stores the request, for its Reroll button.
    await deps.images.generate(interactionWebhook(deps.interactionRest, interaction), {
      request,
      requestId,
      guildId: interaction.guildId,
      channelId: interaction.channelId ?? '',
      attachmentSizeLimit: interaction.attachmentSizeLimit,
      showCost: admitted.guild.showCost,
      layout: admitted.guild.classicLayout ? 'classic' : 'v2',
      ...(deadline && { userInstall: { deadline: deadline.signal, ttlMs: life.ttlMs } }),
      ...(!install.canAttach && { linksOnly: true }),
      ...(memberCaps && { memberCaps }),
      words: { reply: install.forcedPrivate ? member : server, member, server },
    });
  } finally {
    deadline?.clear();
    admitted.slot.release();
  }
}

/**
 * What /imagine reads: the image service (generation, Reroll's stored requests), the role rule and
 * admission, the locales, the interaction REST client (tokens and their lives), and the clock.
 */
export interface ImagineCommandDeps {
  readonly images: Pick<ImageService, 'generate' | 'recall'>;
  readonly access: Pick<Access, 'imagineRule' | 'admit'>;
  readonly i18n: Parameters<typeof interactionVoices>[0];
  readonly interactionRest: REST;
  readonly clock: Pick<Clock, 'now'>;
}

export function createImagineCommand(deps: ImagineCommandDeps): Command {
  return {
    data: imagineData,
    async execute(interaction) {
      const { member } = interactionVoices(deps.i18n, interaction);
      const parsed = parseImagineOptions(member, optionValues<typeof imagineData>(interaction));
      if (!parsed.ok) return replyPrivately(interaction, parsed.error);
      const admitted = await admitImagine(deps, interaction, member);
      if ('refusal' in admitted) return replyPrivately(interaction, admitted.refusal);
      await generate(
        deps,
        interaction,
        admitted,
        { ...parsed.options, userId: interaction.user.id, channelId: interaction.channelId },
        undefined,
        admitted.caps,
      );
    },
    async handleButton(interaction) {
      const { member } = interactionVoices(deps.i18n, interaction);
      const { action, argument } = parseButtonId(interaction.customId);
      if (action !== 'reroll') return replyPrivately(interaction, member.t('images.buttonUnsupported'));
      const stored = await deps.images.recall(argument);
      if (!stored) return replyPrivately(interaction, member.t('images.rerollTooOld'));
      if (stored.channelId !== undefined && stored.channelId !== interaction.channelId) {
        return replyPrivately(interaction, member.t('images.rerollElsewhere'));
      }
      if (interaction.user.id !== stored.userId && !canManageMessages(interaction)) {
        return replyPrivately(interaction, member.t('images.rerollNotYours'));
      }
      const admitted = await admitImagine(deps, interaction, member);
      if ('refusal' in admitted) return replyPrivately(interaction, admitted.refusal);
      // The reroll is charged to whoever pressed the button.
      const request = { ...stored, userId: interaction.user.id };
      await generate(deps, interaction, admitted, request, argument, admitted.caps);
    },
  };
}
