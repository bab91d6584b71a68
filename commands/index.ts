import type { Command, MessageCommand } from '../src/discord/command.js';
import { askCommand } from './ask/index.js';
import { askAboutMessageCommand } from './askAboutMessage/index.js';
import { budgetCommand } from './budget.js';
import { configCommand } from './config/index.js';
import { imagineCommand } from './imagine.js';
import { resetCommand } from './reset.js';
import { summarizeCommand } from './summarize.js';
import { systemCommand } from './system.js';
import { usageCommand } from './usage/index.js';

/** Every slash command the bot registers, explicitly. */
export const commands: readonly Command[] = [
  askCommand,
  imagineCommand,
  resetCommand,
  systemCommand,
  configCommand,
  usageCommand,
  budgetCommand,
];

/** Every message command (Apps in a message's menu), explicitly; some only with an intent (bot.ts). */
export const messageCommands: readonly MessageCommand[] = [askAboutMessageCommand, summarizeCommand];
