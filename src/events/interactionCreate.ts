/**
 * Slash commands, button clicks and modal (form) submits: each reaches its command's handler
 * behind the error boundary.
 */
import { Events } from 'discord.js';
import { parseButtonId } from '../discord/buttons.js';
import { interactionResponder, withErrorBoundary } from '../discord/errorBoundary.js';
import { interactionVoices } from '../i18n/voices.js';
import type { Event } from './event.js';

export const interactionCreate = {
  name: Events.InteractionCreate,
  async execute({ context, commands, messageCommands }, interaction) {
    let run: (() => Promise<void>) | undefined;
    let where: Record<string, unknown> = { interactionId: interaction.id };
    if (interaction.isChatInputCommand()) {
      const command = commands.get(interaction.commandName);
      where = { ...where, command: interaction.commandName };
      if (command) run = () => command.execute(interaction, context);
    } else if (interaction.isMessageContextMenuCommand()) {
      const command = messageCommands.get(interaction.commandName);
      where = { ...where, command: interaction.commandName };
      if (command) run = () => command.execute(interaction, context);
    } else if (interaction.isButton()) {
      const handle = commands.get(parseButtonId(interaction.customId).command)?.handleButton;
      where = { ...where, customId: interaction.customId };
      if (handle) run = () => handle(interaction, context);
    } else if (interaction.isModalSubmit()) {
      const id = parseButtonId(interaction.customId).command;
      const handle = (commands.get(id) ?? messageCommands.get(id))?.handleModal;
      where = { ...where, customId: interaction.customId };
      if (handle) run = () => handle(interaction, context);
    } else {
      return;
    }
    // For the member's messages later, which carry no locale (i18n/voices.ts).
    context.i18n.remember(interaction.user.id, interaction.locale);
    const respond = interactionResponder(
      interaction,
      context.interactionRest,
      interactionVoices(context.i18n, interaction),
    );
    // Shutting down: take no new work (what is running ends with a note).
    if (context.shutdown.aborted) run = async () => void (await respond((t) => t.t('errors.restartingNow')));
    // A command, button or form this version does not know (removed, renamed, or crafted): say so
    // privately rather than leave Discord's "interaction failed".
    run ??= async () => {
      context.logger.warn(where, 'interaction for no known command');
      const gone = interaction.isButton()
        ? 'errors.buttonGone'
        : interaction.isModalSubmit()
          ? 'errors.formGone'
          : 'errors.commandGone';
      await respond((t) => t.t(gone));
    };
    await withErrorBoundary(context, where, respond, run);
  },
} satisfies Event<Events.InteractionCreate>;
