/** Slash commands and button clicks: each reaches its command's handler behind the error boundary. */
import { Events } from 'discord.js';
import { parseButtonId } from '../discord/buttons.js';
import { interactionResponder, withErrorBoundary } from '../discord/errorBoundary.js';
import type { Event } from './event.js';

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
    if (!run) {
      context.logger.warn(where, 'interaction for no known command');
      return;
    }
    await withErrorBoundary(context, where, interactionResponder(interaction, context.interactionRest), run);
  },
} satisfies Event<Events.InteractionCreate>;
