/**
 * Slash commands, button clicks and modal (form) submits: each reaches its command's handler
 * behind the error boundary.
 */
import { Events } from 'discord.js';
import { parseButtonId } from '../discord/buttons.js';
import { interactionResponder, withErrorBoundary } from '../discord/errorBoundary.js';
import { RESTARTING_NOW } from '../discord/messages.js';
import { FORM_GONE } from '../discord/modals.js';
import type { Event } from './event.js';

export const COMMAND_GONE =
  'This command is not available (it may have been removed in an update). Type / to see the current ones.';
export const BUTTON_GONE = 'This button no longer works (it may be from an older version of the bot).';

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
    const respond = interactionResponder(interaction, context.interactionRest);
    // Shutting down: take no new work (what is running ends with a note).
    if (context.shutdown.aborted) run = async () => void (await respond(RESTARTING_NOW));
    // A command, button or form this version does not know (removed, renamed, or crafted): say so
    // privately rather than leave Discord's "interaction failed".
    run ??= async () => {
      context.logger.warn(where, 'interaction for no known command');
      await respond(
        interaction.isButton() ? BUTTON_GONE : interaction.isModalSubmit() ? FORM_GONE : COMMAND_GONE,
      );
    };
    await withErrorBoundary(context, where, respond, run);
  },
} satisfies Event<Events.InteractionCreate>;
