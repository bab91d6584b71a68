/** Slash commands and button clicks: each reaches its command's handler behind the error boundary. */
import { Events } from 'discord.js';
import { parseButtonId } from '../discord/buttons.js';
import { interactionResponder, withErrorBoundary } from '../discord/errorBoundary.js';
import { RESTARTING_NOW } from '../discord/messages.js';
import type { Event } from './event.js';

export const COMMAND_GONE =
  'This command is not available (it may have been removed in an update). Type / to see the current ones.';
export const BUTTON_GONE = 'This button no longer works (it may be from an older version of the bot).';

export const interactionCreate = {
  name: Events.InteractionCreate,
  async execute({ context, commands }, interaction) {
    let run: (() => Promise<void>) | undefined;
    let where: Record<string, unknown> = { interactionId: interaction.id };
    if (interaction.isChatInputCommand()) {
      const command = commands.get(interaction.commandName);
      where = { ...where, command: interaction.commandName };
      if (command) run = () => command.execute(interaction, context);
    } else if (interaction.isButton()) {
      const handle = commands.get(parseButtonId(interaction.customId).command)?.handleButton;
      where = { ...where, customId: interaction.customId };
      if (handle) run = () => handle(interaction, context);
    } else {
      return;
    }
    const respond = interactionResponder(interaction, context.interactionRest);
    // Shutting down: take no new work (what is running ends with a note).
    if (context.shutdown.aborted) run = async () => void (await respond(RESTARTING_NOW));
    // A command or button this version does not know (removed, renamed, or crafted): say so
    // privately rather than leave Discord's "interaction failed".
    run ??= async () => {
      context.logger.warn(where, 'interaction for no known command');
      await respond(interaction.isButton() ? BUTTON_GONE : COMMAND_GONE);
    };
    await withErrorBoundary(context, where, respond, run);
  },
} satisfies Event<Events.InteractionCreate>;
