/**
 * Every command the bot registers, explicitly: their registration JSON (no services needed), and
 * the commands built with the named services each uses (src/app/ calls `createCommands` once).
 */
import type {
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import type { Command, MessageCommand } from '../src/discord/command.js';
import { askData, createAskCommand } from './ask/index.js';
import { askAboutMessageData, createAskAboutMessageCommand } from './askAboutMessage/index.js';
import { budgetData, createBudgetCommand } from './budget.js';
import { configData, createConfigCommand } from './config/index.js';
import { createImagineCommand, imagineData } from './imagine.js';
import { createResetCommand, resetData } from './reset.js';
import { createSummarizeCommand, summarizeData } from './summarize.js';
import { createSystemCommand, systemData } from './system.js';
import { createUsageCommand, usageData } from './usage/index.js';

/** Every slash command's registration JSON, in the order they are registered. */
export const commandData: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  askData,
  imagineData,
  resetData,
  systemData,
  configData,
  usageData,
  budgetData,
];

/** Every message command's (Apps in a message's menu). */
export const messageCommandData: readonly RESTPostAPIContextMenuApplicationCommandsJSONBody[] = [
  askAboutMessageData,
  summarizeData,
];

/** What the commands read together: each factory's argument lists only what that command reads. */
export type CommandDeps = Parameters<typeof createAskCommand>[0] &
  Parameters<typeof createImagineCommand>[0] &
  Parameters<typeof createResetCommand>[0] &
  Parameters<typeof createSystemCommand>[0] &
  Parameters<typeof createConfigCommand>[0] &
  Parameters<typeof createUsageCommand>[0] &
  Parameters<typeof createBudgetCommand>[0] &
  Parameters<typeof createAskAboutMessageCommand>[0] &
  Parameters<typeof createSummarizeCommand>[0];

export interface Commands {
  readonly commands: readonly Command[];
  /** Some need an intent to be offered (src/app/ filters them). */
  readonly messageCommands: readonly MessageCommand[];
}

export function createCommands(deps: CommandDeps): Commands {
  return {
    commands: [
      createAskCommand(deps),
      createImagineCommand(deps),
      createResetCommand(deps),
      createSystemCommand(deps),
      createConfigCommand(deps),
      createUsageCommand(deps),
      createBudgetCommand(deps),
    ],
    messageCommands: [createAskAboutMessageCommand(deps), createSummarizeCommand(deps)],
  };
}
