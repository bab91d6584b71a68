/**
 * `/config service-key set|show|clear`: a server's own service key. Its requests then use it
 * (and are not charged to the operator). The key is typed in a form, never in a command option,
 * so it never shows in the client's command history; it is kept sealed (settings/serviceKeys.ts)
 * and never shown back: `show` says only its last four characters, who set it and when.
 */
import {
  type APIApplicationCommandSubcommandGroupOption,
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  ModalBuilder,
  type ModalSubmitInteraction,
  TextInputStyle,
} from 'discord.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { submittedText } from '../../src/discord/modals.js';
import type { Translator } from '../../src/i18n/translator.js';
import type { Clock } from '../../src/lib/clock.js';
import { buttonId } from '../../src/reply/buttons.js';
import {
  SERVICE_KEY_MAX_LENGTH,
  type ServiceKeys,
  serviceKeyProblem,
} from '../../src/settings/serviceKeys.js';

export const SERVICE_KEY_GROUP = 'service-key';
/** The form's action (custom id `config:service-key`), and its one field. */
const FORM_ACTION = SERVICE_KEY_GROUP;
const KEY_FIELD = 'key';

export const serviceKeyGroup = {
  type: ApplicationCommandOptionType.SubcommandGroup,
  name: SERVICE_KEY_GROUP,
  description: 'This server’s own service key (its requests use it)',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: 'Set this server’s key (in a form, never in the command)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'Whether a key is set, its last four characters, who set it and when',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'clear',
      description: 'Remove this server’s key: requests use the operator’s again',
    },
  ],
} as const satisfies APIApplicationCommandSubcommandGroupOption;

/**
 * What the subcommands read: the servers' keys (undefined when the operator set no
 * DATA_ENCRYPTION_KEY, so none can be kept), and the clock (when a key was set).
 */
export interface ServiceKeyDeps {
  readonly serviceKeys: Pick<ServiceKeys, 'set' | 'info' | 'clear'> | undefined;
  readonly clock: Pick<Clock, 'now'>;
}

/** Whether a modal's custom id is this form's. */
export const isServiceKeyForm = (action: string) => action === FORM_ACTION;

/** `set` opens the form; `show` and `clear` answer privately. `t`: the admin's words. */
export async function runServiceKey(
  deps: ServiceKeyDeps,
  interaction: ChatInputCommandInteraction,
  guildId: string,
  t: Translator,
): Promise<void> {
  const keys = deps.serviceKeys;
  if (!keys) return replyPrivately(interaction, t.t('config.serviceKeyNeedsEncryption'));
  const sub = interaction.options.getSubcommand();
  if (sub === 'set') return void (await interaction.showModal(serviceKeyForm(t)));
  if (sub === 'clear') {
    const info = await keys.info(guildId);
    if (!info) return replyPrivately(interaction, t.t('config.serviceKeyNone'));
    await keys.clear(guildId);
    return replyPrivately(interaction, t.t('config.serviceKeyCleared', { last4: shownEnd(info.last4) }));
  }
  const info = await keys.info(guildId);
  if (!info) return replyPrivately(interaction, t.t('config.serviceKeyNone'));
  // Discord shows a user mention and a timestamp in the reader's own client and language.
  const when = `<t:${Math.floor(info.setAt / 1000)}:f>`;
  await replyPrivately(
    interaction,
    t.t('config.serviceKeyShown', { last4: shownEnd(info.last4), user: `<@${info.setBy}>`, when }),
  );
}

/** The form's key, saved sealed; the admin is told its last four characters. */
export async function submitServiceKey(
  deps: ServiceKeyDeps,
  interaction: ModalSubmitInteraction,
  guildId: string,
  t: Translator,
): Promise<void> {
  const keys = deps.serviceKeys;
  if (!keys) return replyPrivately(interaction, t.t('config.serviceKeyNeedsEncryption'));
  const typed = submittedText(interaction, KEY_FIELD);
  const key = typeof typed === 'string' ? typed.trim() : '';
  if (serviceKeyProblem(key)) return replyPrivately(interaction, t.t('config.serviceKeyInvalid'));
  const info = await keys.set(guildId, key, interaction.user.id, deps.clock.now());
  await replyPrivately(interaction, t.t('config.serviceKeySaved', { last4: shownEnd(info.last4) }));
}

/** A short key's end is not shown at all (settings/serviceKeys.ts keeps no last4 for it). */
const shownEnd = (last4: string) => last4 || '····';

/** One short field; its label and description say the key is sealed and never shown again. */
function serviceKeyForm(t: Translator): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(buttonId('config', FORM_ACTION, ''))
    .setTitle(t.t('config.serviceKeyFormTitle'))
    .addLabelComponents((label) =>
      label
        .setLabel(t.t('config.serviceKeyFormLabel'))
        .setDescription(t.t('config.serviceKeyFormDescription'))
        .setTextInputComponent((input) =>
          input
            .setCustomId(KEY_FIELD)
            .setStyle(TextInputStyle.Short)
            .setRequired(true)
            .setMinLength(1)
            .setMaxLength(SERVICE_KEY_MAX_LENGTH),
        ),
    );
}
