/**
 * /system (Manage Channels): a channel's system prompt, sent as the first message of every
 * request in the channel (and its threads, unless a thread has its own). `set` without `prompt`
 * opens a form (a modal) holding the current prompt, for instructions with line breaks. The
 * form's custom id is `system:modal:` for the channel it was opened in (the permission is checked
 * again on submit), or `system:modal:<channel>.<issued>.<seal>` for another channel given as an
 * option: the member's permission there is known only when the form opens, so the channel and
 * the time it opened (seconds, base 36) are sealed (formSeal.ts) to the member and server; a
 * crafted id cannot name another channel, and the form works for an hour (SYSTEM_FORM_TTL_MS).
 * On its submit Discord sends the member's permissions in the channel it is submitted from only:
 * Manage Channels is checked again there, so a member who lost it cannot use a form still open.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type ChatInputCommandInteraction,
  InteractionContextType,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  PermissionsBitField,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { type Command, channelOption, optionChannel, optionValues } from '../src/discord/command.js';
import { formSeal, sealMatches } from '../src/discord/formSeal.js';
import { replyPrivately } from '../src/discord/messages.js';
import { paragraphModal, submittedText } from '../src/discord/modals.js';
import type { Translator } from '../src/i18n/translator.js';
import { interactionVoices } from '../src/i18n/voices.js';
import type { Clock } from '../src/lib/clock.js';
import { buttonId, parseButtonId } from '../src/reply/buttons.js';
import { quote } from '../src/reply/quote.js';
import { parseWith, promptField } from '../src/settings/requestOptions.js';
import type { Settings } from '../src/settings/settingsStore.js';

export const SYSTEM_PROMPT_MAX_LENGTH = 1500;
/** How long a form for another channel works after it opened. */
export const SYSTEM_FORM_TTL_MS = 60 * 60 * 1000;
const MODAL_ACTION = 'modal';
const FIELD = 'prompt';
/** A prompt shown back stays within a message, whatever its lines (the header takes < 100). */
const SHOWN = { maxLength: 1900 };

const whichChannel = channelOption('Which channel (default: this one)');

export const systemData = {
  name: 'system',
  description: "A channel's system prompt: instructions sent before every conversation there",
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  default_member_permissions: String(PermissionFlagsBits.ManageChannels),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: 'Set the system prompt',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'prompt',
          description: 'The instructions (leave them out to write them in a form, with line breaks)',
          min_length: 1,
          max_length: SYSTEM_PROMPT_MAX_LENGTH,
        },
        whichChannel,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'Show the system prompt',
      options: [whichChannel],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'clear',
      description: 'Remove the system prompt',
      options: [whichChannel],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * What /system reads: the locales, channels' settings, the clock (when a form opened, and whether
 * it has expired) and the key forms for another channel are sealed with.
 */
export interface SystemCommandDeps {
  readonly i18n: Parameters<typeof interactionVoices>[0];
  readonly settings: Pick<Settings, 'channel' | 'updateChannel'>;
  readonly clock: Pick<Clock, 'now'>;
  /**
   * DISCORD_TOKEN, as the secret of form seals (formSeal.ts): only the bot can seal a form, and
   * a new token voids the forms still open.
   */
  readonly config: { readonly discordToken: string };
}

/** The invoking member's permissions in a channel given as an option (null when not sent). */
function resolvedPermissions(channel: object): Readonly<PermissionsBitField> | null {
  const permissions = (channel as { permissions?: unknown }).permissions;
  return permissions instanceof PermissionsBitField ? permissions : null;
}

/** The refusal without Manage Channels in the channel acted on (none given: this one). */
const notAllowed = (t: Translator, channelId?: string) =>
  channelId === undefined
    ? t.t('config.manageChannelsHere')
    : t.t('config.manageChannelsIn', { channel: `<#${channelId}>` });

/** Every /system reply, and its form, is the member's alone: their own language. */
const voiceOf = (
  deps: SystemCommandDeps,
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
) => interactionVoices(deps.i18n, interaction).member;

/** What a form's seal covers: the member, the server, the channel it was opened for, and when. */
function sealed(
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
  channelId: string,
  issued: string,
) {
  return ['system', interaction.guildId ?? '', interaction.user.id, channelId, issued];
}

/** A sealed form's argument, `<channel>.<issued>.<seal>`: what it says, if it is genuine. */
function openedFor(deps: SystemCommandDeps, interaction: ModalSubmitInteraction, argument: string) {
  const [channelId = '', issued = '', seal = '', ...rest] = argument.split('.');
  const genuine =
    rest.length === 0 &&
    /^[0-9a-z]{1,10}$/.test(issued) &&
    sealMatches(deps.config.discordToken, sealed(interaction, channelId, issued), seal);
  return genuine ? { channelId, issuedAt: Number.parseInt(issued, 36) * 1000 } : undefined;
}

