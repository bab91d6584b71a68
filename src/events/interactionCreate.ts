/**
 * Slash commands, button clicks and modal (form) submits: each reaches its command's handler
 * behind the error boundary.
 */
import { Events, type REST } from 'discord.js';
import type { Command, MessageCommand } from '../discord/command.js';
import { factsOf } from '../discord/entitlementPort.js';
import { interactionResponder, withErrorBoundary } from '../discord/errorBoundary.js';
import type { I18n } from '../i18n/translator.js';
import { interactionVoices } from '../i18n/voices.js';
import type { Logger } from '../lib/logger.js';
import type { PaidPlans } from '../plans/paidPlans.js';
import { parseButtonId } from '../reply/buttons.js';
import type { Event } from './event.js';

/**
 * What the handler reads: the commands by name, the locales (it notes the member's), the
 * interaction REST client (a failure's reply), whether the bot is shutting down, and what the
 * error boundary reads.
 */
export type InteractionCreateDeps = {
  readonly commands: ReadonlyMap<string, Command>;
  /** Message commands by name (their own namespace at Discord). */
  readonly messageCommands: ReadonlyMap<string, MessageCommand>;
  readonly i18n: Pick<I18n, 'remember'> & Parameters<typeof interactionVoices>[0];
  readonly interactionRest: REST;
  readonly shutdown: Pick<AbortSignal, 'aborted'>;
  readonly logger: Pick<Logger, 'warn'>;
  /** Takes the member's and the server's entitlements every interaction carries (paid plans). */
  readonly paidPlans: Pick<PaidPlans, 'observeInteraction'>;
} & Parameters<typeof withErrorBoundary>[0];

export function createInteractionCreate(deps: InteractionCreateDeps) {
  const { commands, messageCommands } = deps;
  return {
    name: Events.InteractionCreate,
    async execute(interaction) {
      let run: (() => Promise<void>) | undefined;
      let where: Record<string, unknown> = { interactionId: interaction.id };
      if (interaction.isChatInputCommand()) {
        const command = commands.get(interaction.commandName);
        where = { ...where, command: interaction.commandName };
        if (command) run = () => command.execute(interaction);
      } else if (interaction.isMessageContextMenuCommand()) {
        const command = messageCommands.get(interaction.commandName);
        where = { ...where, command: interaction.commandName };
        if (command) run = () => command.execute(interaction);
      } else if (interaction.isButton()) {
        const handle = commands.get(parseButtonId(interaction.customId).command)?.handleButton;
        where = { ...where, customId: interaction.customId };
        if (handle) run = () => handle(interaction);
      } else if (interaction.isModalSubmit()) {
        const id = parseButtonId(interaction.customId).command;
        const handle = (commands.get(id) ?? messageCommands.get(id))?.handleModal;
        where = { ...where, customId: interaction.customId };
        if (handle) run = () => handle(interaction);
      } else {
        return;
      }
      // What the member and the server bought, as Discord says it now: before any request is weighed.
      deps.paidPlans.observeInteraction(
        interaction.guildId,
        interaction.user.id,
        interaction.entitlements.map((entitlement) => factsOf(entitlement)),
      );
      // For the member's messages later, which carry no locale (i18n/voices.ts).
      deps.i18n.remember(interaction.user.id, interaction.locale);
      const respond = interactionResponder(
        interaction,
        deps.interactionRest,
        interactionVoices(deps.i18n, interaction),
      );
      // Shutting down: take no new work (what is running ends with a note).
      if (deps.shutdown.aborted) run = async () => void (await respond((t) => t.t('errors.restartingNow')));
      // A command, button or form this version does not know (removed, renamed, or crafted): say so
      // privately rather than leave Discord's "interaction failed".
      run ??= async () => {
        deps.logger.warn(where, 'interaction for no known command');
        const gone = interaction.isButton()
          ? 'errors.buttonGone'
          : interaction.isModalSubmit()
            ? 'errors.formGone'
            : 'errors.commandGone';
        await respond((t) => t.t(gone));
      };
      await withErrorBoundary(deps, where, respond, run);
    },
  } satisfies Event<Events.InteractionCreate>;
}