/** The form for `set` without a prompt: the current prompt, to edit. */
async function openForm(
  deps: SystemCommandDeps,
  interaction: ChatInputCommandInteraction,
  channelId: string,
  t: Translator,
) {
  const issued = Math.floor(deps.clock.now() / 1000).toString(36);
  const argument =
    channelId === interaction.channelId
      ? ''
      : `${channelId}.${issued}.${formSeal(deps.config.discordToken, sealed(interaction, channelId, issued))}`;
  const current = (await deps.settings.channel(channelId)).systemPrompt;
  await interaction.showModal(
    paragraphModal({
      customId: buttonId('system', MODAL_ACTION, argument),
      title: t.t('config.systemFormTitle'),
      label: t.t('config.systemFormLabel'),
      description: t.t('config.systemFormDescription', { count: SYSTEM_PROMPT_MAX_LENGTH }),
      field: FIELD,
      maxLength: SYSTEM_PROMPT_MAX_LENGTH,
      ...(current !== undefined && { value: current }),
    }),
  );
}

async function setPrompt(
  deps: SystemCommandDeps,
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
  channelId: string,
  raw: unknown,
) {
  const t = voiceOf(deps, interaction);
  const parsed = parseWith(promptField(SYSTEM_PROMPT_MAX_LENGTH, 'chat.promptEmptyInstructions'), raw, t);
  if (!parsed.ok) return replyPrivately(interaction, parsed.error);
  const prompt = parsed.value;
  await deps.settings.updateChannel(channelId, { systemPrompt: prompt });
  const set = t.t('config.systemPromptSet', { channel: `<#${channelId}>`, count: prompt.length });
  await replyPrivately(interaction, `${set}\n${quote(prompt, SHOWN)}`);
}

export function createSystemCommand(deps: SystemCommandDeps): Command {
  return {
    data: systemData,
    async execute(interaction) {
      const t = voiceOf(deps, interaction);
      const target = optionChannel(interaction);
      // Permissions in the channel acted on: Discord sends the member's for a channel option.
      const permissions = target ? resolvedPermissions(target) : interaction.memberPermissions;
      if (!interaction.inGuild() || !permissions?.has(PermissionFlagsBits.ManageChannels)) {
        await replyPrivately(interaction, notAllowed(t, target?.id));
        return;
      }
      const channelId = target?.id ?? interaction.channelId;
      const channel = `<#${channelId}>`;
      const sub = interaction.options.getSubcommand();
      if (sub === 'set') {
        const raw = optionValues<typeof systemData>(interaction).prompt;
        if (raw === undefined) return openForm(deps, interaction, channelId, t);
        await setPrompt(deps, interaction, channelId, raw);
      } else if (sub === 'clear') {
        await deps.settings.updateChannel(channelId, { systemPrompt: undefined });
        await replyPrivately(interaction, t.t('config.systemPromptCleared', { channel }));
      } else {
        const own = (await deps.settings.channel(channelId)).systemPrompt;
        await replyPrivately(
          interaction,
          own
            ? `${t.t('config.systemPromptShown', { channel })}\n${quote(own, SHOWN)}`
            : t.t('config.noSystemPrompt', { channel }),
        );
      }
    },
    async handleModal(interaction) {
      const t = voiceOf(deps, interaction);
      const { action, argument } = parseButtonId(interaction.customId);
      const here = argument === '';
      const opened = here ? undefined : openedFor(deps, interaction, argument);
      const channelId = here ? interaction.channelId : opened?.channelId;
      if (action !== MODAL_ACTION || !interaction.inGuild() || !channelId || (!here && !opened)) {
        return replyPrivately(interaction, t.t('errors.formGone'));
      }
      if (opened && deps.clock.now() - opened.issuedAt > SYSTEM_FORM_TTL_MS) {
        return replyPrivately(interaction, t.t('config.systemFormExpired'));
      }
      // The permission is checked again, as Discord computes it now in the channel submitted from.
      if (!interaction.memberPermissions.has(PermissionFlagsBits.ManageChannels)) {
        return replyPrivately(
          interaction,
          here ? notAllowed(t) : t.t('config.systemFormNeedsManageChannels', { channel: `<#${channelId}>` }),
        );
      }
      await setPrompt(deps, interaction, channelId, submittedText(interaction, FIELD));
    },
  };
}
